import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

interface Answer {
  status: number;
  body: unknown;
}

/** The JSON Pointer of a success answer's schema in the document. */
const pointerOf = (path: string, method: string, status: number) =>
  `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses/${status}/content/application~1json/schema`;

/**
 * Checks real answers against the OpenAPI document as served (not the schemas it was made from):
 * each JSON answer against the schema the document gives its operation and status (a refusal's is
 * the one error shape). Answers what does not match, in words; nothing when all does.
 */
export function documentedAnswers(document: Record<string, unknown>) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validator = (ref: string): ValidateFunction | undefined => {
    if (!compiled.has(ref)) {
      const validate = ajv.getSchema(`openapi.json${ref}`);
      if (validate) compiled.set(ref, validate);
    }
    return compiled.get(ref);
  };
  /** What in `value` the schema does not allow, in words, or `[]`. */
  const refused = (validate: ValidateFunction, value: unknown): string[] =>
    validate(value)
      ? []
      : (validate.errors ?? []).map(
          (error) =>
            `${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
        );
  return {
    /** What in `answer` its documented schema does not allow, or `[]`. */
    problems(operation: { path: string; method: string }, answer: Answer): string[] {
      // The schema the document gives this status of this operation: a refusal's is the error
      // shape, by reference; a status it does not document at all is a finding of its own.
      const validate = validator(pointerOf(operation.path, operation.method, answer.status));
      if (!validate) return [`no JSON answer is documented for ${answer.status}`];
      return refused(validate, answer.body);
    },
    /** What in `value` the named schema (`#/components/schemas/<name>`) does not allow, or `[]`. */
    namedSchemaProblems(name: string, value: unknown): string[] {
      const validate = validator(`#/components/schemas/${name}`);
      return validate ? refused(validate, value) : [`no schema is named ${name}`];
    },
  };
}
