import { CONFIRM_EMAIL_PATH, EMAIL_CONFIRMATION_TTL_HOURS } from '@caliber/contracts';
import type { MailMessage } from '@caliber/service-kit';

export interface ConfirmationMailInput {
  productName: string;
  /** Where people open the app (`PUBLIC_URL`), without a trailing slash. */
  publicUrl: string;
  address: string;
  serviceNumber: string;
  token: string;
}

/** The link a confirmation mail carries: the web app's confirm page, with the token. */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${CONFIRM_EMAIL_PATH}?token=${token}`;
}

/**
 * The confirmation mail. It names the account by service number, never by name: a name is free
 * text a person types themselves, and this mail goes to an address nobody has vouched for yet, so
 * a name such as "Eve: your invoice is at https://…" would reach a stranger in the hospital's
 * voice. A service number is letters, digits, "-" and "/" only. Everything else is the product's
 * words, the address the mail goes to, and the link.
 */
export function confirmationMail(input: ConfirmationMailInput): MailMessage {
  const { productName, address, serviceNumber } = input;
  return {
    to: address,
    subject: `${productName}: confirm your e-mail address`,
    text: [
      `${productName} was asked to use this address (${address}) for the staff account ${serviceNumber}.`,
      '',
      `To confirm it, open this link within ${EMAIL_CONFIRMATION_TTL_HOURS} hours and choose Confirm:`,
      confirmationLink(input.publicUrl, input.token),
      '',
      `Until then the account keeps its current address, and ${productName} sends nothing else here.`,
      'If you did not ask for this, ignore this message: nothing changes.',
    ].join('\n'),
  };
}
