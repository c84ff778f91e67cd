import { z } from 'zod';
import { OTP_LENGTH } from './limits';
import { serviceNumberSchema, type UserDto } from './users';

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

export interface RequestOtpResponse {
  message: string;
  /** The last digits of the phone the code went to, e.g. "•••• 4821". */
  phoneHint: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

export interface VerifyOtpResponse {
  token: string;
  user: UserDto;
}

export interface MeResponse {
  user: UserDto;
}

/** Claims of the gateway's signed session token. */
export interface SessionTokenClaims {
  sub: string;
  role: string;
  sn: string;
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
export interface SessionUserQuery {
  userId: string;
}
export interface VerifyOtpResult {
  user: UserDto;
}
