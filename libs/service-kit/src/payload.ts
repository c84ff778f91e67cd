import { parseWith } from '@caliber/contracts';
import type { z } from 'zod';
import { ServiceError } from './service-error';

/** Validates a message's payload with the contract's schema; refuses it with VALIDATION_FAILED otherwise. */
export function parsePayload<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = parseWith(schema, data);
  if (!result.ok) throw ServiceError.validation(result.issues);
  return result.value;
}
