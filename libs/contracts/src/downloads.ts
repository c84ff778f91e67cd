/** Files between the screens and the server: how a download is named, and an upload's bytes and size. */

/**
 * The file name from a Content-Disposition header: RFC 5987's `filename*=UTF-8''…` first, then
 * `filename="…"` or a bare `filename=…`; any path part removed. `fallback` when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
    const bare = /filename\s*=\s*([^;"\s][^;]*)/i.exec(header);
    name = quoted?.[1]?.replace(/\\(.)/g, '$1') ?? bare?.[1]?.trim() ?? null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

const MEGABYTE = 1024 * 1024;

/** "2 MB", "1.5 MB", "640 KB": a size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MEGABYTE) return `${Number((bytes / MEGABYTE).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

const BASE64_CHUNK = 0x8000;

/** Bytes as base64 (the standard alphabet, padded), in chunks so a file of megabytes does not overflow the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += BASE64_CHUNK)
    binary += String.fromCharCode(...bytes.subarray(start, start + BASE64_CHUNK));
  return btoa(binary);
}

/** A file (or any blob) read whole as base64: an upload travels in JSON, through the gateway's body checks. */
export async function readAsBase64(file: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await file.arrayBuffer()));
}
