import { join } from 'node:path';
import { z } from 'zod';
import { urlVariable, type NodeEnv } from '../config';

/**
 * The mail variables of a service that sends e-mail (identity's confirmation links, the reports
 * service's reports), spread into its environment schema:
 * - `SMTP_URL`: `smtp://user:password@host:587` (or `smtps://`) sends through that server; unset in
 *   development and tests, each message is written to the development outbox folder instead
 *   (`DATA_DIR/outbox/mail`), as the console SMS adapter writes codes;
 * - `MAIL_FROM`: the sender, defaulting to the service's own.
 */
export function mailEnvShape(defaultFrom: string) {
  return {
    SMTP_URL: urlVariable(['smtp', 'smtps']).optional(),
    MAIL_FROM: z.string().trim().min(1).default(defaultFrom),
  };
}

/**
 * Production refuses the outbox folder: it would keep hospital mail (reports, confirmation links)
 * on a pod's disk and send nothing, as the console SMS adapter would keep codes.
 */
export function checkMailEnv(
  env: { NODE_ENV: NodeEnv; SMTP_URL?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV === 'production' && !env.SMTP_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'SMTP_URL is required in production: the mail outbox folder is for development and tests.',
    });
}

/** How a service sends mail: through `smtpUrl`, or, without one, into `outboxDir`. */
export interface MailSettings {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}

/** The development mail outbox: one `.eml` file per message and a line per message in `mail.jsonl`. */
export function mailOutboxDir(dataDir: string): string {
  return join(dataDir, 'outbox', 'mail');
}

export function mailSettings(
  env: { SMTP_URL?: string | undefined; MAIL_FROM: string },
  dataDir: string,
): MailSettings {
  return { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM, outboxDir: mailOutboxDir(dataDir) };
}
