export interface SmsMessage {
  /** The phone number as rostered. */
  to: string;
  body: string;
  /** Whose phone it is; lets the development outbox be searched by service number. */
  serviceNumber: string;
}

/** Raised when a message could not be handed to the SMS gateway. */
export class SmsDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

/** The seam for sending text messages; one implementation per SMS_ADAPTER value. */
export abstract class SmsSender {
  abstract send(message: SmsMessage): Promise<void>;
}
