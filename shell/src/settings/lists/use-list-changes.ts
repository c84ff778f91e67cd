import {
  LIST_KIND_LABELS,
  type AddListEntryRequest,
  type ListEntryDto,
  type ListKind,
  type UpdateListEntryRequest,
} from '@caliber/contracts';
import { api, errorMessage } from '@caliber/web';
import { useState } from 'react';

export interface ListChanges {
  /** The entry (or `new:<kind>:<parent>`) a change is under way for. */
  busy: string | null;
  error: string | null;
  add(kind: ListKind, name: string, parentId?: string): Promise<boolean>;
  rename(entry: ListEntryDto, name: string): Promise<boolean>;
  setRetired(entry: ListEntryDto, retired: boolean): Promise<boolean>;
}

/**
 * The changes an Admin makes to the lists, one at a time: each says what it did (`done`) or why it
 * was refused (the server's message), and answers whether it went through.
 */
export function useListChanges(done: (message: string) => void): ListChanges {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(key: string, call: () => Promise<unknown>, message: string, fallback: string) {
    setBusy(key);
    setError(null);
    try {
      await call();
      done(message);
      return true;
    } catch (failure) {
      setError(errorMessage(failure, fallback));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    error,
    add: (kind, name, parentId) => {
      const body: AddListEntryRequest = { kind, name, ...(parentId ? { parentId } : {}) };
      return run(
        `new:${kind}:${parentId ?? ''}`,
        () => api.post<ListEntryDto>('/lists', body),
        `${LIST_KIND_LABELS[kind]} "${name.trim()}" added.`,
        `Failed to add the ${LIST_KIND_LABELS[kind].toLowerCase()}.`,
      );
    },
    rename: (entry, name) => {
      const body: UpdateListEntryRequest = { name, version: entry.version };
      return run(
        entry._id,
        () => api.put<ListEntryDto>(`/lists/${entry._id}`, body),
        `"${entry.name}" is now "${name.trim()}"; records carrying the old name follow.`,
        'Failed to rename.',
      );
    },
    setRetired: (entry, retired) => {
      const body: UpdateListEntryRequest = { retired, version: entry.version };
      return run(
        entry._id,
        () => api.put<ListEntryDto>(`/lists/${entry._id}`, body),
        retired ? `"${entry.name}" retired.` : `"${entry.name}" restored.`,
        retired ? 'Failed to retire.' : 'Failed to restore.',
      );
    },
  };
}
