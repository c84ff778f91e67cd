import { z } from 'zod';

/**
 * A person's e-mail address receives hospital data (reports), so it counts only once the person
 * has proved it is theirs: a change they make is confirmed by a link mailed to the new address,
 * and until then the old address stays in force. The rules are told in docs/using/email-addresses.md.
 */

/** How long a confirmation link works after it is sent. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;
/** The least time between two confirmation mails of one person. */
export const EMAIL_CONFIRMATION_RESEND_SECONDS = 60;
/** Confirmation mails one person may have sent in any 24 hours: no outside address can be flooded. */
export const EMAIL_CONFIRMATIONS_PER_DAY = 5;

/** A link's token: 32 random bytes, base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /auth/confirm-email`: the token of the link, with or without a session. */
export const confirmEmailSchema = z.strictObject(
  {
    token: z.string({ error: 'token is required.' }).trim().regex(TOKEN_PATTERN, {
      error:
        'This confirmation link is incomplete. Open the whole link from the e-mail, or copy all of it into the address bar.',
    }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only token may be sent.' : undefined) },
);
export type ConfirmEmailRequest = z.input<typeof confirmEmailSchema>;

/** A link confirmed: the address now in force, and a sentence saying so. */
export const confirmEmailResponseSchema = z
  .object({
    email: z.string().describe('The address now in force.'),
    message: z.string(),
  })
  .meta({
    id: 'EmailConfirmed',
    examples: [
      {
        email: 'amina.okafor@hospital.example',
        message:
          'Your e-mail address is now amina.okafor@hospital.example. Reports you ask for may be e-mailed to it.',
      },
    ],
  });
export type ConfirmEmailResponse = z.output<typeof confirmEmailResponseSchema>;
