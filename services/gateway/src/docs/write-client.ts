// `npm test` step, and how the integrators' typed client is made: writes the TypeScript types of
// every operation (paths, parameters, bodies, answers, the named schemas) from the OpenAPI
// document with openapi-typescript, to services/gateway/src/docs/client/caliber-api.d.ts.
// `--check` writes nothing and fails when the committed file differs from what the document
// makes now: the typed client cannot drift from the API. Run: `npx tsx services/gateway/src/docs/write-client.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { openApiDocument } from './openapi';

const TARGET = join(__dirname, 'client', 'caliber-api.d.ts');
const HEADER = `// Generated from the gateway's OpenAPI document by services/gateway/src/docs/write-client.ts
// (openapi-typescript). Do not edit: change the operation's declaration or contract, then run
// \`npx tsx services/gateway/src/docs/write-client.ts\`.
`;

export async function clientTypes(): Promise<string> {
  const document = openApiDocument('Caliber', '0.0.0');
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0]);
  const text = `${HEADER}${astToString(ast)}`;
  return format(text, { ...(await resolveConfig(TARGET)), filepath: TARGET });
}

async function main(): Promise<void> {
  const written = await clientTypes();
  if (process.argv.includes('--check')) {
    const committed = readFileSync(TARGET, 'utf8');
    if (committed !== written) {
      process.stdout.write(
        `${TARGET} is not what the OpenAPI document makes now: run npx tsx services/gateway/src/docs/write-client.ts and commit it.\n`,
      );
      process.exitCode = 1;
      return;
    }
    process.stdout.write('Typed API client: up to date\n');
    return;
  }
  writeFileSync(TARGET, written);
  process.stdout.write(`Wrote ${TARGET}\n`);
}

void main();
