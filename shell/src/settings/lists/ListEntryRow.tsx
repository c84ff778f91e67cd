import { byName, departmentLabel, type DepartmentEntryDto, type ListEntryDto } from '@caliber/contracts';
import { Badge, Button, ErrorBox, useToast } from '@caliber/ui-kit';
import { errorMessage, useProductName } from '@caliber/web';
import { FormTextField, useContractForm } from '@caliber/web-forms';
import { useState } from 'react';
import { AddEntryForm } from './AddEntryForm';
import { isRename, renameEntrySchema, type EntryNameDraft } from './list-forms';
import { changeFallback, type EntryChange, type ListChanges } from './use-list-changes';

const isDepartment = (entry: ListEntryDto | DepartmentEntryDto): entry is DepartmentEntryDto =>
  entry.kind === 'department' && 'wards' in entry;

/**
 * One entry of a list: its name (the product's name for the biomedical department itself), its
 * former names, whether it is retired, and for a department its wards. An Admin renames, retires,
 * restores, and adds wards here.
 */
export function ListEntryRow({
  entry,
  canChange,
  changes,
}: {
  entry: ListEntryDto | DepartmentEntryDto;
  canChange: boolean;
  changes: ListChanges;
}) {
  const product = useProductName();
  const [renaming, setRenaming] = useState(false);
  const [addingWard, setAddingWard] = useState(false);
  const toast = useToast();
  const { update } = changes;
  const busy = update.isPending && update.variables.entry._id === entry._id;
  const shown = departmentLabel(entry.name, product);
  const wards = isDepartment(entry) ? [...entry.wards].sort((a, b) => byName(a.name, b.name)) : [];

  return (
    <li className={`list-entry${entry.retired ? ' list-entry--retired' : ''}`}>
      <div className="list-entry__main">
        {renaming ? (
          <RenameForm entry={entry} changes={changes} onDone={() => setRenaming(false)} />
        ) : (
          <div className="list-entry__text">
            <span className="list-entry__name">{shown}</span>
            {entry.retired ? <Badge tone="grey">Retired</Badge> : null}
            {entry.formerNames.length ? (
              <span className="list-entry__former">
                Formerly {entry.formerNames.map((old) => old.name).join(', ')}
              </span>
            ) : null}
          </div>
        )}
        {canChange && !renaming ? (
          <div className="list-entry__actions">
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => setRenaming(true)}
              aria-label={`Rename ${shown}`}
            >
              Rename
            </Button>
            <Button
              variant="ghost"
              busy={busy}
              busyLabel="Saving..."
              onClick={() => {
                const sent: EntryChange = { entry, change: { retired: !entry.retired } };
                update.mutate(sent, {
                  onError: (failure) => toast.error(errorMessage(failure, changeFallback(sent))),
                });
              }}
              aria-label={`${entry.retired ? 'Restore' : 'Retire'} ${shown}`}
            >
              {entry.retired ? 'Restore' : 'Retire'}
            </Button>
            {isDepartment(entry) && !entry.retired ? (
              <Button
                variant="ghost"
                onClick={() => setAddingWard(!addingWard)}
                aria-expanded={addingWard}
                aria-label={`Add ward to ${shown}`}
              >
                Add ward
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {wards.length || addingWard ? (
        <div className="list-entry__wards">
          {wards.length ? (
            <ul aria-label={`Wards of ${shown}`}>
              {wards.map((ward) => (
                <ListEntryRow key={ward._id} entry={ward} canChange={canChange} changes={changes} />
              ))}
            </ul>
          ) : null}
          {addingWard ? (
            <AddEntryForm kind="ward" label={`New ward of ${shown}`} parentId={entry._id} changes={changes} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The rename line: the new name, saved on Enter or Save; Escape, Cancel, or a name left blank or
 * unchanged closes it without a call. The server's refusal shows above the line, which stays open.
 */
function RenameForm({
  entry,
  changes,
  onDone,
}: {
  entry: ListEntryDto;
  changes: ListChanges;
  onDone(): void;
}) {
  const form = useContractForm<EntryNameDraft>({
    schema: renameEntrySchema,
    defaultValues: { name: entry.name },
  });
  const busy = form.formState.isSubmitting;
  const submit = form.submitWith(async ({ name }) => {
    if (!isRename(entry.name, name)) return onDone();
    await changes.update.mutateAsync({ entry, change: { name } });
    onDone();
  }, 'Failed to rename.');

  return (
    <form
      className="list-add"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Rename ${entry.name}`}
    >
      {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
      <FormTextField
        form={form}
        name="name"
        label={`New name for ${entry.name}`}
        maxLength={100}
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
      />
      <Button type="submit" busy={busy} busyLabel="Saving...">
        Save
      </Button>
      <Button variant="secondary" disabled={busy} onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}
