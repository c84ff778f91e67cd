import { type PipeTransform } from '@nestjs/common';
import { parsePayload, ServiceError } from '@caliber/service-kit';
import type { z } from 'zod';

/** Validates a request body with a contract schema; the first problem becomes the 400's message. */
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ServiceError('VALIDATION_FAILED', 'The request body must be a JSON object.');
    }
    return parsePayload(this.schema, value);
  }
}
