import { fileNameFromDisposition } from '@caliber/contracts';
import { apiErrorOf, apiFetch } from './api-client';

/** Hands a blob to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is freed after.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface DownloadOptions {
  /** The media types of the file asked for (a refusal still comes back as JSON). */
  accept: string;
  /** The name to save under when the answer's Content-Disposition gives none. */
  fallbackName: string;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * One API call whose answer is a file, saved as a download under the name the server gives. The
 * file calls need the stored token like any other call, so a plain link cannot fetch them: this is
 * the API client's raw call (token, credentials, a 401 signing out with the server's reason). A
 * refusal becomes an ApiError carrying the server's `message`. Answers the name saved under.
 */
export async function downloadFile(method: string, path: string, options: DownloadOptions): Promise<string> {
  const response = await apiFetch(method, path, {
    body: options.body,
    signal: options.signal,
    accept: `${options.accept}, application/json`,
  });
  if (!response.ok) {
    let body: unknown;
    try {
      body = JSON.parse(await response.text()) as unknown;
    } catch {
      body = null;
    }
    throw apiErrorOf(response, body);
  }
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'), options.fallbackName);
  saveBlob(blob, fileName);
  return fileName;
}
