import {
  DEFAULT_API_BASE_PATH,
  DEFAULT_HTTP_PORT,
  DEFAULT_PRODUCT_NAME,
  defaultRemoteEntry,
  REMOTE_NAMES,
  type RemoteName,
} from '@caliber/contracts';
import {
  checkCommonEnv,
  commonEnvShape,
  loadConfig,
  natsSettings,
  portVariable,
  positiveIntVariable,
  secretVariable,
  urlVariable,
} from '@caliber/service-kit';
import { z } from 'zod';

const originList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ error: 'each entry must be an origin such as https://cmms.hospital.example' })));

/** `TRUST_PROXY`: how many proxies sit in front (a number), or Express's named ranges. */
const trustProxy = z
  .string()
  .default('false')
  .transform((value): boolean | number | string => {
    if (value === 'false' || value === '') return false;
    if (value === 'true') return true;
    return /^\d+$/.test(value) ? Number(value) : value;
  });

/** An address the browser uses: a path on this origin (`/api`) or a full http(s) URL. */
const browserAddress = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\/[^/]/.test(value), {
      error: 'must be a path starting with / or an http(s) URL',
    });

const remoteEntryVariables = Object.fromEntries(
  REMOTE_NAMES.map((name) => [
    `REMOTE_ENTRY_${name.toUpperCase()}`,
    browserAddress(defaultRemoteEntry(name)),
  ]),
) as Record<`REMOTE_ENTRY_${Uppercase<RemoteName>}`, ReturnType<typeof browserAddress>>;

const gatewayEnvSchema = z
  .object({
    ...commonEnvShape,
    PORT: portVariable(DEFAULT_HTTP_PORT),
    HOST: z.string().default('0.0.0.0'),
    REDIS_URL: urlVariable(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
    JWT_SECRET: secretVariable(),
    JWT_EXPIRES_IN_SECONDS: positiveIntVariable(12 * 60 * 60),
    CORS_ORIGINS: originList,
    TRUST_PROXY: trustProxy,
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(b|kb|mb)$/i, { error: 'must be a size such as 100kb or 1mb' })
      .default('100kb'),
    RATE_LIMIT_WINDOW_SECONDS: positiveIntVariable(15 * 60),
    RATE_LIMIT_OTP_REQUESTS_PER_NUMBER: positiveIntVariable(5),
    RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: positiveIntVariable(60),
    RATE_LIMIT_OTP_VERIFY_PER_NUMBER: positiveIntVariable(15),
    RATE_LIMIT_OTP_VERIFY_PER_ADDRESS: positiveIntVariable(120),
    /** Prefix of the gateway's Redis keys, so several stacks may share one Redis. */
    REDIS_KEY_PREFIX: z.string().default('caliber'),
    /** Folder holding the built front ends (shell/dist and each mfe-<name>/dist); empty: the gateway serves none. */
    WEB_ROOT: z.string().trim().default(''),
    PRODUCT_NAME: z.string().trim().min(1).max(60).default(DEFAULT_PRODUCT_NAME),
    PUBLIC_API_BASE_URL: browserAddress(DEFAULT_API_BASE_PATH),
    PUBLIC_SOCKET_URL: browserAddress(''),
    ...remoteEntryVariables,
  })
  .superRefine(checkCommonEnv)
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    nats: natsSettings(env),
    natsRequestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
    port: env.PORT,
    host: env.HOST,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    jwtSecret: env.JWT_SECRET,
    jwtExpiresInSeconds: env.JWT_EXPIRES_IN_SECONDS,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: env.BODY_LIMIT,
    web: {
      root: env.WEB_ROOT,
      productName: env.PRODUCT_NAME,
      apiBaseUrl: env.PUBLIC_API_BASE_URL,
      socketUrl: env.PUBLIC_SOCKET_URL,
      remotes: Object.fromEntries(
        REMOTE_NAMES.map((name) => [
          name,
          env[`REMOTE_ENTRY_${name.toUpperCase() as Uppercase<RemoteName>}`],
        ]),
      ) as Record<RemoteName, string>,
    },
    rateLimits: {
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      otpRequestsPerNumber: env.RATE_LIMIT_OTP_REQUESTS_PER_NUMBER,
      otpRequestsPerAddress: env.RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS,
      otpVerifyPerNumber: env.RATE_LIMIT_OTP_VERIFY_PER_NUMBER,
      otpVerifyPerAddress: env.RATE_LIMIT_OTP_VERIFY_PER_ADDRESS,
    },
  }));

export type GatewayConfig = z.output<typeof gatewayEnvSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const GATEWAY_LOGGER = Symbol('GATEWAY_LOGGER');

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig('gateway', gatewayEnvSchema, env);
}
