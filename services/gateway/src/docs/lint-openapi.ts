// `npm test` step: lints the gateway's OpenAPI document with Redocly's recommended rules (the
// checks generated clients and API portals rely on: operation ids, responses, schemas, security).
// Any problem, warning or error, fails the run. Run alone: `npx tsx services/gateway/src/docs/lint-openapi.ts`.
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { openApiDocument } from './openapi';

/** Rules of `recommended` that do not fit this API, each with why. */
const RULE_CHANGES = {
  // The document is served by the gateway it describes (`servers: [{url: '/'}]`): its address is
  // the deployment's, not one to write down.
  'no-server-example.com': 'off',
  // The API has no licence separate from the product's (AGPL-3.0-only, in package.json).
  'info-license': 'off',
} as const;

/** Single findings accepted on purpose, each with why; any other finding fails. */
const ACCEPTED: readonly { ruleId: string; pointer: string; why: string }[] = [
  {
    ruleId: 'operation-4xx-response',
    pointer: '#/paths/~1api~1health/get/responses',
    why: 'The health probe takes no input, so it has no client error to answer.',
  },
  {
    ruleId: 'operation-4xx-response',
    pointer: '#/paths/~1api~1health~1ready/get/responses',
    why: 'The readiness probe takes no input either, so it has no client error to answer.',
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1equipment~1imports~1{id}',
    why: 'A device\'s id is a UUID, never "imports", and the import routes are registered first: GET /api/equipment/imports/history is an import named "history", answered 404.',
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1equipment~1{id}~1recalls',
    why: 'The same two families: a device\'s id is never "imports", and the import routes come first, so GET /api/equipment/imports/recalls is an import named "recalls", answered 404.',
  },
  {
    ruleId: 'no-ambiguous-paths',
    pointer: '#/paths/~1api~1equipment~1{id}~1safety-tests',
    why: 'The same two families again: a device\'s id is never "imports", so GET /api/equipment/imports/safety-tests names no device and no import, and is answered 404 whichever route takes it.',
  },
];

export async function lintOpenApi(): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'], rules: RULE_CHANGES });
  const problems = await lintFromString({
    source: JSON.stringify(openApiDocument('Caliber', '0.0.0')),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems.filter(
    (problem) =>
      !ACCEPTED.some(
        (accepted) =>
          accepted.ruleId === problem.ruleId &&
          problem.location.some((location) => location.pointer === accepted.pointer),
      ),
  );
}

async function main(): Promise<void> {
  const problems = await lintOpenApi();
  for (const problem of problems) {
    const where = problem.location.map((location) => location.pointer).join(', ');
    process.stdout.write(`${problem.severity} ${problem.ruleId}: ${problem.message} (${where})\n`);
  }
  process.stdout.write(`OpenAPI lint: ${problems.length} problem(s)\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}

void main();
