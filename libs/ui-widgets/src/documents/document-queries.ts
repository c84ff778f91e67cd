// The documents' server state: TanStack Query hooks. They live with the panel that uses them, not in
// `@caliber/web`, because that library is loaded by the sign-in page, which must not download the
// server-state library of the screens behind sign-in.
import type { DocumentDto, DocumentPage, DocumentPurpose } from '@caliber/contracts';
import { api, apiQuery, documentKeys, documentPath, uploadDocument } from '@caliber/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A page of a record's documents, newest first. */
export function useDocuments(recordPath: string, page: number, enabled = true) {
  return useQuery({
    queryKey: documentKeys.page(recordPath, page),
    queryFn: apiQuery<DocumentPage>(`${recordPath}/documents?page=${page}&limit=20`),
    enabled,
  });
}

/** Attaches files one after another (a phone's upload link is narrow); the list is asked again after. */
export function useAttachDocuments(recordPath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, purpose }: { files: readonly File[]; purpose: DocumentPurpose }) => {
      const kept: DocumentDto[] = [];
      for (const file of files) kept.push(await uploadDocument(recordPath, file, purpose));
      return kept;
    },
    onSettled: () => client.invalidateQueries({ queryKey: documentKeys.record(recordPath) }),
  });
}

export function useRemoveDocument(recordPath: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => api.delete<null>(documentPath(recordPath, documentId)),
    onSettled: () => client.invalidateQueries({ queryKey: documentKeys.record(recordPath) }),
  });
}
