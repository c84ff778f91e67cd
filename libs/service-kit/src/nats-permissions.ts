import { DOMAIN_SERVICE_NAMES, EVENT_SUBJECT_PREFIX, SERVICE_CALLS } from '@caliber/contracts';

/** What one NATS user may do: the subjects it may publish to and subscribe to. */
export interface NatsPermissions {
  publish: readonly string[];
  subscribe: readonly string[];
  /** May answer the requests it received (publish to their reply subjects), and nothing more. */
  allowResponses: boolean;
}

/** Requests wait for their answer on an inbox subject of this prefix (the NATS default). */
export const NATS_INBOX_PREFIX = '_INBOX';

export const GATEWAY_NATS_USER = 'gateway';

/**
 * Where a domain service reads the answers to its own requests (to another service). Each has
 * its own prefix, so no service can read the answers meant for the gateway or another service.
 */
export function serviceInboxPrefix(service: string): string {
  return `${NATS_INBOX_PREFIX}_${service}`;
}

/**
 * Each process's NATS user and the least it needs, by user name:
 * - the gateway asks the domain services (`<service>.>`), reads its answers on its inbox, and
 *   listens to every domain event to forward it to browsers; it publishes no event;
 * - a domain service `x` serves `x.>` (in its queue group), answers what it was asked, and
 *   publishes its own events `events.x.>` only; a service that calls another (`SERVICE_CALLS`)
 *   may also publish exactly those subjects and read answers on its own inbox prefix; equipment
 *   and maintenance also read their own events, to drop what their replicas keep on a write;
 * So a service cannot answer as another, publish another's events, or call another's subjects,
 * and a process that lost its credentials is not on the bus at all.
 */
/**
 * Services whose replicas keep list answers (filter options, kept counts) and drop them on the
 * service's own events, whichever replica wrote (`OwnEventsCache`): they read those events only.
 */
const FOLLOWS_OWN_EVENTS: ReadonlySet<string> = new Set(['equipment', 'maintenance']);

export function natsPermissionsByUser(): Record<string, NatsPermissions> {
  return {
    [GATEWAY_NATS_USER]: {
      publish: DOMAIN_SERVICE_NAMES.map((name) => `${name}.>`),
      subscribe: [`${NATS_INBOX_PREFIX}.>`, `${EVENT_SUBJECT_PREFIX}.>`],
      allowResponses: false,
    },
    ...Object.fromEntries(
      DOMAIN_SERVICE_NAMES.map((name) => {
        const calls = SERVICE_CALLS[name] ?? [];
        const permissions: NatsPermissions = {
          publish: [`${EVENT_SUBJECT_PREFIX}.${name}.>`, ...calls],
          subscribe: [
            `${name}.>`,
            ...(calls.length > 0 ? [`${serviceInboxPrefix(name)}.>`] : []),
            ...(FOLLOWS_OWN_EVENTS.has(name) ? [`${EVENT_SUBJECT_PREFIX}.${name}.>`] : []),
          ],
          allowResponses: true,
        };
        return [name, permissions];
      }),
    ),
  };
}

export interface NatsUser {
  user: string;
  password: string;
  /** Without permissions the user may do everything (only the test harness's observer). */
  permissions?: NatsPermissions;
}

const quoted = (value: string) => JSON.stringify(value);
const list = (values: readonly string[]) => `[${values.map(quoted).join(', ')}]`;

/**
 * The `authorization` block of a nats-server configuration file for these users. With it, a
 * connection without a known user and password is refused, and a publish or subscribe outside a
 * user's permissions is refused by the server (the client is told "Permissions Violation").
 */
export function natsAuthorizationConfig(users: readonly NatsUser[]): string {
  const entries = users.map(({ user, password, permissions }) => {
    const fields = [`user: ${quoted(user)}`, `password: ${quoted(password)}`];
    if (permissions)
      fields.push(
        `permissions: { publish: { allow: ${list(permissions.publish)} }, subscribe: { allow: ${list(permissions.subscribe)} }${permissions.allowResponses ? ', allow_responses: true' : ''} }`,
      );
    return `    { ${fields.join(', ')} }`;
  });
  return `authorization {\n  users = [\n${entries.join('\n')}\n  ]\n}\n`;
}
