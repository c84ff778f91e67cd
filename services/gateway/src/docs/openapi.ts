import { apiErrorBodySchema } from '@caliber/contracts';
import { z } from 'zod';
import { OPERATIONS } from '../api/operations';
import type { ApiOperation, OtherAnswer } from '../api/operation';
import { refusalsOf } from '../api/refusals';

type JsonSchema = Record<string, unknown>;

/** Where the document keeps the schemas the contracts name (`.meta({id})`). */
const COMPONENTS = '#/components/schemas/';

/**
 * A contract schema as JSON Schema: what a client sends (`input`) or what the API answers
 * (`output`). Named schemas are lifted into `named` and referred to, so each appears once and a
 * generated client calls it by its name.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', named: Map<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  const { $defs, ...withDialect } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
  // The document's dialect is the OpenAPI 3.1 one: a schema inside it names none of its own.
  const rest = Object.fromEntries(Object.entries(withDialect).filter(([key]) => key !== '$schema'));
  const relinked = (value: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as JsonSchema;
  for (const [name, definition] of Object.entries($defs ?? {})) {
    const linked = relinked(definition);
    const known = named.get(name);
    // One name, one shape: a named schema whose input differs from its output (a field with a
    // default) would be documented wrongly for one of them, so the document refuses to build.
    if (known && JSON.stringify(known) !== JSON.stringify(linked)) {
      throw new Error(`The schema ${name} is read as two shapes (${io}); name only one of them`);
    }
    named.set(name, linked);
  }
  return relinked(rest);
}

/** A contract schema as the JSON Schema of what a client sends (the query parameters' schemas). */
export const schemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema & {
    properties?: Record<string, JsonSchema>;
  };

function parametersOf(operation: ApiOperation): JsonSchema[] {
  return [
    ...[...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...Object.entries(operation.query ? (schemaOf(operation.query).properties ?? {}) : {}).map(
      ([name, schema]) => ({ name, in: 'query', required: false, schema }),
    ),
  ];
}

function answerOf(answer: OtherAnswer, named: Map<string, JsonSchema>): JsonSchema {
  const { description, schema, file } = answer;
  if (file) {
    return {
      description,
      content: Object.fromEntries(
        file.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      ),
    };
  }
  if (!schema) return { description };
  return { description, content: { 'application/json': { schema: jsonSchema(schema, 'output', named) } } };
}

/** Who may call, as the document says it (`x-callers`, and in the description for people). */
function callersOf(operation: ApiOperation): string {
  if (operation.callers === 'anyone') return 'anyone';
  if (operation.callers === 'signed-in') return 'signed-in';
  return operation.callers.join(', ');
}

/** The OpenAPI 3.1 document served at /api/docs/openapi.json, derived from the declared operations. */
export function openApiDocument(productName: string, version: string): Record<string, unknown> {
  const named = new Map<string, JsonSchema>();
  const error = { $ref: `${COMPONENTS}Error` };
  jsonSchema(apiErrorBodySchema, 'output', named);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    const parameters = parametersOf(operation);
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: {
        operationId: operation.operationId,
        tags: [operation.tag],
        summary: operation.summary,
        ...(operation.description ? { description: operation.description } : {}),
        ...(operation.callers === 'anyone' ? { security: [] } : {}),
        'x-callers': callersOf(operation),
        ...(parameters.length ? { parameters } : {}),
        ...(operation.body
          ? {
              requestBody: {
                required: operation.bodyOptional !== true,
                content: { 'application/json': { schema: jsonSchema(operation.body, 'input', named) } },
              },
            }
          : {}),
        ...(operation.fileBody
          ? {
              requestBody: {
                required: true,
                description: operation.fileBody.description,
                content: {
                  'application/octet-stream': {
                    schema: { type: 'string', contentMediaType: 'application/octet-stream' },
                  },
                },
              },
            }
          : {}),
        responses: {
          [operation.answer.status]: answerOf(operation.answer, named),
          ...Object.fromEntries(
            Object.entries(refusalsOf(operation)).map(([status, description]) => [
              status,
              { description, content: { 'application/json': { schema: error } } },
            ]),
          ),
          ...Object.fromEntries(
            Object.entries(operation.otherAnswers ?? {}).map(([status, other]) => [
              status,
              answerOf(other, named),
            ]),
          ),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${productName} CMMS API`,
      version,
      description:
        'Sign in with a service number and a one-time code, then send `Authorization: Bearer <token>`. Every refusal is the one JSON error shape (`Error`) with a `code` and a `message`. Live changes arrive over socket.io at /socket.io (handshake `auth: {token}`). `x-callers` says who may call each operation: `anyone`, `signed-in`, or the roles.',
      license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' },
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: Object.fromEntries([...named.entries()].sort(([a], [b]) => a.localeCompare(b))),
    },
    paths,
  };
}
