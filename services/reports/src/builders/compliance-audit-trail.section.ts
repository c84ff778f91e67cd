import {
  AUDIT_SERVICE_LABELS,
  DOMAIN_SERVICE_NAMES,
  SUBJECTS,
  type AuditChainVerdict,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { Cell, TableBlock } from '../document/report-document';
import { count, fixedTable, type BuildContext } from './build-context';

/**
 * "Audit trail integrity": each service's audit hash chain, checked now by the service that owns
 * it (`<service>.audit.verify`): its rows, its head (seq and hash) and whether every row still
 * matches its hash and links to the one before. The head hashes are the anchors: kept with the
 * report, they let an auditor check later that the rows up to that head were not rewritten, which
 * the chain alone cannot show against someone with the database owner's rights.
 */
export async function auditTrailIntegrity(context: BuildContext): Promise<TableBlock> {
  // Asked of every service at once: each check is a full pass over that service's log, and one
  // that does not answer in time or fails is shown as not checked, never fails the whole report,
  // and never reads as intact.
  const answers = await Promise.allSettled(
    DOMAIN_SERVICE_NAMES.map((service) =>
      context.data.verifyAuditChain(SUBJECTS[service].auditVerify, context.user),
    ),
  );
  const rows: Cell[][] = DOMAIN_SERVICE_NAMES.map((service, index) => {
    const label = AUDIT_SERVICE_LABELS[service];
    const answer = answers[index] as PromiseSettledResult<AuditChainVerdict>;
    if (answer.status === 'rejected')
      return [label, '—', '—', '—', 'Not checked', notCheckedReason(answer.reason)];
    const verdict = answer.value;
    return [
      label,
      count(verdict.rows),
      count(verdict.headSeq),
      verdict.headHash,
      verdict.intact ? 'Intact' : 'Broken',
      verdict.firstBreak
        ? `Row ${verdict.firstBreak.seq}${verdict.firstBreak.id ? ` (id ${verdict.firstBreak.id})` : ''}: ${verdict.firstBreak.reason}`
        : howChecked(verdict),
    ];
  });
  return fixedTable(
    'Audit trail integrity',
    [
      { header: 'Records of', type: 'text', width: 16 },
      { header: 'Audit rows', type: 'text', width: 10 },
      { header: 'Last row', type: 'text', width: 10 },
      { header: 'Last row hash (SHA-256)', type: 'text', width: 34 },
      { header: 'Chain', type: 'text', width: 8 },
      { header: 'How checked, first break, or why not checked', type: 'text', width: 30 },
    ],
    rows,
    {
      note: 'Each audit row is sealed with a hash of its content and of the row before it, so a row changed, removed or re-ordered after it was written breaks the chain from that row on. Each report re-hashes the rows written since the last intact check and confirms the rows before it are all still there, ending in the same hash; every row is re-hashed when that was last done over a week ago, and by "npm run cli -- audit verify". Someone with the database owner\'s rights could rewrite and re-seal a whole chain: keep this report, and compare its last-row hashes with the same rows later ("npm run cli -- audit verify" prints them). "Not checked" means the service did not finish its check while the report was written (the first check, and one a week, re-hashes every row of its log): the chain may be intact or not; write the report again, or run the command.',
    },
  );
}

/**
 * Which rows an intact chain's check read: all of them, or those written since the last head
 * found intact (the rows before it were found intact then, and the check confirmed their last row
 * still has its hash and none was removed or added).
 */
export function howChecked(verdict: AuditChainVerdict): string {
  if (verdict.earlierVerifiedAt === null || verdict.checkedFromSeq <= 1) return 'Every row re-hashed now.';
  const since = verdict.earlierVerifiedAt.slice(0, 10);
  const before = verdict.checkedFromSeq - 1;
  if (verdict.checkedFromSeq > verdict.headSeq)
    return `No row since row ${count(before)}, found intact on ${since}; that row re-checked now.`;
  return `Rows ${count(verdict.checkedFromSeq)} to ${count(verdict.headSeq)} re-hashed now; rows up to ${count(before)} found intact on ${since}, their last row re-checked now.`;
}

/** Why a service's chain was not checked, in words for the report. */
function notCheckedReason(error: unknown): string {
  return error instanceof ServiceError ? error.message : 'The check could not be run.';
}
