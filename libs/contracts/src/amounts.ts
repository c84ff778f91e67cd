import { z } from 'zod';

/**
 * An amount of money in the hospital currency as people type it: not negative, at most `max`, and
 * at most two decimals, so that a product with 100 gives whole cents (a number with a third decimal
 * would round where nobody sees it).
 */
export function amountField(label: string, max: number) {
  return z
    .number({ error: `${label} must be a number.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(max, { error: `${label} must be at most ${max.toLocaleString('en')}.` })
    .refine((value) => Number(value.toFixed(2)) === value, {
      error: `${label} may have at most two decimals.`,
    });
}
