import { z } from 'zod';
import { ERROR_CODES, type ApiErrorBody } from './errors';

/**
 * The one JSON body of every refusal, as the API documents it: built from the same list of codes
 * the gateway maps to statuses, and checked against `ApiErrorBody` at compile time, so the two
 * cannot part.
 */
export const apiErrorBodySchema = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    code: z.enum(ERROR_CODES).describe('What went wrong, for programs; one code maps to one status.'),
    message: z.string().describe('What went wrong, for people: the screens show it as it is.'),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('With a 400: each field that is not valid, and why.'),
    retryAfterSeconds: z
      .number()
      .int()
      .optional()
      .describe('With a 429 or 503: seconds until the caller may try again (also `Retry-After`).'),
    existingId: z
      .string()
      .optional()
      .describe(
        'With a 409 that says the record exists already (a recall of the same source and reference): its id.',
      ),
    requestId: z
      .string()
      .optional()
      .describe(
        "The request's id, also in the X-Request-Id header of every answer: the caller's own X-Request-Id when it is 8 to 64 characters of letters, digits and . _ : -, otherwise a new one. Every log line of the request carries it.",
      ),
  })
  .meta({
    id: 'Error',
    examples: [
      {
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'Equipment not found.',
        requestId: '5f0c2b1e-7d4a-4b8e-9a51-0b6c1d2e3f40',
      },
    ],
  });

// The schema describes exactly the documented body: a change to either fails the type check.
const describesTheBody: z.ZodType<ApiErrorBody> = apiErrorBodySchema;
void describesTheBody;
