/**
 * Whether a text is base64 (letters, digits, + and /, then at most two =), checked in one pass. A
 * regular expression such as /^[A-Za-z0-9+/]+={0,2}$/ over an upload of megabytes overflows V8's
 * stack (seen with an 8 MB inventory file), which would turn a valid upload into a server error.
 */
export function isBase64(text: string): boolean {
  const end = text.endsWith('==') ? text.length - 2 : text.endsWith('=') ? text.length - 1 : text.length;
  if (end === 0) return false;
  for (let at = 0; at < end; at += 1) {
    const code = text.charCodeAt(at);
    const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
    if (!letter && !(code >= 48 && code <= 57) && code !== 43 && code !== 47) return false;
  }
  return true;
}
