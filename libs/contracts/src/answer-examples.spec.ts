import { z } from 'zod';
import { safetyTestDtoSchema } from './electrical-safety';
import { pmComplianceResponseSchema } from './pm-compliance';
import { pmPlanDtoSchema } from './pm-plans';
import { taskDtoSchema } from './task-api';

/*
 * The API document shows each main record with one example: an integrator reads it as what the
 * service answers, so it must be an answer the schema accepts.
 */
const documented = { taskDtoSchema, pmPlanDtoSchema, pmComplianceResponseSchema, safetyTestDtoSchema };

describe('answer examples', () => {
  it.each(Object.entries(documented))('%s: its example is a valid answer', (_name, schema) => {
    const examples = (z.globalRegistry.get(schema) as { examples?: unknown[] } | undefined)?.examples ?? [];
    expect(examples).toHaveLength(1);
    for (const example of examples) expect(schema.safeParse(example).error).toBeUndefined();
  });
});
