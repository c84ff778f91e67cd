import { z } from 'zod';
import { amountField } from './amounts';
import { ID_PATTERN } from './ids';
import { SPARE_PART_LIMITS } from './spare-parts';

/*
 * What a task's spare parts cost and who supplied them: the unit cost of each part (a task's
 * parts cost is the sum of quantity × unit cost) and the vendor it was bought from, a vendor of
 * the managed list named by its id. Engineers, Managers and Admins record them, from the stores'
 * issue note or the supplier's invoice, usually after the work is done; the technician records
 * what was used (the work record), not what it cost.
 *
 * Prices are not the record of the work: they may be recorded on a certified task, as an invoice
 * arrives after the job. The list is sent whole, one entry per part of the task in its order,
 * with the task's `version`: a change of the parts meanwhile (the technician corrected them) is
 * refused (409) rather than priced against parts the person never saw.
 */

/** The highest unit cost taken: beyond it, a slip of the keyboard (a whole device is not a part). */
export const MAX_PART_UNIT_COST = 100_000_000;

const partCostInputSchema = z.strictObject(
  {
    unitCost: amountField('Unit cost', MAX_PART_UNIT_COST)
      .nullish()
      .transform((value) => value ?? null),
    supplierId: z
      .string({ error: 'supplierId must be a vendor id.' })
      .regex(ID_PATTERN, { error: 'supplierId must be a vendor id.' })
      .transform((id) => id.toLowerCase())
      .nullish()
      .transform((id) => id ?? null),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only unitCost and supplierId may be sent for a part.'
        : issue.code === 'invalid_type'
          ? 'Each part must be an object.'
          : undefined,
  },
);
export type PartCostInput = z.output<typeof partCostInputSchema>;

/** `PUT /api/tasks/{id}/part-costs`: each part's unit cost and supplier, in the task's order. */
export const recordPartCostsSchema = z.strictObject(
  {
    parts: z
      .array(partCostInputSchema, { error: 'parts must be a list, one entry per spare part of the task.' })
      .max(SPARE_PART_LIMITS.maxParts, {
        error: `A task lists at most ${SPARE_PART_LIMITS.maxParts} spare parts.`,
      }),
    version: z
      .number({ error: 'version must be the version of the task read.' })
      .int({ error: 'version must be the version of the task read.' })
      .positive({ error: 'version must be the version of the task read.' }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only parts and version may be sent.'
        : issue.code === 'invalid_type'
          ? 'The part costs must be an object.'
          : undefined,
  },
);
export type RecordPartCostsRequest = z.input<typeof recordPartCostsSchema>;
export type PartCostsRecord = z.output<typeof recordPartCostsSchema>;
