/** How a download is named: the screens read it from the server's answer. */

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
