import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import { maskPhone } from '../logger';
import { SmsSender, type SmsMessage } from './sms-sender';

export function smsOutboxPath(dataDir: string): string {
  return join(dataDir, 'outbox', 'sms.jsonl');
}

/**
 * Development and test adapter: each message becomes one JSON line in `<DATA_DIR>/outbox/sms.jsonl`,
 * where a developer (or a test) reads the code. Refused in production by configuration.
 */
export class ConsoleSmsSender extends SmsSender {
  constructor(
    private readonly outboxPath: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  async send(message: SmsMessage): Promise<void> {
    await mkdir(dirname(this.outboxPath), { recursive: true });
    const line = JSON.stringify({ at: new Date().toISOString(), ...message });
    await appendFile(this.outboxPath, `${line}\n`, 'utf8');
    this.logger.info(
      { to: maskPhone(message.to), outbox: this.outboxPath },
      'SMS written to the development outbox',
    );
  }
}
