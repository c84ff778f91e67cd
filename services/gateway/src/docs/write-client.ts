// `npm test` step, and how the integrators' typed client is made: writes the TypeScript types of
// every operation (paths, parameters, bodies, answers, the named schemas) from the OpenAPI
// document with openapi-typescript, to services/gateway/src/docs/client/caliber-api.d.ts, and the
// list of operations for readers without a running gateway, to docs/api/operations.md.
// `--check` writes nothing and fails when a committed file differs from what the declarations
// make now: neither can drift from the API. Run: `npx tsx services/gateway/src/docs/write-client.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';
import { OPERATIONS } from '../api/operations';
import { callersInWords, STAFF, type ApiOperation } from '../api/operation';
import { openApiDocument } from './openapi';

const TARGET = join(__dirname, 'client', 'caliber-api.d.ts');
const OPERATIONS_PAGE = join(__dirname, '..', '..', '..', '..', 'docs', 'api', 'operations.md');
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

const callersOf = (operation: ApiOperation): string =>
  operation.callers === 'anyone'
    ? 'anyone'
    : operation.callers === 'signed-in'
      ? 'signed in, clinical staff too'
      : operation.callers === STAFF
        ? 'staff (not clinical staff)'
        : callersInWords(operation.callers);

const answerOf = (operation: ApiOperation): string => {
  const { status, schema, file } = operation.answer;
  const id = schema ? (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id : undefined;
  return `${status}${id ? ` \`${id}\`` : file ? ' a file' : ''}`;
};

/** The operations by tag, one line each: what a reader looks for before opening `/api/docs`. */
export async function operationsPage(): Promise<string> {
  const tags = [...new Set(OPERATIONS.map((operation) => operation.tag))];
  const sections = tags.map((tag) => {
    const rows = OPERATIONS.filter((operation) => operation.tag === tag).map(
      (operation) =>
        `| \`${operation.method.toUpperCase()} ${operation.path}\` | ${operation.summary.replaceAll('|', '\\|')} | ${callersOf(operation)} | ${answerOf(operation)} |`,
    );
    return [
      `## ${tag}`,
      '',
      '| Operation | What it does | Who may call it | Answer |',
      '| --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
  });
  const text = [
    '# Operations',
    '',
    '<!-- Generated from the declarations by services/gateway/src/docs/write-client.ts: do not edit. -->',
    '',
    'Every operation of the HTTP API, by tag, as declared in the gateway (see [the HTTP API](http-api.md#operations)).',
    'What each takes and answers, field by field, with examples, is in the OpenAPI document (`/api/docs`',
    'on a running gateway) and in the typed client.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
  return format(text, { ...(await resolveConfig(OPERATIONS_PAGE)), filepath: OPERATIONS_PAGE });
}

async function main(): Promise<void> {
  const files: [string, string][] = [
    [TARGET, await clientTypes()],
    [OPERATIONS_PAGE, await operationsPage()],
  ];
  if (process.argv.includes('--check')) {
    const stale = files
      .filter(([path, written]) => readFileSync(path, 'utf8') !== written)
      .map(([path]) => path);
    if (stale.length > 0) {
      process.stdout.write(
        `${stale.join(', ')}: not what the declarations make now. Run npx tsx services/gateway/src/docs/write-client.ts and commit.\n`,
      );
      process.exitCode = 1;
      return;
    }
    process.stdout.write('Typed API client and operations page: up to date\n');
    return;
  }
  for (const [path, written] of files) {
    writeFileSync(path, written);
    process.stdout.write(`Wrote ${path}\n`);
  }
}

void main();
