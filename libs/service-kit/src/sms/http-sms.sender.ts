import type { Logger } from 'pino';
import { maskPhone } from '../logger';
import { SmsDeliveryError, SmsSender, type SmsMessage } from './sms-sender';

export interface HttpSmsOptions {
  url: string;
  token: string | undefined;
  senderId: string;
  timeoutMs: number;
}

/**
 * Sends through an HTTP SMS gateway: `POST <SMS_HTTP_URL>` with JSON `{from, to, message}` and,
 * when SMS_HTTP_TOKEN is set, `Authorization: Bearer <token>`. Any 2xx answer counts as accepted.
 */
export class HttpSmsSender extends SmsSender {
  constructor(
    private readonly options: HttpSmsOptions,
    private readonly logger: Logger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    super();
  }

  async send(message: SmsMessage): Promise<void> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.options.token) headers['authorization'] = `Bearer ${this.options.token}`;
    let response: Response;
    try {
      response = await this.fetchImpl(this.options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ from: this.options.senderId, to: message.to, message: message.body }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error({ to: maskPhone(message.to), reason }, 'SMS gateway could not be reached');
      throw new SmsDeliveryError(`SMS gateway could not be reached: ${reason}`);
    }
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).slice(0, 200);
      this.logger.error(
        { to: maskPhone(message.to), status: response.status, answer: text },
        'SMS gateway refused',
      );
      throw new SmsDeliveryError(`SMS gateway answered ${response.status}`);
    }
    this.logger.info({ to: maskPhone(message.to), status: response.status }, 'SMS handed to the gateway');
  }
}
