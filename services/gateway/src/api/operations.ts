import { EQUIPMENT_OPERATIONS } from '../equipment/equipment.operations';
import { SAFETY_OPERATIONS } from '../safety/safety.operations';
import { TASKS_OPERATIONS } from '../tasks/tasks.operations';
import type { ApiOperation } from './operation';

/**
 * Every operation of the HTTP API, declared once each in its domain's `*.operations.ts`. The
 * gateway's routes, its calls over NATS, the OpenAPI document and the authorization matrix are
 * all derived from this list.
 */
export const OPERATIONS: readonly ApiOperation[] = [
  ...Object.values(EQUIPMENT_OPERATIONS),
  ...Object.values(TASKS_OPERATIONS),
  ...Object.values(SAFETY_OPERATIONS),
];
