import type { DepartmentCover, OnCallShift, RemovedRecord, UserListResponse } from '@caliber/contracts';
import { api, apiQuery } from '@caliber/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The on-call screen's queries: one department's cover, and the Engineers who may cover it. */
export const onCallKeys = {
  all: ['on-call'] as const,
  cover: (department: string) => [...onCallKeys.all, 'cover', department] as const,
  engineers: () => [...onCallKeys.all, 'engineers'] as const,
};

/** The shifts a page shows: the service's most (a department holds at most 500 ahead). */
export const ON_CALL_PAGE_SIZE = 100;

/** A department's cover and the first page of its rota ahead; nothing asked until one is chosen. */
export function useDepartmentCover(department: string, page: number) {
  const query = new URLSearchParams({ department, page: String(page), limit: String(ON_CALL_PAGE_SIZE) });
  return useQuery({
    queryKey: [...onCallKeys.cover(department), page],
    queryFn: apiQuery<DepartmentCover>(`/on-call?${query.toString()}`),
    enabled: department !== '',
  });
}

/** The active Engineers of the roster, the people a shift may name (the first 100 by name). */
export function useEngineers() {
  return useQuery({
    queryKey: onCallKeys.engineers(),
    queryFn: apiQuery<UserListResponse>('/users?role=Engineer&active=true&limit=100'),
  });
}

export interface NewShift {
  department: string;
  engineerId: string;
  from: string;
  to: string;
}

export function useAddShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shift: NewShift) => api.post<OnCallShift>('/on-call/shifts', shift),
    onSuccess: () => void client.invalidateQueries({ queryKey: onCallKeys.all }),
  });
}

export function useRemoveShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<RemovedRecord>(`/on-call/shifts/${encodeURIComponent(id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: onCallKeys.all }),
  });
}
