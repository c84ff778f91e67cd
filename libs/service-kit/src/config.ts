import { DEFAULT_DASHBOARD_TREND_CACHE_SECONDS } from './timed-memo';
import { readFileSync } from 'node:fs';
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { parsePrivateKey, parseTrustedKeys } from './trust/keys';

/** Raised when the environment does not describe a runnable service; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates `env` once into a typed configuration object. Every variable is read here and nowhere
 * else, so a wrong or missing one stops the process at start-up rather than at first use.
 */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.map(String).join('.') || '(environment)';
    return `${variable}: ${issue.message}`;
  });
  throw new ConfigError(service, problems);
}

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Whether the runtime knows an IANA time zone by this name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `HOSPITAL_TIME_ZONE`: what "today" is for due dates, overdue work, PM compliance and report periods. */
export const hospitalTimeZoneVariable = () =>
  z
    .string()
    .default('UTC')
    .refine(isTimeZone, { error: 'HOSPITAL_TIME_ZONE must be an IANA time zone such as Europe/London.' });

/** A URL whose scheme is one of `schemes`. */
export function urlVariable(schemes: readonly string[], fallback?: string) {
  const base = z
    .string({ error: 'is required' })
    .trim()
    .refine(
      (value) => {
        try {
          return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      { error: `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}` },
    );
  return fallback === undefined ? base : base.default(fallback);
}

/**
 * One URL, or several separated by commas: the servers of a cluster, any of which will do. The
 * value answered is the list; each entry must be a URL of one of `schemes`.
 */
export function urlListVariable(schemes: readonly string[], fallback: string) {
  const one = urlVariable(schemes);
  return z
    .string()
    .trim()
    .default(fallback)
    .transform((value, ctx) => {
      const urls = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (urls.length === 0) ctx.addIssue({ code: 'custom', message: 'is required' });
      const rule = `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`;
      for (const url of urls)
        if (!one.safeParse(url).success)
          // In a list, say which entry is wrong.
          ctx.addIssue({ code: 'custom', message: urls.length > 1 ? `"${url}" ${rule}` : rule });
      return urls;
    });
}

/** An integer port (0 means "let the system pick", used by tests). */
export function portVariable(fallback: number) {
  return z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(0)
    .max(65535)
    .default(fallback);
}

export function positiveIntVariable(fallback: number) {
  return z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be greater than 0' })
    .default(fallback);
}

/**
 * A variable naming a file, read with `read` once at start-up; a file that cannot be read is a
 * problem of the variable, named like any other.
 */
function fileVariable(read: (path: string) => string) {
  return z
    .string()
    .trim()
    .min(1)
    .optional()
    .transform((path, ctx) => {
      if (path === undefined) return undefined;
      try {
        return read(path);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `cannot be read (${error instanceof Error ? error.message : String(error)})`,
        });
        return z.NEVER;
      }
    });
}

/** A file's contents (a mounted secret), its trailing newline dropped. */
export const secretFileVariable = () =>
  fileVariable((path) => readFileSync(path, 'utf8').replace(/\r?\n$/, ''));

/** The PEM blocks of a kind (`CERTIFICATE`) in a text. */
function pemBlocks(text: string, label: string): string[] {
  return text.match(new RegExp(`-----BEGIN ${label}-----[\\s\\S]+?-----END ${label}-----`, 'g')) ?? [];
}

/**
 * A file of PEM certificates (an authority, or a certificate with its chain): the path, once each
 * certificate in it has been read, so a wrong file stops the process at start-up, not at its
 * first connection.
 */
const certificateFileVariable = () =>
  fileVariable((path) => {
    const certificates = pemBlocks(readFileSync(path, 'utf8'), 'CERTIFICATE');
    if (certificates.length === 0) throw new Error(`${path} holds no PEM certificate`);
    for (const certificate of certificates) new X509Certificate(certificate);
    return path;
  });

/** A file holding a PEM private key: the path, once the key has been read. */
const privateKeyFileVariable = () =>
  fileVariable((path) => {
    createPrivateKey(readFileSync(path, 'utf8'));
    return path;
  });

/**
 * How long the equipment and maintenance services reuse the dashboard's figures of 30 days ago:
 * they move only as that instant slides on, while the figures of now are read at every visit.
 */
export const dashboardTrendCacheShape = {
  DASHBOARD_TREND_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(DEFAULT_DASHBOARD_TREND_CACHE_SECONDS),
};

/** Variables every service reads. */
/**
 * How often a service that follows the hospital lists (identity, maintenance) asks for their
 * changes, so a renamed department or category reaches its records within this many seconds.
 */
