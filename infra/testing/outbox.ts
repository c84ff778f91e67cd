import { readFile } from 'node:fs/promises';
import type { VerifyOtpResponse } from '@caliber/contracts';

/**
 * The development SMS outbox as tests, browser tests and benchmarks read it, and signing in
 * through the API with the code found there. No framework imports: Playwright and the benchmark
 * load this file too.
 */
export interface OutboxLine {
  at: string;
  to: string;
  body: string;
  serviceNumber: string;
}

export async function readOutbox(path: string, serviceNumber: string): Promise<OutboxLine[]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine)
    .filter((line) => line.serviceNumber === serviceNumber.toUpperCase());
}

/**
 * The code of the newest SMS to a service number sent at or after `notBefore` (ms), waiting up to
 * `waitMs` for it to arrive.
 */
export async function latestCode(
  path: string,
  serviceNumber: string,
  { notBefore = 0, waitMs = 0 }: { notBefore?: number; waitMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const messages = (await readOutbox(path, serviceNumber)).filter((sms) => Date.parse(sms.at) >= notBefore);
    const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
    if (code) return code;
    if (Date.now() >= deadline) throw new Error(`no code in the outbox for ${serviceNumber}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function postJson<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Asks for a code, reads it from the outbox and verifies it: the session a browser would store. */
export async function signInThroughApi(
  baseUrl: string,
  serviceNumber: string,
  outboxPath: string,
): Promise<VerifyOtpResponse> {
  const notBefore = Date.now() - 1000;
  await postJson(baseUrl, '/auth/request-otp', { serviceNumber });
  const otp = await latestCode(outboxPath, serviceNumber, { notBefore, waitMs: 5000 });
  return postJson<VerifyOtpResponse>(baseUrl, '/auth/verify-otp', { serviceNumber, otp });
}

/**
 * One message of the development mail outbox (`<DATA_DIR>/outbox/mail/mail.jsonl`), which the
 * services write when no SMTP_URL is set (`Mailer` in libs/service-kit).
 */
export interface MailOutboxLine {
  at: string;
  to: string;
  subject: string;
  text: string;
  attachment?: string;
  file: string;
}

/** The development mail outbox's file, under a data folder. */
export function mailOutboxPath(dataDir: string): string {
  return `${dataDir}/outbox/mail/mail.jsonl`;
}

/** The messages of the mail outbox sent to `to` (any case), oldest first. */
export async function readMailOutbox(path: string, to: string): Promise<MailOutboxLine[]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MailOutboxLine)
    .filter((line) => line.to.toLowerCase() === to.toLowerCase());
}

/** The confirmation link in a message's text (identity's e-mail confirmation), if it has one. */
export function confirmationLinkIn(text: string): string | undefined {
  return /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
}

/**
 * The newest confirmation link mailed to `to` at or after `notBefore` (ms), waiting up to `waitMs`
 * for it to arrive.
 */
export async function latestConfirmationLink(
  path: string,
  to: string,
  { notBefore = 0, waitMs = 0 }: { notBefore?: number; waitMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mails = (await readMailOutbox(path, to)).filter((mail) => Date.parse(mail.at) >= notBefore);
    const link = confirmationLinkIn(mails.at(-1)?.text ?? '');
    if (link) return link;
    if (Date.now() >= deadline) throw new Error(`no confirmation link in the mail outbox for ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
