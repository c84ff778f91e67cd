import { OPERATIONS } from '../api/operations';
import { documentedAnswers } from './documented-answers';
import { openApiDocument } from './openapi';

interface Response {
  description: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { schemas: Record<string, { examples?: unknown[] }> };
}

const document = openApiDocument('Caliber', '0.0.0') as unknown as Document;
const responsesOf = (path: string, method: string) => document.paths[path]?.[method]?.responses ?? {};

describe('the OpenAPI document, derived from the declared operations', () => {
  it("documents each operation's success answer: a JSON schema, or the file it is (only a 204 has no body)", () => {
    const bare = OPERATIONS.filter((operation) => {
      const success = responsesOf(operation.path, operation.method)[operation.answer.status];
      const content = Object.values(success?.content ?? {});
      return operation.answer.status === 204 ? content.length > 0 : !content.some((media) => media.schema);
    }).map((operation) => operation.operationId);
    expect(bare).toEqual([]);
  });

  it('names the schema of every JSON answer (success or declared otherwise), so a generated client calls it by that name', () => {
    const answers = OPERATIONS.flatMap((operation) =>
      Object.entries(responsesOf(operation.path, operation.method)).map(([status, response]) => ({
        at: `${operation.operationId} ${status}`,
        schema: response.content?.['application/json']?.schema,
      })),
    );
    const inline = answers
      .filter(({ schema }) => schema && !String(schema['$ref'] ?? '').startsWith('#/components/schemas/'))
      .map(({ at }) => at);
    expect(answers.filter(({ schema }) => schema).length).toBeGreaterThan(OPERATIONS.length / 2);
    expect(inline).toEqual([]);
  });

  it('documents every other answer with a body: a refusal is the one error shape, unless declared otherwise', () => {
    const refusals = OPERATIONS.flatMap((operation) =>
      Object.entries(responsesOf(operation.path, operation.method))
        .filter(([status]) => Number(status) >= 400)
        .map(([status, response]) => ({
          operation,
          status,
          schema: response.content?.['application/json']?.schema,
        })),
    );
    const wrong = refusals
      .filter(({ operation, status, schema }) =>
        operation.otherAnswers?.[Number(status)]
          ? schema?.['$ref'] === '#/components/schemas/Error'
          : schema?.['$ref'] !== '#/components/schemas/Error',
      )
      .map(({ operation, status }) => `${operation.operationId} ${status}`);
    expect(refusals.length).toBeGreaterThan(OPERATIONS.length);
    expect(wrong).toEqual([]);
  });

  it('validates each example against its own schema: an example is an answer the schema accepts', () => {
    const documented = documentedAnswers(document as unknown as Record<string, unknown>);
    const named = Object.entries(document.components.schemas);
    const problems = named.flatMap(([name, schema]) =>
      (schema.examples ?? []).flatMap((example) =>
        documented.namedSchemaProblems(name, example).map((problem) => `${name}: ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('gives every named schema exactly one example, so a reader sees each answer filled in', () => {
    const without = Object.entries(document.components.schemas)
      .filter(([, schema]) => schema.examples?.length !== 1)
      .map(([name, schema]) => `${name}: ${schema.examples?.length ?? 0}`);
    expect(without).toEqual([]);
  });
});