export const listsFollowVariable = () => z.coerce.number().int().min(1).max(3600).default(30);

export const commonEnvShape = {
  NODE_ENV: z.enum(NODE_ENVS).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /**
   * The NATS server, or the servers of a cluster separated by commas: a process connects to any
   * of them and, when that one goes, to another (the cluster also tells it its other members).
   */
  NATS_URL: urlListVariable(['nats', 'tls'], 'nats://127.0.0.1:4222'),
  /**
   * The process's own NATS user: the server gives each user only the subjects its process serves
   * and publishes. The password comes from NATS_PASSWORD or, better, a mounted secret file.
   */
  NATS_USER: z.string().trim().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  NATS_PASSWORD_FILE: secretFileVariable(),
  /**
   * TLS to NATS (`tls://` servers): the authority that signed the servers' certificates (PEM),
   * trusted instead of the system's, and an optional client certificate and its key for servers
   * that ask for one. Each file is read at start-up.
   */
  NATS_TLS_CA_FILE: certificateFileVariable(),
  NATS_TLS_CERT_FILE: certificateFileVariable(),
  NATS_TLS_KEY_FILE: privateKeyFileVariable(),
  /** How long a NATS request may wait for its answer. */
  NATS_REQUEST_TIMEOUT_MS: positiveIntVariable(5000),
  /**
   * The address a domain service's own probe port (`/health/live`, `/health/ready`, with error
   * details) listens on: every interface by default, for an orchestrator's probes; `127.0.0.1`
   * keeps it to the machine.
   */
  HEALTH_HOST: z.string().trim().min(1).default('0.0.0.0'),
  /**
   * This process's own private key for the statements it signs (who acts, on every request and
   * event), from SIGNING_KEY or, better, a mounted secret file; and every principal's public key
   * (TRUSTED_KEYS, `name=key,…`), to check what others send. `npm run keys` makes a set.
   */
  SIGNING_KEY: z.string().min(1).optional(),
  SIGNING_KEY_FILE: secretFileVariable(),
  TRUSTED_KEYS: z.string().min(1).optional(),
  TRUSTED_KEYS_FILE: secretFileVariable(),
  /**
   * How long a process may take to stop after SIGTERM or SIGINT (finishing what it has in hand,
   * closing its connections) before it ends anyway: a stop is bounded whatever has become of the
   * servers it was talking to. The orchestrator's grace period must be longer (Kubernetes'
   * `terminationGracePeriodSeconds`, 30 s unless a manifest says otherwise).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
  /**
   * Set by the local launcher (`npm start`), which starts each process with its standard input a
   * pipe it holds: the process stops when that pipe closes, that is when the launcher has gone,
   * however it went (a crash or a SIGKILL sends no signal on). Never set in a cluster.
   */
  STOP_WHEN_LAUNCHER_EXITS: z.enum(['true', 'false']).default('false'),
};

type CommonEnv = z.output<z.ZodObject<typeof commonEnvShape>>;

/** How a process reaches NATS, and as whom. */
export interface NatsSettings {
  /** The servers to try, in the order given (one, or a cluster's members). */
  servers: string[];
  user?: string;
  pass?: string;
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
}

export function natsSettings(env: CommonEnv): NatsSettings {
  const pass = env.NATS_PASSWORD_FILE ?? env.NATS_PASSWORD;
  const tlsFiles = {
    ...(env.NATS_TLS_CA_FILE ? { caFile: env.NATS_TLS_CA_FILE } : {}),
    ...(env.NATS_TLS_CERT_FILE ? { certFile: env.NATS_TLS_CERT_FILE } : {}),
    ...(env.NATS_TLS_KEY_FILE ? { keyFile: env.NATS_TLS_KEY_FILE } : {}),
  };
  return {
    servers: env.NATS_URL,
    ...(env.NATS_USER ? { user: env.NATS_USER } : {}),
    ...(pass !== undefined ? { pass } : {}),
    ...(Object.keys(tlsFiles).length > 0 || env.NATS_URL.some((url) => url.startsWith('tls:'))
      ? { tls: tlsFiles }
      : {}),
  };
}

/** How a process stops: within `graceMs`, and also when its launcher has gone (local stack). */
export interface ShutdownSettings {
  graceMs: number;
  stopWhenLauncherExits: boolean;
}

export function shutdownSettings(env: CommonEnv): ShutdownSettings {
  return { graceMs: env.SHUTDOWN_GRACE_MS, stopWhenLauncherExits: env.STOP_WHEN_LAUNCHER_EXITS === 'true' };
}

/** This process's statement keys: its own private key, and the public keys it checks against. */
export interface TrustSettings {
  signingKey: KeyObject;
  trustedKeys: Map<string, KeyObject>;
}

