import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailSettings } from './mail-config';

/** A file sent with a message, read chunk by chunk when the message goes out. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: () => AsyncIterable<Buffer>;
}

/** One message to one address: plain text, and an HTML part when `html` is given. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachment?: MailAttachment;
  /**
   * The message's own id (`<id@host>`): given by a sender that may send one message twice after
   * a crash, so the receiving side can tell it is the same message.
   */
  messageId?: string;
  /** Extra headers (`List-Unsubscribe` for the one-click way to turn a kind of message off). */
  headers?: Record<string, string>;
}

/** What the development outbox's `mail.jsonl` holds for each message (tests and developers read it). */
export interface OutboxMailLine {
  at: string;
  to: string;
  subject: string;
  text: string;
  /** The attached file's name, when there is one. */
  attachment?: string;
  /** The whole message, as an `.eml` file beside `mail.jsonl`. */
  file: string;
}

/**
 * The one way a service sends e-mail (the seam its tests and callers see): through the SMTP server
 * of `SMTP_URL`, or, without one (development and tests; production refuses to start so), into the
 * development outbox folder. nodemailer builds the message either way, so the outbox holds exactly
 * what would have been sent. A refusal of the server is thrown to the caller, which decides whether
 * to try again.
 */
export class Mailer {
  private readonly transport: Transporter;

  constructor(
    private readonly settings: MailSettings,
    private readonly logger: Logger,
  ) {
    this.transport = settings.smtpUrl
      ? createTransport(settings.smtpUrl, { from: settings.from })
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: settings.from });
  }

  async send(message: MailMessage): Promise<void> {
    const { attachment } = message;
    const info = (await this.transport.sendMail({
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.messageId ? { messageId: message.messageId } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
      ...(attachment
        ? {
            attachments: [
              {
                filename: attachment.fileName,
                contentType: attachment.contentType,
                content: Readable.from(attachment.content()),
              },
            ],
          }
        : {}),
    })) as { messageId?: string; message?: Buffer };
    if (!this.settings.smtpUrl && info.message) await this.keepInOutbox(message, info.message);
    this.logger.debug({ messageId: info.messageId }, 'mail sent');
  }

  private async keepInOutbox(message: MailMessage, raw: Buffer): Promise<void> {
    const dir = this.settings.outboxDir;
    await mkdir(dir, { recursive: true });
    const name = message.attachment?.fileName ?? 'message';
    const file = join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}-${name}.eml`);
    await writeFile(file, raw);
    const line: OutboxMailLine = {
      at: new Date().toISOString(),
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.attachment ? { attachment: message.attachment.fileName } : {}),
      file,
    };
    // One line per append: two services writing to one outbox (the local stack) never interleave.
    await appendFile(join(dir, 'mail.jsonl'), `${JSON.stringify(line)}\n`);
  }
}
