import { callersInWords, rolesOf, type ApiOperation } from './operation';

/** The words of the refusals many operations share; an operation's own words win over these. */
export const COMMON_REFUSALS = {
  400: 'Invalid input; `message` says what to fix.',
  401: 'No valid session; when the session was ended (`code` SESSION_ENDED), `message` says why ("You were signed out: …").',
  413: 'The body is larger than the configured limit (`BODY_LIMIT`, 100 kB by default).',
  415: 'The body is not JSON, not UTF-8, or sent with an unsupported Content-Encoding.',
  503: 'The service behind this route is not answering; try again.',
} as const;

/** What a busy gateway answers an operation whose file is read or written in its file workers. */
export const FILE_WORKERS_BUSY = {
  429: 'You have a file being read or written already (an upload or an export; `message` says which): wait for its answer (`Retry-After`).',
  503: 'The service that reads and writes these files has ten being read, written or waiting already (`Retry-After`), or is not answering; try again.',
} as const;

/**
 * Every refusal an operation documents, status → words: the common ones where they apply (a body
 * or query can be invalid, a session can be missing, a role can be refused, a body can be too
 * large or not JSON, a service can be down), then the operation's own.
 */
export function refusalsOf(operation: ApiOperation): Record<number, string> {
  const refusals: Record<number, string> = {};
  if (operation.body || operation.query) refusals[400] = COMMON_REFUSALS[400];
  if (operation.callers !== 'anyone') refusals[401] = COMMON_REFUSALS[401];
  if (Array.isArray(operation.callers)) refusals[403] = `${callersInWords(rolesOf(operation.callers))} only.`;
  if (operation.body) Object.assign(refusals, { 413: COMMON_REFUSALS[413], 415: COMMON_REFUSALS[415] });
  if (operation.fileBody)
    Object.assign(refusals, {
      413: 'The file is larger than its purpose allows (`message` names the limit).',
      415: "The file's type, read from its bytes, is not one its purpose takes (`message` lists them).",
    });
  if (operation.forward) refusals[503] = COMMON_REFUSALS[503];
  return { ...refusals, ...operation.refusals };
}
