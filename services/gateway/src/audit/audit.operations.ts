import { auditTrailPageSchema, auditTrailQuerySchema } from '@caliber/contracts';
import { operation, SUPERVISORS, type ApiOperation } from '../api/operation';
import { COMMON_REFUSALS } from '../api/refusals';

/** The audit trail of every service, merged by the gateway (`AuditController`). */
export const AUDIT_OPERATIONS = {
  getAuditTrail: operation({
    operationId: 'getAuditTrail',
    method: 'get',
    path: '/api/audit',
    tag: 'Operations',
    summary: 'One page of the audit trail of every service, newest first (Engineers, Managers and Admins)',
    description:
      "Who changed what and when, with each field's old and new value, read from each service's own audit log and merged by time. Filters: `equipment` (the device a change concerns), `person` (changes the person made, and changes to their staff record), `from` and `to` (days on the hospital's calendar, both included). Answers `{rows, next}`; pass `next` back as `cursor` for the next, older page (null: no older rows). The cursor holds each service's own position, so paging never skips or repeats a row. Technicians are refused: the rows hold staff's personal details.",
    // The rows hold staff's personal details (phone numbers, sign-ins): not for Technicians.
    callers: SUPERVISORS,
    query: auditTrailQuerySchema,
    answer: { status: 200, description: '`AuditTrailPage`', schema: auditTrailPageSchema },
    refusals: { 400: 'A filter or the cursor is not valid.', 503: COMMON_REFUSALS[503] },
  }),
} as const satisfies Record<string, ApiOperation>;
