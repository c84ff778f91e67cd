import type {
  CreateUserRequest,
  RosterImportRequest,
  RosterImportResult,
  UpdateUserRequest,
  UserDto,
  UserListResponse,
} from '@caliber/contracts';
import { api, apiQuery, invalidates, useLiveQueryUpdates, userKeys } from '@caliber/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Applies a previewed roster file (every valid row, in one transaction on the server). */
export function useImportRoster() {
  return useRosterChange((body: RosterImportRequest) => api.post<RosterImportResult>('/users/import', body));
}
