// `npm test` step: lints the gateway's OpenAPI document with Redocly's recommended rules (the
// checks generated clients and API portals rely on: operation ids, responses, schemas, security).
// Any problem, warning or error, fails the run. Run alone: `npx tsx services/gateway/src/docs/lint-openapi.ts`.
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { openApiDocument } from './openapi';

export async function lintOpenApi(): Promise<NormalizedProblem[]> {
  // Recommended as it is: no rule turned off, no finding accepted.
  const config = await createConfig({ extends: ['recommended'] });
  return lintFromString({
    source: JSON.stringify(openApiDocument('Caliber', '0.0.0')),
    absoluteRef: 'openapi.json',
    config,
  });
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
