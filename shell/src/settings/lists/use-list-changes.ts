import {
  LIST_KIND_LABELS,
  type AddListEntryRequest,
  type ListEntryDto,
  type UpdateListEntryRequest,
} from '@caliber/contracts';
import { useToast } from '@caliber/ui-kit';
import { api } from '@caliber/web';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';

/** How long a change's message stays: read in a glance. */
const SAID_MS = 2500;

/** A rename, retirement or restoration of `entry`, sent with the version the screen read. */
export interface EntryChange {
  entry: ListEntryDto;
  change: Omit<UpdateListEntryRequest, 'version'>;
}

export interface ListChanges {
  add: UseMutationResult<ListEntryDto, Error, AddListEntryRequest>;
  update: UseMutationResult<ListEntryDto, Error, EntryChange>;
}

/** What a change did, in the toast. */
export function changeMessage({ entry, change }: EntryChange): string {
  if (change.name !== undefined)
    return `"${entry.name}" is now "${change.name.trim()}"; records carrying the old name follow.`;
  return change.retired ? `"${entry.name}" retired.` : `"${entry.name}" restored.`;
}

/** Why a change failed when the server gives no reason. */
export function changeFallback({ change }: EntryChange): string {
  if (change.name !== undefined) return 'Failed to rename.';
  return change.retired ? 'Failed to retire.' : 'Failed to restore.';
}

export function addFallback(kind: AddListEntryRequest['kind']): string {
  return `Failed to add the ${LIST_KIND_LABELS[kind].toLowerCase()}.`;
}

/**
 * The changes an Admin makes to the lists, as mutations: each says what it did in the toast and
 * asks the lists again (`reload`: the shared lists store, which `lists:changed` also reloads in
 * every other tab). A refusal is left to the form or button that sent it.
 */
export function useListChanges(reload: () => void): ListChanges {
  const toast = useToast();
  const add = useMutation({
    mutationFn: (body: AddListEntryRequest) => api.post<ListEntryDto>('/lists', body),
    onSuccess: (_entry, body) => {
      toast.success(`${LIST_KIND_LABELS[body.kind]} "${body.name.trim()}" added.`, { durationMs: SAID_MS });
      reload();
    },
  });
  const update = useMutation({
    mutationFn: ({ entry, change }: EntryChange) =>
      api.put<ListEntryDto>(`/lists/${entry._id}`, { ...change, version: entry.version }),
    onSuccess: (_entry, sent) => {
      toast.success(changeMessage(sent), { durationMs: SAID_MS });
      reload();
    },
  });
  return { add, update };
}
