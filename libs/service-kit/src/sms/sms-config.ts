import { z } from 'zod';
import { urlVariable, type NodeEnv } from '../config';

export const SMS_ADAPTERS = ['console', 'http'] as const;
export type SmsAdapterName = (typeof SMS_ADAPTERS)[number];

/**
 * The SMS variables of a service that sends text messages (identity's sign-in codes, the
 * notifying service's urgent pages), spread into its environment schema. `SMS_ADAPTER=http`
 * posts to an HTTP SMS gateway; `console` (the default outside production, refused in it) writes
 * each message to the development outbox `DATA_DIR/outbox/sms.jsonl`.
 */
export const smsEnvShape = {
  SMS_ADAPTER: z.enum(SMS_ADAPTERS).optional(),
  SMS_HTTP_URL: urlVariable(['http', 'https']).optional(),
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().trim().min(1).max(11).optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
};

interface SmsEnv {
  NODE_ENV: NodeEnv;
  SMS_ADAPTER?: SmsAdapterName | undefined;
  SMS_HTTP_URL?: string | undefined;
  SMS_HTTP_TOKEN?: string | undefined;
  SMS_SENDER_ID?: string | undefined;
  SMS_HTTP_TIMEOUT_MS?: number | undefined;
}

function adapterOf(env: SmsEnv): SmsAdapterName {
  return env.SMS_ADAPTER ?? (env.NODE_ENV === 'production' ? 'http' : 'console');
}

/** Production refuses the console adapter (it would keep messages on a pod's disk and send none). */
export function checkSmsEnv(env: SmsEnv, ctx: z.RefinementCtx): void {
  const adapter = adapterOf(env);
  if (adapter === 'console' && env.NODE_ENV === 'production')
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_ADAPTER'],
      message:
        'the console SMS adapter writes messages to disk and is refused when NODE_ENV=production; use http',
    });
  if (adapter === 'http')
    for (const name of ['SMS_HTTP_URL', 'SMS_SENDER_ID'] as const)
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_ADAPTER=http' });
}

export interface SmsConfig {
  adapter: SmsAdapterName;
  httpUrl: string | undefined;
  httpToken: string | undefined;
  senderId: string | undefined;
  httpTimeoutMs: number;
}

/** The settings of the SMS sender; `defaultTimeoutMs` when SMS_HTTP_TIMEOUT_MS is not set. */
export function smsSettings(env: SmsEnv, defaultTimeoutMs: number): SmsConfig {
  return {
    adapter: adapterOf(env),
    httpUrl: env.SMS_HTTP_URL,
    httpToken: env.SMS_HTTP_TOKEN,
    senderId: env.SMS_SENDER_ID,
    httpTimeoutMs: env.SMS_HTTP_TIMEOUT_MS ?? defaultTimeoutMs,
  };
}
