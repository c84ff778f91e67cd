import type {
  CreateUserRequest,
  RosterImportPreview,
  RosterImportResult,
  UpdateUserRequest,
  UserDto,
  UserListResponse,
} from '@caliber/contracts';
import { api, apiQuery, apiRequest, invalidates, useLiveQueryUpdates, userKeys } from '@caliber/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rosterFileQuery } from '../utils/roster-file';
import { userListQuery, type UserListFilters } from '../utils/user-list-query';

/**
 * One page of the roster (12 a page). While another page or filter loads, the page shown stays
 * (`keepPreviousData`); a roster change made anywhere (`user:changed`) asks again while live
 * updates are on.
 */
export function useUserList(filters: UserListFilters) {
  const client = useQueryClient();
  useLiveQueryUpdates(client, { 'user:changed': invalidates(userKeys.all) });
  const query = userListQuery(filters);
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: apiQuery<UserListResponse>(`/users?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** A save of the roster: adding, editing or deleting someone. Every page of the list is asked again. */
function useRosterChange<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Not awaited: the dialog closes at once, and the list follows when its answer comes.
    onSuccess: () => void client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useAddUser() {
  return useRosterChange((body: CreateUserRequest) => api.post<UserDto>('/users', body));
}

export function useUpdateUser() {
  return useRosterChange(({ id, body }: { id: string; body: UpdateUserRequest }) =>
    api.put<UserDto>(`/users/${encodeURIComponent(id)}`, body),
  );
}

export function useDeleteUser() {
  return useRosterChange((id: string) => api.delete<{ _id: string }>(`/users/${encodeURIComponent(id)}`));
}

/** A file refused before it is sent (not a roster file, too large, empty): its own message. */
export class RosterFileProblem extends Error {}

/**
 * Sends a roster file as the body of a preview or an import, as the browser streams it (no base64,
 * no form), its name in the query; checked first as the server will check it.
 */
function sendRosterFile<T>(path: '/users/import/preview' | '/users/import', file: File): Promise<T> {
  const check = rosterFileQuery(file);
  if (!check.ok) return Promise.reject(new RosterFileProblem(check.message));
  return apiRequest<T>('POST', `${path}?${check.query}`, { file });
}

/** What importing a roster file would do, row by row (nothing is written). */
export function previewRosterFile(file: File): Promise<RosterImportPreview> {
  return sendRosterFile<RosterImportPreview>('/users/import/preview', file);
}

/** Applies a previewed roster file (every valid row, in one transaction on the server). */
export function useImportRoster() {
  return useRosterChange((file: File) => sendRosterFile<RosterImportResult>('/users/import', file));
}
