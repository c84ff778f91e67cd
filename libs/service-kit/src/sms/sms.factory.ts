import type { Logger } from 'pino';
import { ConsoleSmsSender, smsOutboxPath } from './console-sms.sender';
import { HttpSmsSender } from './http-sms.sender';
import type { SmsConfig } from './sms-config';
import type { SmsSender } from './sms-sender';

/** Picks the SMS adapter named by configuration (validated at start-up). */
export function createSmsSender(
  config: { sms: SmsConfig; dataDir: string; productName: string },
  logger: Logger,
): SmsSender {
  switch (config.sms.adapter) {
    case 'console':
      return new ConsoleSmsSender(smsOutboxPath(config.dataDir), logger.child({ component: 'sms' }));
    case 'http':
      return new HttpSmsSender(
        {
          url: config.sms.httpUrl ?? '',
          token: config.sms.httpToken,
          senderId: config.sms.senderId ?? config.productName,
          timeoutMs: config.sms.httpTimeoutMs,
        },
        logger.child({ component: 'sms' }),
      );
  }
}
