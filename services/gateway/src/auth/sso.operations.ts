import {
  signedOutSchema,
  ssoExchangeSchema,
  ssoProvidersResponseSchema,
  verifyOtpResponseSchema,
} from '@caliber/contracts';
import { operation } from '../api/operation';
import { COMMON_REFUSALS } from '../api/refusals';

const IDENTITY_DOWN = { 503: COMMON_REFUSALS[503] } as const;

/**
 * Single sign-on through the hospital's identity provider (OpenID Connect). The browser is sent to
 * the provider and back by redirects; the page then trades the one-time hand-over in its address
 * for a session token, as the code's sign-in answers it. See docs/running/single-sign-on.md.
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
    refusals: IDENTITY_DOWN,
  }),
  startSingleSignOn: operation({
    operationId: 'startSingleSignOn',
    method: 'get',
    path: '/api/auth/sso/{provider}/start',
    tag: 'Sign-in',
    summary: 'Begin a sign-in at an identity provider: the browser is sent there',
    description:
      "Opened by the browser, not called by scripts: sets a short-lived HttpOnly cookie that binds the sign-in to this browser and answers 303 to the provider's authorization address (code flow with PKCE, state and nonce). A sign-in must be finished within 10 minutes.",
    callers: 'anyone',
    answer: { status: 303, description: "To the provider's sign-in page (`Location`)." },
    refusals: {
      400: 'The provider id is not one (lower-case letters, digits, dashes).',
      404: 'No provider of that id is configured.',
      429: 'Too many sign-ins begun from this address (`Retry-After`).',
      503: 'The provider or the sign-in service cannot be reached, or too many sign-ins are in progress (`Retry-After`).',
    },
  }),
  finishSingleSignOn: operation({
    operationId: 'finishSingleSignOn',
    method: 'get',
    path: '/api/auth/sso/callback',
    tag: 'Sign-in',
    summary: "The provider's answer (the redirect URI every provider registers)",
    description:
      'Answers 303 to `/login#sso=<hand-over>` when the person is signed in, or to `/login#sso-refused=<reason>` (`failed`, `expired`, `cancelled`, `unavailable`, `not-rostered`, `ambiguous`, `deactivated`, `no-role`) when not; the sign-in page says the reason in words. The hand-over works once, within a minute.',
    callers: 'anyone',
    answer: {
      status: 303,
      description: 'To the sign-in page with the hand-over or the reason (`Location`).',
    },
  }),
  exchangeSignInHandover: operation({
    operationId: 'exchangeSignInHandover',
    method: 'post',
    path: '/api/auth/sso/exchange',
    tag: 'Sign-in',
    summary: 'Trade the single sign-on hand-over for a session token',
    callers: 'anyone',
    body: ssoExchangeSchema,
    answer: { status: 200, description: 'Signed in: `{token, user}`.', schema: verifyOtpResponseSchema },
    refusals: { 401: 'The hand-over is unknown, was used, or is more than a minute old.' },
  }),
} as const;

/** The sign-out answer, declared beside sign-in's other answers. */
export const SIGNED_OUT_ANSWER = {
  status: 200,
  description: "Signed out: `{providerSignOutUrl}`, the provider's sign-out address to open next, or null.",
  schema: signedOutSchema,
} as const;
