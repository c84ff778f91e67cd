import { readFileSync } from 'node:fs';

/** The parts of V8's `.cpuprofile` format (`node --cpu-prof`) read here. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const TRUST = 'tokens and statements (sign, check)';

/** A package's files, named by the part of the request path they do. */
const PARTS: [part: string, packages: readonly string[]][] = [
  [
    'HTTP server and Express',
    [
      'express',
      'router',
      'helmet',
      'body-parser',
      'raw-body',
      'content-type',
      'type-is',
      'on-finished',
      'finalhandler',
      'accepts',
      'negotiator',
      'qs',
      'send',
      'serve-static',
      'express-static-gzip',
      'engine.io',
      'cookie',
      'vary',
      'etag',
      'fresh',
      'statuses',
      'depd',
      'parseurl',
      'proxy-addr',
      'encodeurl',
      'mime-types',
      'media-typer',
    ],
  ],
  [
    'Nest (routes, guards, pipes, rxjs)',
    ['@nestjs/core', '@nestjs/common', '@nestjs/platform-express', 'rxjs'],
  ],
  ['NATS client and Nest transport', ['nats', '@nestjs/microservices']],
  [
    TRUST,
    [
      'passport',
      'passport-jwt',
      '@nestjs/passport',
      '@nestjs/jwt',
      'jsonwebtoken',
      'jws',
      'jwa',
      'ecdsa-sig-formatter',
      'buffer-equal-constant-time',
      'safe-buffer',
      'ms',
    ],
  ],
  ['validation (zod)', ['zod']],
  ['TypeORM (query building, rows to objects)', ['typeorm']],
  [
    'pg driver',
    ['pg', 'pg-protocol', 'pg-pool', 'pg-types', 'postgres-date', 'postgres-array', 'postgres-interval'],
  ],
  [
    'logs, traces, metrics',
    ['pino', 'nestjs-pino', 'pino-http', 'prom-client', '@opentelemetry/api', '@opentelemetry/core'],
  ],
  ['Redis', ['ioredis']],
];

const PART_OF_PACKAGE = new Map(PARTS.flatMap(([part, packages]) => packages.map((name) => [name, part])));

/** Native work at the bottom of a sample, named whatever called it. */
const NATIVE_PARTS: Record<string, string> = {
  '(garbage collector)': 'garbage collection',
  writeBuffer: 'socket writes (system calls)',
  writev: 'socket writes (system calls)',
  writeUtf8String: 'socket writes (system calls)',
  writeLatin1String: 'socket writes (system calls)',
  '(program)': 'V8, unattributed',
};

const OUR_CODE = 'our code';
const NODE_CORE = 'Node core (streams, events, timers)';
const OTHER = 'other packages';

function packageOf(url: string): string | undefined {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
}

/** Our bundle's functions that sign and check statements and session tokens. */
const TRUST_FUNCTIONS = new Set(['sign', 'verify', 'verifyToken', 'payloadHash', 'token']);

function isOurBundle(url: string): boolean {
  return /\/dist\/[^/]+\.js$/.test(url) && !url.includes('node_modules');
}

/**
 * The part a sample's stack belongs to: native work at its top by what it is (garbage collection,
 * socket writes), else the nearest frame that is either a package's or our bundle's (crypto under
 * jsonwebtoken is "tokens", JSON under Express is "HTTP", our statement signing is "tokens" and
 * our other code "our code", whichever framework called it), else Node's core.
 */
function partOf(stack: ProfileNode[]): string {
  const top = stack[0];
  if (!top) return OTHER;
  const native = NATIVE_PARTS[top.callFrame.functionName];
  if (!top.callFrame.url && native) return native;
  for (const frame of stack) {
    const name = packageOf(frame.callFrame.url);
    if (name) return PART_OF_PACKAGE.get(name) ?? OTHER;
    if (isOurBundle(frame.callFrame.url))
      return TRUST_FUNCTIONS.has(frame.callFrame.functionName) ? TRUST : OUR_CODE;
  }
  return NODE_CORE;
}

/** CPU microseconds per part of a process's profile, between `fromMs` and `toMs` after it began. */
export function profileParts(file: string, fromMs: number, toMs: number): Map<string, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stackCache = new Map<number, string>();
  const part = (id: number): string => {
    const known = stackCache.get(id);
    if (known) return known;
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const node = byId.get(at);
      if (node) stack.push(node);
    }
    const found = partOf(stack);
    stackCache.set(id, found);
    return found;
  };
  const parts = new Map<string, number>();
  let elapsedUs = 0;
  profile.samples.forEach((sample, index) => {
    // `timeDeltas[i]` is the time from the sample before to sample i: what sample i stands for is
    // the time until the next one.
    elapsedUs += profile.timeDeltas[index] ?? 0;
    const deltaUs = profile.timeDeltas[index + 1] ?? 0;
    if (elapsedUs < fromMs * 1000 || elapsedUs > toMs * 1000) return;
    if (byId.get(sample)?.callFrame.functionName === '(idle)') return;
    const name = part(sample);
    parts.set(name, (parts.get(name) ?? 0) + deltaUs);
  });
  return parts;
}
