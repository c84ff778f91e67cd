import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@caliber/contracts';

/** A uniformly random code of OTP_LENGTH digits from the system's cryptographic source. */
export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * Keyed hash of a code, bound to its challenge. With only a million possible codes a plain hash
 * would fall to brute force; the pepper lives outside the database.
 */
export function hashOtp(pepper: string, challengeId: string, code: string): string {
  return createHmac('sha256', pepper).update(`${challengeId}:${code}`).digest('hex');
}

export function otpMatches(pepper: string, challengeId: string, code: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashOtp(pepper, challengeId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
