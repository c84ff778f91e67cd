import { EMAIL_CONFIRMATION_RESEND_SECONDS, EMAIL_CONFIRMATIONS_PER_DAY } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';

const DAY_MS = 24 * 60 * 60 * 1000;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * Whether one more confirmation mail may go out for a person, given when their mails of the last
 * 24 hours were sent: at most one a minute and five a day, so nobody can use the hospital's mail
 * server to flood an address (theirs or a stranger's) with confirmation requests. The refusal
 * says how long to wait (`Retry-After`).
 */
export function confirmationMailRefusal(sentAt: readonly Date[], now: Date): ServiceError | null {
  const recent = sentAt.filter((at) => now.getTime() - at.getTime() < DAY_MS).sort((a, b) => +a - +b);
  const newest = recent.at(-1);
  if (newest) {
    const waitMs = EMAIL_CONFIRMATION_RESEND_SECONDS * 1000 - (now.getTime() - newest.getTime());
    if (waitMs > 0) {
      const wait = Math.ceil(waitMs / 1000);
      return new ServiceError(
        'RATE_LIMITED',
        `A confirmation was e-mailed less than a minute ago. Wait ${plural(wait, 'second')} before asking for another.`,
        undefined,
        wait,
      );
    }
  }
  const oldest = recent[0];
  if (oldest && recent.length >= EMAIL_CONFIRMATIONS_PER_DAY) {
    const wait = Math.ceil((oldest.getTime() + DAY_MS - now.getTime()) / 1000);
    const hours = Math.ceil(wait / 3600);
    return new ServiceError(
      'RATE_LIMITED',
      `${EMAIL_CONFIRMATIONS_PER_DAY} confirmation e-mails were sent for you in the last 24 hours, the most allowed. Try again in ${plural(hours, 'hour')}.`,
      undefined,
      wait,
    );
  }
  return null;
}
