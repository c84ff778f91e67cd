import type { UserEntity } from '../users/user.entity';

export type EmailIntent =
  { kind: 'none' } | { kind: 'clear' } | { kind: 'keep-current' } | { kind: 'new'; address: string };

/** One mailbox, whatever the case it is written in (as the unique index of addresses compares). */
export const sameAddress = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * What the Email field of a profile save asks for, the field showing the address the person wants
 * (the pending one, else the one in force): the same again is nothing; the address in force while
 * a change is pending takes that change back; empty clears; anything else is a new address.
 */
export function emailIntent(
  user: Pick<UserEntity, 'email' | 'pendingEmail'>,
  wanted: string | null,
): EmailIntent {
  if (wanted === null)
    return user.email === null && user.pendingEmail === null ? { kind: 'none' } : { kind: 'clear' };
  if (sameAddress(wanted, user.pendingEmail)) return { kind: 'none' };
  if (sameAddress(wanted, user.email)) return user.pendingEmail ? { kind: 'keep-current' } : { kind: 'none' };
  return { kind: 'new', address: wanted };
}