/** Reads the keys checked by `checkCommonEnv` (call it in the schema's transform). */
export function trustSettings(env: CommonEnv): TrustSettings {
  return {
    signingKey: parsePrivateKey(env.SIGNING_KEY_FILE ?? env.SIGNING_KEY ?? ''),
    trustedKeys: parseTrustedKeys(env.TRUSTED_KEYS_FILE ?? env.TRUSTED_KEYS ?? ''),
  };
}

function checkKeys(env: CommonEnv, ctx: z.RefinementCtx): void {
  const pairs = [
    ['SIGNING_KEY', env.SIGNING_KEY, env.SIGNING_KEY_FILE, parsePrivateKey],
    ['TRUSTED_KEYS', env.TRUSTED_KEYS, env.TRUSTED_KEYS_FILE, parseTrustedKeys],
  ] as const;
  for (const [name, value, fileValue, parse] of pairs) {
    if (value !== undefined && fileValue !== undefined) {
      ctx.addIssue({ code: 'custom', path: [name], message: `give ${name} or ${name}_FILE, not both` });
      continue;
    }
    const text = value ?? fileValue;
    if (text === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required (or ${name}_FILE): every message on the bus is signed and checked; \`npm run keys\` makes a set`,
      });
      continue;
    }
    try {
      parse(text);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        path: [value !== undefined ? name : `${name}_FILE`],
        message: `cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
}

/**
 * The rules on the common variables that involve more than one of them. In production a process
 * must name its NATS user and password: without them anyone who reaches the bus could answer as a
 * service or publish its events.
 */
export function checkCommonEnv(env: CommonEnv, ctx: z.RefinementCtx): void {
  checkKeys(env, ctx);
  if (env.NATS_PASSWORD !== undefined && env.NATS_PASSWORD_FILE !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['NATS_PASSWORD'],
      message: 'give NATS_PASSWORD or NATS_PASSWORD_FILE, not both',
    });
  const hasPassword = env.NATS_PASSWORD !== undefined || env.NATS_PASSWORD_FILE !== undefined;
  if (hasPassword !== (env.NATS_USER !== undefined))
    ctx.addIssue({
      code: 'custom',
      path: [hasPassword ? 'NATS_USER' : 'NATS_PASSWORD'],
      message: 'NATS_USER and a password (NATS_PASSWORD or NATS_PASSWORD_FILE) go together',
    });
  if (env.NODE_ENV === 'production' && env.NATS_USER === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['NATS_USER'],
      message: 'is required when NODE_ENV=production, with NATS_PASSWORD or NATS_PASSWORD_FILE',
    });
  if ((env.NATS_TLS_CERT_FILE === undefined) !== (env.NATS_TLS_KEY_FILE === undefined))
    ctx.addIssue({
      code: 'custom',
      path: ['NATS_TLS_CERT_FILE'],
      message: 'NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE go together',
    });
  else if (env.NATS_TLS_CERT_FILE !== undefined && env.NATS_TLS_KEY_FILE !== undefined)
    checkKeyPair(env.NATS_TLS_CERT_FILE, env.NATS_TLS_KEY_FILE, ctx);
  // TLS files with a nats:// server would still be used (the connection then requires TLS), but
  // a reader of the settings would take the connection for plain text, or the reverse.
  const plain = env.NATS_URL.filter((url) => !url.startsWith('tls:'));
  if (env.NATS_TLS_CA_FILE !== undefined && plain.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['NATS_URL'],
      message: `must name tls:// servers when NATS_TLS_CA_FILE is given (${plain.join(', ')})`,
    });
}

/** The client certificate (its first, leaf, certificate) must be the one of the private key. */
function checkKeyPair(certFile: string, keyFile: string, ctx: z.RefinementCtx): void {
  let matches: boolean;
  try {
    const [leaf = ''] = pemBlocks(readFileSync(certFile, 'utf8'), 'CERTIFICATE');
    matches = new X509Certificate(leaf).checkPrivateKey(createPrivateKey(readFileSync(keyFile, 'utf8')));
  } catch {
    return; // A file that cannot be read is already reported under its own variable.
  }
  if (!matches)
    ctx.addIssue({
      code: 'custom',
      path: ['NATS_TLS_KEY_FILE'],
      message: 'is not the private key of the certificate in NATS_TLS_CERT_FILE',
    });
}

/** A secret that must be long enough to resist guessing. */
export function secretVariable(minLength = 32) {
  return z
    .string({ error: 'is required' })
    .min(minLength, { error: `must be at least ${minLength} characters long` });
}
