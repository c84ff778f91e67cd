import {
  appearanceSettingsSchema,
  confirmEmailResponseSchema,
  confirmEmailSchema,
  meResponseSchema,
  notificationSettingsSchema,
  reportDefaultsSchema,
  requestOtpResponseSchema,
  requestOtpSchema,
  SUBJECTS,
  updateProfileSchema,
  verifyOtpResponseSchema,
  verifyOtpSchema,
} from '@caliber/contracts';
import { operation, STAFF, type ApiOperation } from '../api/operation';
import { COMMON_REFUSALS } from '../api/refusals';
import { SIGNED_OUT_ANSWER } from './sso.operations';

/** What a handler of the gateway's own answers when identity, behind it, does not. */
const IDENTITY_DOWN = { 503: COMMON_REFUSALS[503] } as const;

/** Every save of the person's own settings answers the saved account, as `/auth/me` does. */
const SAVED_USER = { status: 200, description: '`{user}`', schema: meResponseSchema } as const;

/**
 * Sign-in and the person's own account: the code, the session, and the Settings screen's saves.
 * Anyone may ask for a code and open a confirmation link; everything else is the signed-in
 * person's own.
 */
export const AUTH_OPERATIONS = {
  requestOtp: operation({
    operationId: 'requestOtp',
    method: 'post',
    path: '/api/auth/request-otp',
    tag: 'Sign-in',
    summary: 'Send a one-time code to the phone on the roster',
    callers: 'anyone',
    body: requestOtpSchema,
    answer: {
      status: 200,
      description: 'Code sent: `{message, phoneHint, expiresInSeconds, resendAfterSeconds}`.',
      schema: requestOtpResponseSchema,
    },
    refusals: {
      403: 'The account is deactivated, or its role signs in with the hospital account only (`SSO_REQUIRED`).',
      404: 'The service number is not on the roster.',
      429: 'Too many requests, or within 30 s of the previous code (`Retry-After`).',
      ...IDENTITY_DOWN,
    },
  }),
  verifyOtp: operation({
    operationId: 'verifyOtp',
    method: 'post',
    path: '/api/auth/verify-otp',
    tag: 'Sign-in',
    summary: 'Exchange the code for a session token',
    callers: 'anyone',
    body: verifyOtpSchema,
    answer: { status: 200, description: 'Signed in: `{token, user}`.', schema: verifyOtpResponseSchema },
    refusals: {
      403: 'The account is deactivated, or its role signs in with the hospital account only (`SSO_REQUIRED`).',
      404: 'The service number is not on the roster.',
      422: 'Wrong, expired, used or locked code, or one ended by a change of the account (phone, activity, role) since it was sent (`OTP_WITHDRAWN`); `message` says which.',
      429: 'Too many attempts.',
      ...IDENTITY_DOWN,
    },
  }),
  getCurrentUser: operation({
    operationId: 'getCurrentUser',
    method: 'get',
    path: '/api/auth/me',
    tag: 'Sign-in',
    summary: 'The signed-in user, with saved notification settings and report defaults',
    callers: 'signed-in',
    answer: { status: 200, description: '`{user}`', schema: meResponseSchema },
  }),
  logout: operation({
    operationId: 'logout',
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Sign-in',
    summary: 'End this session on the server: its token stops working everywhere at once',
    callers: 'signed-in',
    answer: SIGNED_OUT_ANSWER,
    refusals: IDENTITY_DOWN,
  }),
  updateOwnProfile: operation({
    operationId: 'updateOwnProfile',
    method: 'put',
    path: '/api/users/me',
    tag: 'Settings',
    summary: 'Change your own name and e-mail',
    description:
      'A new e-mail address does not replace yours at once: a confirmation link is mailed to it, it is answered as `user.pendingEmail`, and `user.email` stays in force until the link is opened (`POST /api/auth/confirm-email`). Sending the pending address again changes nothing; your address in force cancels the pending change; `""` clears both. A new address is refused past your limit of confirmation mails (one a minute, five a day), and nothing is saved. See docs/using/email-addresses.md.',
    callers: 'signed-in',
    body: updateProfileSchema,
    answer: SAVED_USER,
    refusals: {
      409: 'The e-mail address belongs to someone else.',
      429: 'A confirmation mail was sent less than a minute ago, or five in the last 24 hours (`Retry-After`); nothing is saved.',
      503: 'The confirmation could not be mailed; nothing is saved.',
    },
  }),
  sendEmailConfirmation: operation({
    operationId: 'sendEmailConfirmation',
    method: 'post',
    path: '/api/users/me/email/confirmation',
    tag: 'Settings',
    summary: 'Mail a new confirmation link for your pending e-mail address, or for your own unconfirmed one',
    description:
      'Only the newest link works. An address set by someone else (the staff screens, a roster import) or kept from before is not confirmed: this mails it a link. Answers `{user}`.',
    callers: 'signed-in',
    answer: {
      ...SAVED_USER,
      description: '`{user}`, with `pendingEmail` the address the link was sent to.',
    },
    refusals: {
      409: 'Nothing to confirm: no address, or yours is confirmed already; or the address belongs to someone else now.',
      429: 'A confirmation mail was sent less than a minute ago, or five in the last 24 hours (`Retry-After`).',
      ...IDENTITY_DOWN,
    },
  }),
  cancelEmailChange: operation({
    operationId: 'cancelEmailChange',
    method: 'delete',
    path: '/api/users/me/email/pending',
    tag: 'Settings',
    summary: 'Cancel your pending e-mail change: its link stops working, your address in force stays',
    callers: 'signed-in',
    answer: SAVED_USER,
    refusals: IDENTITY_DOWN,
  }),
  confirmEmail: operation({
    operationId: 'confirmEmail',
    method: 'post',
    path: '/api/auth/confirm-email',
    tag: 'Settings',
    summary: "Confirm an e-mail address with its link's token, signed in or not",
    description:
      "The web app's `/confirm-email?token=…` page sends it when the person chooses Confirm. The address becomes the person's address in force, confirmed: reports may be mailed to it. Answers `{email, message}`.",
    callers: 'anyone',
    body: confirmEmailSchema,
    answer: { status: 200, description: '`{email, message}`', schema: confirmEmailResponseSchema },
    refusals: {
      400: 'The token is not a whole link token.',
      403: 'The account is deactivated.',
      404: 'No such link.',
      409: 'The address was confirmed by someone else meanwhile: one address, one person.',
      410: 'The link has been used, has expired (24 hours), was replaced by a newer one or cancelled; `message` says which.',
    },
    // The link may be opened on any device, signed in or not: the gateway asks for itself, and
    // the token (256 random bits, kept only as a hash) says whose change it is.
    forward: {
      subject: SUBJECTS.identity.confirmEmail,
      message: ({ body }) => body,
      // Shown to a person opening a link, signed in or not.
      service: 'sign-in service',
    },
  }),
  updateNotificationSettings: operation({
    operationId: 'updateNotificationSettings',
    method: 'put',
    path: '/api/settings/notifications',
    tag: 'Settings',
    summary: 'Save notification settings',
    callers: 'signed-in',
    body: notificationSettingsSchema,
    answer: SAVED_USER,
  }),
  updateReportDefaults: operation({
    operationId: 'updateReportDefaults',
    method: 'put',
    path: '/api/settings/reports',
    tag: 'Settings',
    summary: 'Save report defaults',
    callers: STAFF,
    body: reportDefaultsSchema,
    answer: SAVED_USER,
  }),
  updateAppearance: operation({
    operationId: 'updateAppearance',
    method: 'put',
    path: '/api/settings/appearance',
    tag: 'Settings',
    summary: 'Save the theme to your account, so it follows you to other devices',
    description: "`theme` is `light`, `dark`, or `null` to follow each device's system setting.",
    callers: 'signed-in',
    body: appearanceSettingsSchema,
    answer: SAVED_USER,
  }),
} as const satisfies Record<string, ApiOperation>;
