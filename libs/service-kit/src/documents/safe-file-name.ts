/**
 * The name a kept file is downloaded under: what the person called it, made safe to put in a
 * header and to save on any system, and ending with the extension of what the file really is (a
 * PDF called `notice.exe` downloads as `notice.pdf`). The stored key never comes from the name.
 */

/** The longest download name, extension included, in characters. */
export const SAFE_NAME_MAX_LENGTH = 120;
/** And in UTF-8 bytes: most file systems hold 255 bytes in a name (120 CJK characters are 360). */
export const SAFE_NAME_MAX_BYTES = 240;

/**
 * Characters dropped outright: C0 and C1 controls and DEL, quotes, the bidirectional embeddings,
 * overrides, isolates and marks (a right-to-left override makes `gpj.exe` read as `exe.jpg`), the
 * zero-width characters and the byte-order mark, the line and paragraph separators, and half a
 * surrogate pair (a JSON string may carry one; it is no character, and no header can encode it).
 */
/* eslint-disable no-control-regex -- control characters are what it removes */
const DROPPED =
  /[\u0000-\u001f\u007f-\u009f"'`\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ud800-\udfff]/gu;
/* eslint-enable no-control-regex */
/** Characters Windows forbids in a name (`/` and `\` are path separators, handled first): become a space. */
const RESERVED = /[:*?<>|]/gu;
/** An extension a person typed: letters and digits after the last dot, not only digits (`Version 1.2`). */
const TYPED_EXTENSION = /\.([\p{L}\p{N}]{1,5})$/u;
/** Names Windows keeps for devices, whatever their extension. */
const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A name's own text made harmless: no path, controls, quotes, reserved characters or runs of
 * spaces. White space of any kind (a tab, a line break) is a space first, so words stay apart.
 */
export function cleanFileNameText(given: string): string {
  const lastPart = given.normalize('NFC').split(/[\\/]/u).pop() ?? '';
  return lastPart
    .replace(/\s+/gu, ' ')
    .replace(DROPPED, '')
    .replace(RESERVED, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Cuts text to at most `length` code points and `bytes` UTF-8 bytes, never inside a character. */
function cut(text: string, length: number, bytes: number): string {
  const points = Array.from(text).slice(0, length);
  let used = 0;
  let kept = 0;
  for (const point of points) {
    used += Buffer.byteLength(point);
    if (used > bytes) break;
    kept += 1;
  }
  return points.slice(0, kept).join('');
}

/** Spaces and dots at either end are dropped: a leading dot hides a file, a trailing one vanishes on Windows. */
function trimEnds(stem: string): string {
  return stem.replace(/^[\s.]+|[\s.]+$/gu, '');
}

/**
 * The download name for a file called `given` whose bytes are of a format with `extension`
 * (`pdf`, `jpg`): at most 120 characters, the typed extension replaced or the right one added,
 * and `document.<extension>` when nothing of the name is left.
 */
export function safeFileName(given: string, extension: string, fallbackStem = 'document'): string {
  const clean = cleanFileNameText(given);
  const typed = TYPED_EXTENSION.exec(clean);
  const withoutExtension = typed && /\p{L}/u.test(typed[1] ?? '') ? clean.slice(0, typed.index) : clean;
  const room = SAFE_NAME_MAX_LENGTH - extension.length - 1;
  const roomInBytes = SAFE_NAME_MAX_BYTES - Buffer.byteLength(extension) - 1;
  let stem = trimEnds(cut(trimEnds(withoutExtension), room, roomInBytes));
  if (!stem) stem = fallbackStem;
  if (DEVICE_NAMES.test(stem)) stem = `${stem}_`;
  return `${stem}.${extension}`;
}

/** The RFC 5987 attr-chars left as they are; every other byte of the UTF-8 name is %-encoded. */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The name in plain ASCII for `filename="…"`, for the few clients that do not read `filename*`:
 * accents dropped (`é` becomes `e`), other characters outside printable ASCII, `%` and `\`
 * become `_`.
 */
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|[%\\"]/g, '_');
}

/**
 * A Content-Disposition for a download (RFC 6266): `attachment` (saved, never opened as a page)
 * or `inline` (shown in the browser: the caller's choice, for a photo or a thumbnail), with an
 * ASCII `filename` and the exact UTF-8 `filename*`. The name is cleaned again here, so a header
 * never carries a line break or a quote whatever it is given.
 */
export function contentDisposition(name: string, inline = false): string {
  const clean = cleanFileNameText(name) || 'document';
  return `${inline ? 'inline' : 'attachment'}; filename="${asciiFallback(clean)}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}
