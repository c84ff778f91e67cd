/** The longest key a store takes: well under S3's 1,024 bytes, with room for a store's prefix. */
export const MAX_KEY_LENGTH = 512;

/**
 * The longest segment of a key (between slashes). A segment is a file or folder name on disk, and
 * file systems take 255 bytes; what copies a store to a disk (a backup's sync, a test's S3
 * server) adds its own suffix to the name, so keys leave room for one.
 */
export const MAX_KEY_SEGMENT_LENGTH = 200;

/** The most keys one `list` call answers (S3's own ceiling for one ListObjectsV2 page). */
export const MAX_LIST_LIMIT = 1000;

const KEY_CHARACTERS = /^[a-z0-9][a-z0-9._/-]*$/;

/**
 * Why `key` cannot name a stored file, or null when it can. A key is a relative path that means
 * the same thing on a disk and in a bucket: lower-case letters, digits, `.`, `_`, `-` and `/`,
 * starting with a letter or digit; no `..` (no way out of the store's folder), no empty or `.`
 * segment (`a//b`, `a/./b` and `a/` would name a folder, or the same file as another key on
 * disk, and a different object in S3), and no segment too long for a file name.
 */
export function keyProblem(key: string): string | null {
  if (key.length === 0) return 'is empty';
  if (key.length > MAX_KEY_LENGTH) return `is longer than ${MAX_KEY_LENGTH} characters`;
  if (!KEY_CHARACTERS.test(key))
    return 'may hold only a-z, 0-9, ".", "_", "-" and "/", and must start with a letter or digit';
  if (key.includes('..')) return 'may not contain ".."';
  if (key.includes('//')) return 'may not contain "//"';
  if (key.endsWith('/')) return 'may not end with "/"';
  const segments = key.split('/');
  if (segments.includes('.')) return 'may not have a "." segment';
  if (segments.some((segment) => segment.length > MAX_KEY_SEGMENT_LENGTH))
    return `may not have a segment (between slashes) longer than ${MAX_KEY_SEGMENT_LENGTH} characters`;
  return null;
}

/** Refuses a key no store may hold, with a message naming it and the rule it breaks. */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem !== null) throw new Error(`The storage key ${JSON.stringify(key)} ${problem}.`);
}

/**
 * Refuses a `list` prefix that no valid key could start with in the same way on both stores:
 * empty (every key), or the start of a key (`equipment/`, `incoming/2026`).
 */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  // A prefix ending in "/" is a folder: the key rules hold for what comes before it.
  const problem = keyProblem(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  if (problem !== null) throw new Error(`The storage prefix ${JSON.stringify(prefix)} ${problem}.`);
}

/** The page size of a `list` call: `MAX_LIST_LIMIT` when not given, never more. */
export function listLimit(limit: number | undefined): number {
  if (limit === undefined) return MAX_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`A storage list limit must be a whole number above 0 (not ${limit}).`);
  return Math.min(limit, MAX_LIST_LIMIT);
}
