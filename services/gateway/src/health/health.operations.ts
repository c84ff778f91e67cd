import {
  healthResponseSchema,
  publicHealthResponseSchema,
  readinessResponseSchema,
} from '@caliber/contracts';
import { ENGINEERS, operation, type ApiOperation } from '../api/operation';

/**
 * What every address of the gateway is refused before any route runs, probes included: a
 * percent-escape that is not UTF-8 or that holds a NUL (`/api/health?x=%ff`).
 */
const UNREADABLE_ADDRESS = {
  400: 'The address is not valid text: a percent-escape that is not UTF-8, or a NUL.',
} as const;

/** The probes of load balancers, orchestrators and uptime monitors, and the details for staff. */
export const HEALTH_OPERATIONS = {
  getHealth: operation({
    operationId: 'getHealth',
    method: 'get',
    path: '/api/health',
    tag: 'Operations',
    summary: 'Up or down: PostgreSQL, NATS, Redis and each service',
    description:
      'Answers `{status, checks}` with only `status` per part; the details are for Engineers and Admins.',
    callers: 'anyone',
    answer: { status: 200, description: 'All up.', schema: publicHealthResponseSchema },
    refusals: UNREADABLE_ADDRESS,
    otherAnswers: {
      503: {
        description: 'Something is down; the body says which part.',
        schema: publicHealthResponseSchema,
      },
    },
  }),
  getHealthReady: operation({
    operationId: 'getHealthReady',
    method: 'get',
    path: '/api/health/ready',
    tag: 'Operations',
    summary: 'Whether this gateway replica can take requests: it reaches NATS (the readiness probe)',
    description:
      'Does not follow the domain services: one service down must not take every gateway replica out of service.',
    callers: 'anyone',
    answer: { status: 200, description: '`{status: "ok"}`', schema: readinessResponseSchema },
    refusals: UNREADABLE_ADDRESS,
    otherAnswers: {
      503: {
        description: '`{status: "unavailable"}`: NATS cannot be reached.',
        schema: readinessResponseSchema,
      },
    },
  }),
  getHealthDetails: operation({
    operationId: 'getHealthDetails',
    method: 'get',
    path: '/api/health/details',
    tag: 'Operations',
    summary: 'Each part with its latency and error, the version and the uptime (Engineers and Admins)',
    callers: ENGINEERS,
    answer: { status: 200, description: 'All up.', schema: healthResponseSchema },
    otherAnswers: {
      503: { description: 'Something is down; the body says what and why.', schema: healthResponseSchema },
    },
  }),
} as const satisfies Record<string, ApiOperation>;
