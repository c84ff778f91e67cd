import { createHash, randomBytes } from 'node:crypto';

/**
 * A confirmation link's token: 32 bytes from the system's cryptographic random source (256 bits:
 * never guessed), kept only as its SHA-256. A plain hash suffices where a sign-in code needs a
 * keyed one: a 6-digit code could be recovered from its hash by trying the million codes, a
 * 256-bit token cannot, so a copy of the table opens no link.
 */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmationToken(token) };
}

export function hashConfirmationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
