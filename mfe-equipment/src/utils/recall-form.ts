import {
  recallNoticeSchema,
  type RecallDto,
  type RecallNoticeRequest,
  type RecallSource,
} from '@caliber/contracts';
import { z } from 'zod';

/*
 * The new-notice form's texts and what it sends. No DOM here, so it is tested under Node.
 */

/** The form as typed: lists are one item a line (or separated by commas). */
export interface RecallForm {
  source: RecallSource;
  sourceReference: string;
  title: string;
  manufacturer: string;
  models: string;
  serialNumbers: string;
  serialRanges: string;
  lotNumbers: string;
  udiDi: string;
  hazard: string;
  actionRequired: string;
  publishedOn: string;
}

export const EMPTY_RECALL_FORM: RecallForm = {
  source: 'FDA',
  sourceReference: '',
  title: '',
  manufacturer: '',
  models: '',
  serialNumbers: '',
  serialRanges: '',
  lotNumbers: '',
  udiDi: '',
  hazard: '',
  actionRequired: '',
  publishedOn: '',
};

/** Items one a line or separated by commas, blank ones left out. */
export function listOf(text: string): string[] {
  return text
    .split(/[\n,;]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Ranges one a line, written "SN0099 to SN0150" (or with an en dash, an em dash or ".."): a plain
 * hyphen is not a separator, because serial numbers often carry one ('SN-0099 to SN-0150').
 * A line without a separator is sent as a range from itself to itself, which the server refuses
 * with its message when it is not a serial ending in a number.
 */
export function rangesOf(text: string): { from: string; to: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [from = '', to = from] = line.split(/\s+to\s+|\s*[–—]\s*|\s*\.\.\s*/i).map((part) => part.trim());
      return { from, to };
    });
}

/** The request body of a notice as typed. */
export function recallRequest(form: RecallForm): RecallNoticeRequest {
  return {
    source: form.source,
    sourceReference: form.sourceReference,
    title: form.title,
    manufacturer: form.manufacturer,
    models: listOf(form.models),
    serialNumbers: listOf(form.serialNumbers),
    serialRanges: rangesOf(form.serialRanges),
    lotNumbers: listOf(form.lotNumbers),
    udiDi: form.udiDi.trim() || null,
    hazard: form.hazard,
    actionRequired: form.actionRequired,
    publishedOn: form.publishedOn,
  };
}

/** "2 of 5 devices closed", or that the notice found none. */
export function progressLine(affected: number, closed: number): string {
  if (affected === 0) return 'No device of the inventory matches it.';
  return `${closed} of ${affected} ${affected === 1 ? 'device' : 'devices'} closed`;
}

/** The title and description of the task "Open a task" creates for one affected device. */
export function recallTask(recall: { sourceReference: string; title: string; actionRequired: string }): {
  title: string;
  description: string;
} {
  return {
    title: `Recall ${recall.sourceReference}: ${recall.title}`.slice(0, 200),
    description: `Action required by recall ${recall.sourceReference}: ${recall.actionRequired}`.slice(
      0,
      4000,
    ),
  };
}

/** A recorded notice as the form shows it for an edit: lists one a line, ranges "FROM to TO". */
export function formOf(recall: RecallDto): RecallForm {
  return {
    source: recall.source,
    sourceReference: recall.sourceReference,
    title: recall.title,
    manufacturer: recall.manufacturer,
    models: recall.models.join('\n'),
    serialNumbers: recall.serialNumbers.join('\n'),
    serialRanges: recall.serialRanges.map((range) => `${range.from} to ${range.to}`).join('\n'),
    lotNumbers: recall.lotNumbers.join('\n'),
    udiDi: recall.udiDi ?? '',
    hazard: recall.hazard,
    actionRequired: recall.actionRequired,
    publishedOn: recall.publishedOn,
  };
}

/** react-hook-form's form-level error (`FORM_ISSUE` of `@caliber/web-forms`): shown above the form. */
const FORM_ISSUE = 'root';

/**
 * The form's rules: the notice as it would be sent (`recallRequest`) checked by the contract's own
 * schema, each message under the field it is about (a model, serial range or lot under its list),
 * the first one for each field. So the form refuses here exactly what the server would.
 */
export const recallFormSchema = z.custom<RecallForm>().superRefine((form, context) => {
  const parsed = recallNoticeSchema.safeParse(recallRequest(form));
  if (parsed.success) return;
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : FORM_ISSUE;
    if (seen.has(field)) continue;
    seen.add(field);
    context.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
});
