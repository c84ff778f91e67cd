import { DEFAULT_HTTP_PORT, DEFAULT_PRODUCT_NAME } from '@caliber/contracts';
import {
  checkCommonEnv,
  commonEnvShape,
  hospitalTimeZoneVariable,
  loadConfig,
  natsSettings,
  shutdownSettings,
  pageAddressesOf,
  pageAddressShape,
  trustSettings,
  portVariable,
  positiveIntVariable,
  secretVariable,
  urlVariable,
  checkFileStoreEnv,
  fileStoreEnvShape,
  fileStoreSettings,
} from '@caliber/service-kit';
import { isIP } from 'node:net';
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

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address or subnet (`10.0.0.0/8`, `fd00::/8`) of a proxy, or one of Express's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A /0 is every address: the same as trusting everyone.
  return /^\d+$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRACE_CONTEXT_TRUSTED_NETWORKS`: the addresses and subnets whose requests may carry a trace to
 * continue (`traceparent`): an ingress or a hospital system that traces its own calls. Empty (the
 * default): no caller's; the gateway starts every trace.
 */
const traceContextNetworks = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): string[] => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => NAMED_RANGES.includes(entry) || !isProxyAddress(entry));
    if (wrong.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be addresses and subnets (10.0.0.0/8, fd00::/8, 127.0.0.1) separated by commas, not ${wrong.join(', ')}`,
    });
    return z.NEVER;
  });

/**
 * `TRUST_PROXY`: which proxies in front may say who the client is (`X-Forwarded-For`), for the
 * rate limits and the audit: none (`false`), the number of proxy hops, or the proxies' addresses
 * and subnets. Never "trust everything": then any caller could name any address and escape the
 * per-address limits.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    } else if (value !== 'true') {
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        value === 'true'
          ? 'must not trust every address (any caller could then choose its own); give the number of proxies (1 to 10) or their addresses and subnets'
          : 'must be false, the number of proxies (1 to 10), or their addresses and subnets (10.0.0.0/8, loopback, …) separated by commas',
    });
    return z.NEVER;
  });

const gatewayEnvSchema = z
  .object({
    ...commonEnvShape,
    PORT: portVariable(DEFAULT_HTTP_PORT),
    HOST: z.string().default('0.0.0.0'),
    /**
     * The port of the gateway's Prometheus `/metrics`, a listener of its own: the gateway's
     * probes share its public port, which the Ingress routes to, and metrics are for the cluster's
     * monitoring only. 0 (the default) picks a free port; a deployment sets it (9464 in
     * infra/k8s) and leaves it out of the public Service.
     */
    METRICS_PORT: portVariable(0),
    REDIS_URL: urlVariable(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
    JWT_SECRET: secretVariable(),
    /**
     * How long this replica answers a session from memory before asking identity again. An ended
     * session is forgotten at once when identity announces it; this bounds how late a missed
     * announcement is noticed, and how often identity hears of activity (its idle clock).
     */
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(1).max(120).default(60),
    /**
     * The longest the dashboard's figures are reused between visits. Any change the gateway hears
     * of or passes on drops them at once; this bounds what changes with the clock alone (overdue
     * at midnight) and a change whose event was lost. 0 computes them at every visit.
     */
    DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
    /**
     * How long Generate Report waits for the file before answering with a link to the report's
     * page instead (which follows it and downloads it when done).
     */
    REPORT_WAIT_SECONDS: z.coerce.number().int().min(0).max(60).default(15),
    CORS_ORIGINS: originList,
    TRUST_PROXY: trustProxy,
    TRACE_CONTEXT_TRUSTED_NETWORKS: traceContextNetworks,
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(b|kb|mb)$/i, { error: 'must be a size such as 100kb or 1mb' })
      .default('100kb'),
    RATE_LIMIT_WINDOW_SECONDS: positiveIntVariable(15 * 60),
    RATE_LIMIT_OTP_REQUESTS_PER_NUMBER: positiveIntVariable(5),
    RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS: positiveIntVariable(60),
    RATE_LIMIT_OTP_VERIFY_PER_NUMBER: positiveIntVariable(15),
    /** Tries per service number per day from browsers not known for it: what bounds guessing. */
    RATE_LIMIT_OTP_VERIFY_PER_NUMBER_DAILY: positiveIntVariable(40),
    RATE_LIMIT_OTP_VERIFY_PER_ADDRESS: positiveIntVariable(120),
    /** Prefix of the gateway's Redis keys, so several stacks may share one Redis. */
    REDIS_KEY_PREFIX: z.string().default('caliber'),
    /** Folder holding the built front ends (shell/dist and each mfe-<name>/dist); empty: the gateway serves none. */
    WEB_ROOT: z.string().trim().default(''),
    PRODUCT_NAME: z.string().trim().min(1).max(60).default(DEFAULT_PRODUCT_NAME),
    /** The hospital's clock: an export's date-times and its file's date are on it. */
    HOSPITAL_TIME_ZONE: hospitalTimeZoneVariable(),
    /**
     * The address people open Caliber at (`https://cmms.hospital.example`): the QR code of an asset
     * tag holds a device's address under it, so a tag printed today still opens in ten years. Empty:
     * the address the request came to (its scheme, behind `TRUST_PROXY`, and its Host).
     */
    PUBLIC_URL: z
      .union([
        z.literal(''),
        z.url({ protocol: /^https?$/, error: 'must be an address such as https://cmms.hospital.example' }),
      ])
      .default(''),
    ...pageAddressShape,
    ...fileStoreEnvShape,
    /** Where local files go when no folder is named: the disk store's files under DATA_DIR/files (as the other services' outboxes). */
    DATA_DIR: z.string().trim().min(1).default('.data'),
  })
  .superRefine(checkCommonEnv)
  .superRefine(checkFileStoreEnv)
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: metrics are served apart from the public port',
      });
  })
  .transform((env) => ({
    files: fileStoreSettings(env),
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    nats: natsSettings(env),
    shutdown: shutdownSettings(env),
    trust: trustSettings(env),
    natsRequestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
    port: env.PORT,
    host: env.HOST,
    metricsPort: env.METRICS_PORT,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    jwtSecret: env.JWT_SECRET,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    dashboardCacheMs: env.DASHBOARD_CACHE_SECONDS * 1000,
    reportWaitMs: env.REPORT_WAIT_SECONDS * 1000,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    traceContextTrustedNetworks: env.TRACE_CONTEXT_TRUSTED_NETWORKS,
    bodyLimit: env.BODY_LIMIT,
    timeZone: env.HOSPITAL_TIME_ZONE,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    web: {
      root: env.WEB_ROOT,
      productName: env.PRODUCT_NAME,
      ...pageAddressesOf(env),
    },
    rateLimits: {
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      otpRequestsPerNumber: env.RATE_LIMIT_OTP_REQUESTS_PER_NUMBER,
      otpRequestsPerAddress: env.RATE_LIMIT_OTP_REQUESTS_PER_ADDRESS,
      otpVerifyPerNumber: env.RATE_LIMIT_OTP_VERIFY_PER_NUMBER,
      otpVerifyPerNumberDaily: env.RATE_LIMIT_OTP_VERIFY_PER_NUMBER_DAILY,
      otpVerifyPerAddress: env.RATE_LIMIT_OTP_VERIFY_PER_ADDRESS,
    },
  }));

export type GatewayConfig = z.output<typeof gatewayEnvSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const GATEWAY_LOGGER = Symbol('GATEWAY_LOGGER');

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig('gateway', gatewayEnvSchema, env);
}
