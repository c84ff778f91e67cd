import type {
  RecallActionDto,
  RecallActionsPage,
  RecallDto,
  RecallListResponse,
  RecallNoticeRequest,
  RecallPreview,
  TaskCreatedResponse,
} from '@caliber/contracts';
import { api, apiQuery, invalidates, recallKeys, useLiveQueryUpdates } from '@caliber/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * A device's recall count changes with every action closed or found, and an import may add
 * devices an open notice finds: every recall read follows.
 */
function useRecallsFollowDevices() {
  useLiveQueryUpdates(useQueryClient(), {
    'equipment:updated': invalidates(recallKeys.all),
    'equipment:imported': invalidates(recallKeys.all),
  });
}

/** One page of the recalls (open ones first), kept shown while another page or filter loads. */
export function useRecallList(query: string) {
  useRecallsFollowDevices();
  return useQuery({
    queryKey: recallKeys.list(query),
    queryFn: apiQuery<RecallListResponse>(`/recalls?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One notice as recorded, with how many devices it found and how many of them are closed. */
export function useRecall(id: string) {
  useRecallsFollowDevices();
  return useQuery({
    queryKey: recallKeys.detail(id),
    queryFn: apiQuery<RecallDto>(`/recalls/${encodeURIComponent(id)}`),
  });
}

/**
 * One page of the devices a notice found, each with its action (open ones first): a whole-model
 * notice finds thousands. The page shown stays while the next loads.
 */
export function useRecallActions(id: string, page: number) {
  useRecallsFollowDevices();
  const query = new URLSearchParams({ page: String(page) }).toString();
  return useQuery({
    queryKey: recallKeys.actions(id, query),
    queryFn: apiQuery<RecallActionsPage>(`/recalls/${encodeURIComponent(id)}/actions?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** The devices a notice as typed would find (nothing is written). */
export function useRecallPreview() {
  return useMutation({
    mutationFn: (body: RecallNoticeRequest) => api.post<RecallPreview>('/recalls/preview', body),
  });
}

/** A write of the recalls: the list and every notice read are asked again. */
function useRecallChange<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void client.invalidateQueries({ queryKey: recallKeys.all }),
  });
}

/** Records a new notice, or saves an edit of one (with the version read: a change meanwhile is refused). */
export function useSaveRecall(existing: RecallDto | null) {
  return useRecallChange((body: RecallNoticeRequest) =>
    existing
      ? api.put<RecallDto>(`/recalls/${encodeURIComponent(existing._id)}`, {
          ...body,
          version: existing.version,
        })
      : api.post<RecallDto>('/recalls', body),
  );
}

export type ActionClosure =
  | { closeWith: 'task'; taskId: string; version: number }
  | { closeWith: 'decision'; decision: string; version: number };

/** Closes one device's action, with a completed task on it or a written decision. */
export function useCloseAction(actionId: string) {
  return useRecallChange((closure: ActionClosure) =>
    api.put<RecallActionDto>(`/recall-actions/${encodeURIComponent(actionId)}`, closure),
  );
}

/** Closes a notice that found no device, with a written decision. */
export function useCloseRecall(recall: RecallDto) {
  return useRecallChange((decision: string) =>
    api.put<RecallDto>(`/recalls/${encodeURIComponent(recall._id)}/close`, {
      decision,
      version: recall.version,
    }),
  );
}

/** Opens a High-priority Repair task on an affected device (the notice itself does not change). */
export function useOpenRecallTask() {
  return useMutation({
    mutationFn: (body: {
      title: string;
      description: string;
      taskType: 'Repair';
      priority: 'High';
      equipmentId: string;
    }) => api.post<TaskCreatedResponse>('/tasks', body),
  });
}
