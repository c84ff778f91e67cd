import { isApiErrorBody, type DocumentDto, type DocumentPurpose } from '@caliber/contracts';
import { useEffect, useState } from 'react';
import { apiErrorOf, apiFetch } from './api-client';
import { downloadFile } from './downloads';

/** The records that keep documents, as their API paths begin. */
export type DocumentRecordKind = 'equipment' | 'tasks' | 'recalls' | 'safety-tests';

/** `/tasks/<id>`: a record's path, under which its documents are. */
export function documentRecordPath(kind: DocumentRecordKind, id: string): string {
  return `/${kind}/${encodeURIComponent(id)}`;
}

/** Where one document's bytes (or its thumbnail) are read. */
export function documentPath(
  recordPath: string,
  documentId: string,
  variant: 'file' | 'thumbnail' = 'file',
): string {
  const path = `${recordPath}/documents/${encodeURIComponent(documentId)}`;
  return variant === 'thumbnail' ? `${path}/thumbnail` : path;
}

/**
 * Sends one file as the body of its upload, as the browser streams it (no base64, no form): its
 * purpose and name in the address. A refusal becomes an ApiError with the server's message.
 */
export async function uploadDocument(
  recordPath: string,
  file: File,
  purpose: DocumentPurpose,
  signal?: AbortSignal,
): Promise<DocumentDto> {
  const query = new URLSearchParams({ purpose, fileName: file.name || 'photo.jpg' });
  const response = await apiFetch('POST', `${recordPath}/documents?${query.toString()}`, { file, signal });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    body = null;
  }
  if (!response.ok || isApiErrorBody(body)) throw apiErrorOf(response, body);
  return body as DocumentDto;
}

/** Saves a document under its safe name (the API needs the token, so a plain link cannot). */
export function saveDocument(recordPath: string, document: DocumentDto): Promise<string> {
  return downloadFile('GET', documentPath(recordPath, document._id), {
    accept: document.mediaType,
    fallbackName: document.fileName,
  });
}

/**
 * An image of the API (a thumbnail, a photo) as an address an `<img>` can show: fetched with the
 * token, kept as a blob address while the component shows it, freed after. Null until it arrives
 * (or when it cannot be read: the component shows its name instead).
 */
export function useApiImage(path: string | null): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    let url: string | null = null;
    apiFetch('GET', path, { signal: controller.signal, accept: 'image/*' })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        url = URL.createObjectURL(await response.blob());
        setState({ url, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return state;
}
