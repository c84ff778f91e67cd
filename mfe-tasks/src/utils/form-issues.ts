import { z } from 'zod';

/** What a zod `safeParse` failure carries that a form needs. */
export interface IssueList {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * The contract's refusal of a form's body, by field: the first message for each top-level field
 * (a form marks those fields invalid and shows the message under each). Issues about the whole
 * body are kept under ''.
 */
export function fieldIssues(error: IssueList | undefined): Map<string, string> {
  const fields = new Map<string, string>();
  for (const issue of error?.issues ?? []) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (!fields.has(field)) fields.set(field, issue.message);
  }
  return fields;
}

/** Whether any of `fields` has an issue. */
export function anyOf(issues: ReadonlyMap<string, string>, fields: readonly string[]): boolean {
  return fields.some((field) => issues.has(field));
}

/** react-hook-form's form-level error (`FORM_ISSUE` of `@caliber/web-forms`): shown above the form. */
const FORM_ISSUE = 'root';

/**
 * Why a draft cannot be sent: each field's message (`MARKED_ONLY` only marks the field invalid)
 * and the line above the form, if any.
 */
export interface DraftVerdict {
  fields: ReadonlyMap<string, string>;
  message: string | null;
}

/**
 * A task form's schema for `useContractForm`: `judge` checks the draft as typed (the contract's
 * schema and the form's own required fields) and answers what is wrong, or null when it may be
 * sent. Each field's issue goes under that field, the message above the form.
 */
export function draftSchema<T>(judge: (draft: T) => DraftVerdict | null) {
  return z.custom<T>().superRefine((draft, context) => {
    const verdict = judge(draft);
    if (!verdict) return;
    for (const [field, message] of verdict.fields)
      context.addIssue({ code: 'custom', path: [field], message });
    if (verdict.message) context.addIssue({ code: 'custom', path: [FORM_ISSUE], message: verdict.message });
  });
}

/**
 * The message of a field that is only marked invalid, its words being in the line above the form.
 * Blank rather than empty: zod replaces an empty message with its own 'Invalid input'.
 */
export const MARKED_ONLY = ' ';

/**
 * The fields' messages when the line above the form already says what to do (a required field
 * missing): each field is only marked, so the same words are not repeated under every field.
 */
export function markedOnly(issues: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...issues.keys()].map((field) => [field, MARKED_ONLY]));
}
