import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { commonEnvShape } from '../config';
import { createLogger } from '../logger';
import { checkMailEnv, mailEnvShape, mailOutboxDir, mailSettings } from './mail-config';
import { Mailer, type OutboxMailLine } from './mailer';

async function* chunks(...parts: string[]): AsyncIterable<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

describe('Mailer: the development outbox', () => {
  it('writes each message as an .eml file and a line of mail.jsonl, with or without an attachment', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'caliber-mail-'));
    const mailer = new Mailer(
      mailSettings({ MAIL_FROM: 'Caliber <caliber@caliber.invalid>' }, dataDir),
      createLogger('test', 'silent'),
    );
    await mailer.send({ to: 'ama@clinic.example', subject: 'Confirm', text: 'Open https://x.example/a?b=1' });
    await mailer.send({
      to: 'head@hospital.example',
      subject: 'Report',
      text: 'Attached.',
      attachment: { fileName: 'r.csv', contentType: 'text/csv', content: () => chunks('a,b\n', '1,2\n') },
    });
    const lines = (await readFile(join(mailOutboxDir(dataDir), 'mail.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as OutboxMailLine);
    expect(lines).toEqual([
      expect.objectContaining({
        to: 'ama@clinic.example',
        subject: 'Confirm',
        text: 'Open https://x.example/a?b=1',
      }),
      expect.objectContaining({ to: 'head@hospital.example', subject: 'Report', attachment: 'r.csv' }),
    ]);
    expect(lines[0]).not.toHaveProperty('attachment');
    const first = await readFile(lines[0]?.file ?? '', 'utf8');
    expect(first).toContain('From: Caliber <caliber@caliber.invalid>');
    expect(first).toContain('To: ama@clinic.example');
    const second = await readFile(lines[1]?.file ?? '', 'utf8');
    expect(second).toContain('filename=r.csv');
    expect(second).toContain(Buffer.from('a,b\n1,2\n').toString('base64'));
  });
});

describe('Mail configuration', () => {
  const schema = z
    .object({
      NODE_ENV: commonEnvShape.NODE_ENV,
      DATA_DIR: z.string().default('.data'),
      ...mailEnvShape('Me <me@x.invalid>'),
    })
    .superRefine(checkMailEnv)
    .transform((env) => mailSettings(env, env.DATA_DIR));

  it('writes to the outbox without SMTP_URL outside production, and sends through SMTP_URL when given', () => {
    expect(schema.parse({})).toEqual({
      smtpUrl: null,
      from: 'Me <me@x.invalid>',
      outboxDir: join('.data', 'outbox', 'mail'),
    });
    expect(
      schema.parse({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'Us <us@x.example>' }),
    ).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example:465',
      from: 'Us <us@x.example>',
    });
  });

  it('refuses production without SMTP_URL, and an SMTP_URL of another scheme', () => {
    const messages = (env: Record<string, string>) =>
      schema.safeParse(env).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages({ NODE_ENV: 'production' })).toEqual([
      'SMTP_URL: SMTP_URL is required in production: the mail outbox folder is for development and tests.',
    ]);
    expect(messages({ SMTP_URL: 'http://mail.example' })).toEqual([
      'SMTP_URL: must be a URL starting with smtp:// or smtps://',
    ]);
  });
});
