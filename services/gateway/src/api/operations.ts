import { LISTS_OPERATIONS } from '../equipment/lists.operations';
import { LABELS_OPERATIONS } from '../labels/labels.operations';
import { RECALLS_OPERATIONS } from '../recalls/recalls.operations';
import { REPORTS_OPERATIONS } from '../reports/reports.operations';
import type { ApiOperation } from './operation';

/**
 * Every operation of the HTTP API, declared once each in its domain's `*.operations.ts`. The
 * gateway's routes, its calls over NATS, the OpenAPI document and the authorization matrix are
 * all derived from this list.
 */
export const OPERATIONS: readonly ApiOperation[] = [
  ...Object.values(LISTS_OPERATIONS),
  ...Object.values(RECALLS_OPERATIONS),
  ...Object.values(REPORTS_OPERATIONS),
  ...Object.values(LABELS_OPERATIONS),
];
