import type { ListKind } from '@caliber/contracts';
import { Button, ErrorBox } from '@caliber/ui-kit';
import { FormTextField, useContractForm } from '@caliber/web-forms';
import { addEntrySchema, type EntryNameDraft } from './list-forms';
import { addFallback, type ListChanges } from './use-list-changes';

/**
 * One line to add an entry: a department, a category, or a ward of `parentId`. A blank name is
 * refused here ('Type a name to add.'); the server's refusal (a name the list has, or had) shows
 * above the line. Once added, the line is empty for the next one.
 */
export function AddEntryForm({
  kind,
  label,
  parentId,
  changes,
}: {
  kind: ListKind;
  label: string;
  parentId?: string;
  changes: ListChanges;
}) {
  const form = useContractForm<EntryNameDraft>({ schema: addEntrySchema, defaultValues: { name: '' } });
  const submit = form.submitWith(async ({ name }) => {
    await changes.add.mutateAsync({ kind, name, ...(parentId ? { parentId } : {}) });
    form.reset({ name: '' });
  }, addFallback(kind));

  return (
    <form className="list-add" onSubmit={(event) => void submit(event)} noValidate>
      {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
      <FormTextField form={form} name="name" label={label} maxLength={100} />
      <Button type="submit" variant="secondary" busy={form.formState.isSubmitting} busyLabel="Adding...">
        Add
      </Button>
    </form>
  );
}
