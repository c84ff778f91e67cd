import type { ListKind } from '@caliber/contracts';
import { Button, TextField } from '@caliber/ui-kit';
import { useState, type FormEvent } from 'react';
import type { ListChanges } from './use-list-changes';

/** One line to add an entry: a department, a category, or a ward of `parentId`. */
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
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const busy = changes.busy === `new:${kind}:${parentId ?? ''}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    if (await changes.add(kind, name, parentId)) setName('');
  }

  return (
    <form className="list-add" onSubmit={submit} noValidate>
      <TextField
        label={label}
        value={name}
        maxLength={100}
        error={missing ? 'Type a name to add.' : null}
        onChange={(event) => {
          setName(event.target.value);
          if (event.target.value.trim()) setMissing(false);
        }}
      />
      <Button type="submit" variant="secondary" busy={busy} busyLabel="Adding...">
        Add
      </Button>
    </form>
  );
}
