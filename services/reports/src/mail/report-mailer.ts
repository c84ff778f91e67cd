import { mkdir, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { LOGGER } from '../tokens';

/** A report file going out by e-mail. */
export interface ReportMail {
  to: string;
  subject: string;
  text: string;
  fileName: string;
  contentType: string;
  /** The file, read chunk by chunk from the database. */
  content: () => AsyncIterable<Buffer>;
}

/** The development mail outbox: one `.eml` file per message and a line per message in `mail.jsonl`. */
export function mailOutboxDir(dataDir: string): string {
  return join(dataDir, 'outbox', 'mail');
}

/**
 * Sends report e-mails: through the SMTP server of `SMTP_URL` (production), or, without one, into
 * the development outbox folder, as the SMS adapter does for codes (refused in production by the
 * configuration). The attachment is streamed from the stored chunks.
 */
@Injectable()
export class ReportMailer {
  private readonly transport: Transporter;

  constructor(
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.transport = config.smtpUrl
      ? createTransport(config.smtpUrl, { from: config.mailFrom })
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: config.mailFrom });
  }

  async send(mail: ReportMail): Promise<void> {
    const info = (await this.transport.sendMail({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      attachments: [
        { filename: mail.fileName, contentType: mail.contentType, content: Readable.from(mail.content()) },
      ],
    })) as { messageId?: string; message?: Buffer };
    if (!this.config.smtpUrl && info.message) await this.keepInOutbox(mail, info.message);
    this.logger.info({ messageId: info.messageId, file: mail.fileName }, 'report e-mailed');
  }

  private async keepInOutbox(mail: ReportMail, message: Buffer): Promise<void> {
    const dir = mailOutboxDir(this.config.dataDir);
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${Date.now()}-${mail.fileName}.eml`);
    await writeFile(file, message);
    await appendFile(
      join(dir, 'mail.jsonl'),
      `${JSON.stringify({ at: new Date().toISOString(), to: mail.to, subject: mail.subject, attachment: mail.fileName, file })}\n`,
    );
  }
}
