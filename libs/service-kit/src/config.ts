import { z } from 'zod';

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

/** Variables every service reads. */
export const commonEnvShape = {
  NODE_ENV: z.enum(NODE_ENVS).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  NATS_URL: urlVariable(['nats', 'tls'], 'nats://127.0.0.1:4222'),
  /** How long a NATS request may wait for its answer. */
  NATS_REQUEST_TIMEOUT_MS: positiveIntVariable(5000),
};

/** A secret that must be long enough to resist guessing. */
export function secretVariable(minLength = 32) {
  return z
    .string({ error: 'is required' })
    .min(minLength, { error: `must be at least ${minLength} characters long` });
}
