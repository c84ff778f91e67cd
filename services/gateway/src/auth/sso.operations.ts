import {
  signedOutSchema,
  signInPolicySchema,
  SUBJECTS,
  updateSignInPolicySchema,
  ssoFinishSchema,
  ssoProvidersResponseSchema,
  ssoStartedSchema,
  verifyOtpResponseSchema,
} from '@caliber/contracts';
import { ADMINS, operation } from '../api/operation';
import { COMMON_REFUSALS } from '../api/refusals';

/** Express cannot read an address whose percent-escapes are not UTF-8 text. */
const UNREADABLE_ADDRESS = {
  400: 'The address is not valid text: a percent-escape that is not UTF-8, or a NUL.',
} as const;

/**
 * Single sign-on through the hospital's identity provider (OpenID Connect). The sign-in page
 * begins a sign-in and goes to the provider's page; the provider sends the browser back to the
 * page at `/login/sso`, which hands the provider's answer on and gets a session token as the
 * code's sign-in does. Identity runs the protocol; see docs/running/single-sign-on.md.
 */
export const SSO_OPERATIONS = {
  listSignInProviders: operation({
    operationId: 'listSignInProviders',
    method: 'get',
    path: '/api/auth/sso',
    tag: 'Sign-in',
    summary: "The hospital's identity providers the sign-in page offers",
    callers: 'anyone',
    answer: {
      status: 200,
      description: '`{providers: [{id, label}]}`; empty when none is configured.',
      schema: ssoProvidersResponseSchema,
    },
    refusals: { ...UNREADABLE_ADDRESS, 503: COMMON_REFUSALS[503] },
  }),
  startSingleSignOn: operation({
    operationId: 'startSingleSignOn',
    method: 'post',
    path: '/api/auth/sso/{provider}/start',
    tag: 'Sign-in',
    summary: 'Begin a sign-in at an identity provider',
    description:
      "Sets a short-lived HttpOnly cookie that binds the sign-in to this browser, and answers the provider's sign-in address (authorization code flow with PKCE, state and nonce) for the browser to open. The sign-in must be finished within 10 minutes, in this browser.",
    callers: 'anyone',
    answer: { status: 200, description: '`{authorizationUrl}`', schema: ssoStartedSchema },
    refusals: {
      400: 'The provider id is not one (lower-case letters, digits, dashes).',
      404: 'No provider of that id is configured.',
      429: 'Too many sign-ins begun from this address (`Retry-After`).',
      503: 'The provider or the sign-in service cannot be reached, or too many sign-ins are in progress (`Retry-After`).',
    },
  }),
  finishSingleSignOn: operation({
    operationId: 'finishSingleSignOn',
    method: 'post',
    path: '/api/auth/sso/finish',
    tag: 'Sign-in',
    summary: "Hand on the provider's answer and get a session token",
    description:
      "`query` is the query string the provider sent the browser back with (to `/login/sso`): `code`, `state` and `iss`, or `error`. Every check of the answer is identity's (state, browser, issuer, audience, signature, expiry, nonce, PKCE); then the person must be on the roster, active, and in a group that gives a role. A refusal's `message` says which in words.",
    callers: 'anyone',
    body: ssoFinishSchema,
    answer: { status: 200, description: 'Signed in: `{token, user}`.', schema: verifyOtpResponseSchema },
    refusals: {
      403: 'Refused (`SSO_REFUSED`): the answer failed a check, took too long or came to another browser, was cancelled at the provider, or the person is not on the roster, is on it twice, is deactivated, or is in no mapped group; `message` says which.',
      503: 'The provider or the sign-in service cannot be reached; try again.',
    },
  }),
  getSignInPolicy: operation({
    operationId: 'getSignInPolicy',
    method: 'get',
    path: '/api/sign-in-policy',
    tag: 'Sign-in',
    summary: 'Which roles must sign in with their hospital account',
    callers: ADMINS,
    answer: {
      status: 200,
      description: '`{ssoRequiredRoles, providers, updatedAt}`',
      schema: signInPolicySchema,
    },
    forward: { subject: SUBJECTS.identity.signInPolicy },
  }),
  updateSignInPolicy: operation({
    operationId: 'updateSignInPolicy',
    method: 'put',
    path: '/api/sign-in-policy',
    tag: 'Sign-in',
    summary: 'Require single sign-on of chosen roles (the code by SMS is then refused to them)',
    description:
      'Technicians, Engineers and Managers may be chosen; Admins keep the code, the way in when the identity provider fails. Sessions begun with a code by people of a newly chosen role end at once (`sign-in-policy`). Audited.',
    callers: ADMINS,
    body: updateSignInPolicySchema,
    answer: { status: 200, description: 'The policy saved.', schema: signInPolicySchema },
    refusals: { 409: 'No identity provider is configured: single sign-on cannot be required yet.' },
    forward: { subject: SUBJECTS.identity.updateSignInPolicy },
  }),
} as const;

/** The sign-out answer, declared beside sign-in's other answers. */
export const SIGNED_OUT_ANSWER = {
  status: 200,
  description: "Signed out: `{providerSignOutUrl}`, the provider's sign-out address to open next, or null.",
  schema: signedOutSchema,
} as const;
