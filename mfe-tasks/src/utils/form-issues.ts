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

/** The first field (in the form's order) that has an issue, to move focus there. */
export function firstInvalid(issues: ReadonlyMap<string, string>, order: readonly string[]): string | null {
  return order.find((field) => issues.has(field)) ?? null;
}

/**
 * What a failed create shows: the server's message, else the error's own message, else the
 * fallback. A refused call's error carries the server's message as its own.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
