import { type PipeTransform } from '@nestjs/common';
import { parsePayload, ServiceError } from '@caliber/service-kit';
import type { z } from 'zod';

/** Validates query parameters with a contract schema; a parameter given twice is refused. */
export class ZodQueryPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const query = (value ?? {}) as Record<string, unknown>;
    const repeated = Object.entries(query).find(([, v]) => Array.isArray(v));
    if (repeated)
      throw new ServiceError('VALIDATION_FAILED', `The parameter ${repeated[0]} may be given once.`);
    return parsePayload(this.schema, query);
  }
}
