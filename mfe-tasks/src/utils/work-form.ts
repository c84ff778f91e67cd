import {
  formatSpareParts,
  parseSpareParts,
  recordWorkSchema,
  type RecordWorkRequest,
  type SparePart,
  type SparePartLineError,
  type TaskDto,
} from '@caliber/contracts';
import { z } from 'zod';
import { fieldIssues } from './form-issues';

/** The work form as typed: every field is text until it is sent. */
export interface WorkDraft {
  faultDescription: string;
  repairDetails: string;
  spareParts: string;
  labourHours: string;
}

/** The form filled with what the task already records, so the work can be edited again. */
export function workDraftOf(task: TaskDto): WorkDraft {
  return {
    faultDescription: task.faultDescription ?? '',
    repairDetails: task.repairDetails ?? '',
    spareParts: formatSpareParts(task.spareParts),
    labourHours: task.labourHours === null ? '' : String(task.labourHours),
  };
}

export type WorkCheck =
  | { ok: true; body: RecordWorkRequest }
  | { ok: false; partErrors: SparePartLineError[]; fieldErrors: Map<string, string> };

/**
 * The request for a work form, or why it cannot be sent: a spare-parts line that is not a part,
 * or a field the contract refuses (too long, hours out of range). A part already on the task keeps
 * its unit cost when its line is kept (the form's text has no place for it).
 */
export function checkWorkDraft(draft: WorkDraft, task: TaskDto): WorkCheck {
  const parsed = parseSpareParts(draft.spareParts);
  const hoursText = draft.labourHours.trim();
  const body: RecordWorkRequest = {
    faultDescription: draft.faultDescription,
    repairDetails: draft.repairDetails,
    sparePartsUsed: parsed.parts.map((part) => withKnownCost(part, task.spareParts)),
    labourHours: hoursText === '' ? null : Number(hoursText),
    version: task.version,
  };
  const result = recordWorkSchema.safeParse(body);
  if (parsed.errors.length > 0 || !result.success)
    return { ok: false, partErrors: parsed.errors, fieldErrors: fieldIssues(result.error) };
  return { ok: true, body };
}

function withKnownCost(part: SparePart, known: readonly SparePart[]) {
  const same = known.find(
    (other) =>
      other.unitCost !== null &&
      other.name.toLowerCase() === part.name.toLowerCase() &&
      other.description === part.description,
  );
  return {
    name: part.name,
    quantity: part.quantity,
    description: part.description,
    ...(same ? { unitCost: same.unitCost } : {}),
  };
}

/** react-hook-form's form-level error (`FORM_ISSUE` of `@caliber/web-forms`): shown above the form. */
const FORM_ISSUE = 'root';

/** What the form says above its fields when a spare-parts line is not a part. */
export const PARTS_MESSAGE = 'Correct the spare parts lines shown below before saving.';

/** The contract's field for the parts, named as the form's field that holds them. */
const FORM_FIELDS: Record<string, keyof WorkDraft> = { sparePartsUsed: 'spareParts' };

/**
 * The work form's schema: `checkWorkDraft` over what is typed. A field the contract refuses shows
 * its message under it; a spare-parts line that is not a part marks the parts field (the lines'
 * own messages are listed under it). Above the form: the parts' message, else the first field's.
 */
export function workDraftSchema(task: TaskDto) {
  return z.custom<WorkDraft>().superRefine((draft, context) => {
    const check = checkWorkDraft(draft, task);
    if (check.ok) return;
    const issues: [string, string][] = [...check.fieldErrors].map(([field, message]) => [
      FORM_FIELDS[field] ?? field,
      message,
    ]);
    if (check.partErrors.length > 0) issues.unshift(['spareParts', PARTS_MESSAGE]);
    const known = new Set<string>(['faultDescription', 'repairDetails', 'spareParts', 'labourHours']);
    for (const [field, message] of issues)
      if (known.has(field)) context.addIssue({ code: 'custom', path: [field], message });
    context.addIssue({
      code: 'custom',
      path: [FORM_ISSUE],
      message:
        check.partErrors.length > 0 ? PARTS_MESSAGE : (issues[0]?.[1] ?? 'Failed to save work details'),
    });
  });
}
