import { listEntryNameSchema } from '@caliber/contracts';
import { z } from 'zod';

/** What the add and rename forms hold while someone types. */
export interface EntryNameDraft {
  name: string;
}

export const NAME_MISSING = 'Type a name to add.';

/** Any issue of the contract's name rule (at most 100 characters, no control characters), on `name`. */
function contractIssues(name: string, context: z.RefinementCtx): void {
  const result = listEntryNameSchema.safeParse(name);
  if (!result.success)
    for (const issue of result.error.issues)
      context.addIssue({ code: 'custom', path: ['name'], message: issue.message });
}

/**
 * The add form: a name is needed ('Type a name to add.'), then the contract's own name rules. Duplicates
 * and former names are the server's to refuse: it knows the whole list, renamed entries included.
 */
export const addEntrySchema = z.custom<EntryNameDraft>().superRefine(({ name }, context) => {
  if (!name.trim()) context.addIssue({ code: 'custom', path: ['name'], message: NAME_MISSING });
  else contractIssues(name, context);
});

/**
 * The rename form: a blank or unchanged name is no rename (the form closes without a call), so
 * only the contract's name rules refuse.
 */
export const renameEntrySchema = z.custom<EntryNameDraft>().superRefine(({ name }, context) => {
  if (name.trim()) contractIssues(name, context);
});

/** Whether a typed new name renames the entry: not blank, and not the name it has. */
export function isRename(current: string, typed: string): boolean {
  const name = typed.trim();
  return name !== '' && name !== current;
}
