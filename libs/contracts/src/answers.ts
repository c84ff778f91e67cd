import { z } from 'zod';

/** What a removal answers: the id of the record that went. */
export const removedRecordSchema = z
  .object({ _id: z.string().describe('The id of the record removed.') })
  .meta({ id: 'Removed', examples: [{ _id: '0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b' }] });
export type RemovedRecord = z.output<typeof removedRecordSchema>;
