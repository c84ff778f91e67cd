import {
  MAX_RATE_DAYS_AHEAD,
  MAX_RATES_PER_ROLE,
  rateHasStarted,
  type AddLabourRate,
} from '@caliber/contracts';
import { addDays } from '../hospital-clock';

/** What the rules need of a role's rates already kept. */
export interface KeptRate {
  from: string;
}

/** A refusal of a new rate: the field it is about, its words, and whether it is a conflict (409). */
export interface RateRefusal {
  path: 'from' | 'role';
  message: string;
  conflict: boolean;
}

/**
 * Whether a new rate of a role may be added, `today` being the hospital's date. A task's hours
 * are priced at the rate in force on the day of the work, so a rate may never change the price of
 * work already priced: a role's first rate may start on any day (what was unpriced gets a price),
 * a later one only after the role's latest and from today on. Answers null when it may.
 */
export function rateAdditionRefusal(
  kept: readonly KeptRate[],
  rate: Pick<AddLabourRate, 'from'>,
  today: string,
): RateRefusal | null {
  const latestAllowed = addDays(today, MAX_RATE_DAYS_AHEAD);
  if (rate.from > latestAllowed)
    return {
      path: 'from',
      message: `A rate may start at most ${MAX_RATE_DAYS_AHEAD} days ahead (${latestAllowed} at the latest).`,
      conflict: false,
    };
  if (kept.some((existing) => existing.from === rate.from))
    return { path: 'from', message: `This role has a rate from ${rate.from} already.`, conflict: true };
  if (kept.length >= MAX_RATES_PER_ROLE)
    return {
      path: 'role',
      message: `This role holds ${MAX_RATES_PER_ROLE} rates already, the most it may.`,
      conflict: false,
    };
  if (kept.length === 0) return null;
  const latest = kept.reduce(
    (last, existing) => (existing.from > last ? existing.from : last),
    kept[0]?.from ?? '',
  );
  if (rate.from < today)
    return {
      path: 'from',
      message: `A new rate starts today (${today}) or later: work already done keeps the rate it was priced at.`,
      conflict: false,
    };
  if (rate.from < latest)
    return {
      path: 'from',
      message: `This role's latest rate starts on ${latest}: a new one starts after it (withdraw that one first to start earlier).`,
      conflict: false,
    };
  return null;
}

/** Whether a rate may be withdrawn: only before its first day, when it has priced nothing. */
export function rateWithdrawalRefusal(rate: KeptRate, today: string): string | null {
  return !rateHasStarted(rate, today)
    ? null
    : `This rate has applied since ${rate.from}: work was priced at it. Add the right rate from today instead.`;
}
