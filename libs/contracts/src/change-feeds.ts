import { z } from 'zod';
import type { RiskClass } from './risk';

/**
 * A change feed: the facts one service owns that another filters by, read as pages of the rows
 * changed after a position. Each changed row gets the next number of a database sequence, so the
 * reader keeps the last number it applied and asks for what came after: nothing is lost while a
 * service is down, a page read twice does no harm (a row carries its whole current state), and no
 * message broker has to remember anything.
 *
 * Positions are decimal strings: sequence numbers are 64-bit.
 */
export const changeFeedRequestSchema = z.strictObject({
  after: z
    .string()
    .regex(/^\d{1,19}$/, { error: 'after must be a sequence position.' })
    .default('0'),
  limit: z.number().int().min(1).max(500).default(500),
});
export type ChangeFeedRequest = z.input<typeof changeFeedRequestSchema>;

export interface ChangeFeedPage<T> {
  changes: T[];
  /** The position of the last change in the page (or `after` when the page is empty). */
  last: string;
  /** More changes follow: ask again from `last`. */
  more: boolean;
}

/** How many changes one page carries: small enough for a NATS reply, large enough to catch up fast. */
export const CHANGE_FEED_PAGE_LIMIT = 500;

/**
 * Equipment's feed of what the PM program needs of a device: its risk flags and where it stands.
 * A device never assessed has `riskClass` null and every flag false; a deleted one says so.
 */
export interface DeviceRiskChange {
  equipmentId: string;
  seq: string;
  riskClass: RiskClass | null;
  highRisk: boolean;
  lifeSupport: boolean;
  inPmProgram: boolean;
  name: string;
  serialNumber: string;
  department: string;
  category: string;
  /** Decommissioned or Auctioned: the device leaves the PM program and its plans are retired. */
  retired: boolean;
  deleted: boolean;
}

/** Maintenance's feed of PM plan coverage: how many active plans each device has now. */
export interface PmCoverageChange {
  equipmentId: string;
  seq: string;
  activePlans: number;
}
