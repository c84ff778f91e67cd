import { z } from 'zod';
import { OTP_LENGTH } from './limits';
import { serviceNumberSchema, userDtoSchema, userExample } from './users';

export const requestOtpSchema = z.strictObject(
  { serviceNumber: serviceNumberSchema },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only serviceNumber may be sent.' : undefined) },
);
export type RequestOtpRequest = z.input<typeof requestOtpSchema>;

export const otpSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? `Enter the ${OTP_LENGTH}-digit code sent to your phone.`
        : `The code must be ${OTP_LENGTH} digits.`,
  })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: `The code must be ${OTP_LENGTH} digits.` });

export const verifyOtpSchema = z.strictObject(
  { serviceNumber: serviceNumberSchema, otp: otpSchema },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Only serviceNumber and otp may be sent.' : undefined,
  },
);
export type VerifyOtpRequest = z.input<typeof verifyOtpSchema>;

/** A code sent: where it went (the phone's last digits), how long it works, when another may be asked. */
export const requestOtpResponseSchema = z
  .object({
    message: z.string(),
    phoneHint: z.string().describe('The last digits of the phone the code went to, e.g. "•••• 4821".'),
    expiresInSeconds: z.number().int(),
    resendAfterSeconds: z.number().int(),
  })
  .meta({
    id: 'OtpSent',
    examples: [
      {
        message: 'A 5-minute code was sent to your registered phone •••• 0142.',
        phoneHint: '•••• 0142',
        expiresInSeconds: 300,
        resendAfterSeconds: 30,
      },
    ],
  });
export type RequestOtpResponse = z.output<typeof requestOtpResponseSchema>;

/** Signed in: the session token to send as `Authorization: Bearer <token>`, and the person. */
export const verifyOtpResponseSchema = z.object({ token: z.string(), user: userDtoSchema }).meta({
  id: 'SignedIn',
  examples: [
    {
      token:
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI3YzFlMmQzZi00YTViLTRjNmQtOGU5Zi0wYTFiMmMzZDRlNWYiLCJzaWQiOiJlOGQ3YzZiNSIsInJvbGUiOiJFbmdpbmVlciIsInNuIjoiQk1FLTEwNDIifQ.4kq2Zr0sYbO9vGQm7TnXwLc1pHd3eFu6iJ8aK5lM0Ns',
      user: userExample,
    },
  ],
});
export type VerifyOtpResponse = z.output<typeof verifyOtpResponseSchema>;

/** The signed-in person, as `/auth/me` and every save of their own settings answer it. */
export const meResponseSchema = z
  .object({ user: userDtoSchema })
  .meta({ id: 'CurrentUser', examples: [{ user: userExample }] });
export type MeResponse = z.output<typeof meResponseSchema>;

/** Claims of the gateway's signed session token: a reference to identity's session, not the session itself. */
export interface SessionTokenClaims {
  sub: string;
  /** Identity's session id: ending it there ends this token, whatever its expiry says. */
  sid: string;
  role: string;
  sn: string;
}

/**
 * Why a session ended before the person chose to come back: the sign-in page says it as
 * "You were signed out: …".
 */
export const SESSION_END_REASONS = [
  'signed-out',
  'idle',
  'expired',
  'deactivated',
  'deleted',
  'role-changed',
  'phone-changed',
  'directory-changed',
  'sign-in-policy',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The sentence for each reason; `idleMinutes` is the configured idle timeout. */
export function sessionEndedMessage(reason: SessionEndReason, idleMinutes: number): string {
  const why: Record<SessionEndReason, string> = {
    'signed-out': 'you signed out.',
    idle: `no activity for ${idleMinutes} minutes.`,
    expired: 'your session reached its time limit. Please sign in again.',
    deactivated: 'your account has been deactivated. Contact your administrator.',
    deleted: 'your account was removed from the roster.',
    'role-changed': 'your role changed. Sign in again to continue with your new role.',
    'phone-changed': 'your phone number changed. Sign in again with a code sent to the new number.',
    'sign-in-policy':
      'your role now signs in with the hospital account. Sign in again with "Sign in with …".',
    'directory-changed':
      'your hospital account no longer gives you access to Caliber. Contact your IT service desk if this is wrong.',
  };
  return `You were signed out: ${why[reason]}`;
}

/** Published by identity when sessions end before their time limit (sign-out included). */
export interface SessionsEndedEvent {
  /** The sessions that ended; with `userId`, every session of that person ended. */
  sessionIds: string[];
  userId?: string;
  reason: SessionEndReason;
  /** The sentence the person's screens show. */
  message: string;
}

/** Published by identity after a person's account changed. */
export interface UserUpdatedEvent {
  userId: string;
  /**
   * Whether the person's name changed: others see it (the latest tasks on the dashboard, staff
   * lists), so what was kept of it elsewhere is dropped. False for changes only the person sees
   * (theme, notifications, report defaults, a confirmed e-mail address). Absent from an older
   * identity service: read as a change of name.
   */
  nameChanged?: boolean;
}

/** Sent by the live socket just before the server closes it because the session ended. */
export interface SessionEndedNotice {
  message: string;
}

/** Internal commands sent by the gateway to identity over NATS. */
export interface RequestOtpCommand {
  serviceNumber: string;
  clientAddress: string;
}
export interface VerifyOtpCommand {
  serviceNumber: string;
  otp: string;
  clientAddress: string;
}
export interface CheckSessionQuery {
  sessionId: string;
  /** Random per question: identity's signed answer must repeat it, so an old answer cannot be replayed. */
  nonce: string;
}
/** Identity's answer: a grant it signed (`SessionGrantClaims`); nothing else in the reply counts. */
export interface CheckSessionResult {
  grant: string;
}
export interface VerifyOtpResult {
  /** Signed by identity (`SignInVoucherClaims`): this person just signed in, in this session. */
  voucher: string;
}
