import { z } from 'zod';
import type { Role } from './roles';

/**
 * Single sign-on through the hospital's identity provider (OpenID Connect). Identity runs the
 * protocol with each configured provider; the gateway only carries the browser's redirects, and
 * the sign-in page shows what came of them.
 */

/** A provider's id: a short lower-case name used in addresses (`/api/auth/sso/hospital/start`). */
export const ssoProviderIdSchema = z
  .string({ error: 'A provider id is required.' })
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, {
    error: 'A provider id is 1–32 lower-case letters, digits or dashes.',
  });

/** A provider the sign-in page offers: "Sign in with <label>". */
export const ssoProviderSchema = z.object({
  id: ssoProviderIdSchema,
  label: z.string().describe('Shown on the sign-in page as "Sign in with <label>".'),
});
export type SsoProvider = z.output<typeof ssoProviderSchema>;

export const ssoProvidersResponseSchema = z.object({ providers: z.array(ssoProviderSchema).max(8) }).meta({
  id: 'SignInProviders',
  examples: [{ providers: [{ id: 'hospital', label: 'Korle Bu staff account' }] }],
});
export type SsoProvidersResponse = z.output<typeof ssoProvidersResponseSchema>;

/** At most this many providers may be configured: the sign-in page offers each as a button. */
export const MAX_SSO_PROVIDERS = 8;

/**
 * Why a single sign-on did not sign the person in: the refusal's `message` says it in words
 * (`ssoRefusalMessage`); nothing else of the attempt reaches the browser (the details are in
 * identity's log).
 */
export const SSO_REFUSALS = [
  /** The provider's answer failed a check (state, issuer, audience, signature, expiry, nonce, code). */
  'failed',
  /** The sign-in was begun more than the allowed minutes ago, or in another browser. */
  'expired',
  /** The person cancelled at the provider, or the provider refused them. */
  'cancelled',
  /** The provider could not be reached. */
  'unavailable',
  /** The claim that names the person matches nobody on the roster. */
  'not-rostered',
  /** The claim matches more than one roster entry (a shared e-mail address). */
  'ambiguous',
  /** The roster entry is deactivated. */
  'deactivated',
  /** None of the person's groups gives a role in Caliber. */
  'no-role',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export function isSsoRefusal(value: string): value is SsoRefusal {
  return (SSO_REFUSALS as readonly string[]).includes(value);
}

/** The sentence the sign-in page shows for a refusal. */
export function ssoRefusalMessage(reason: SsoRefusal): string {
  const messages: Record<SsoRefusal, string> = {
    failed: 'The sign-in with your hospital account could not be confirmed. Please try again.',
    expired: 'The sign-in took too long or was started in another browser. Please try again.',
    cancelled: 'The sign-in was cancelled at your hospital account.',
    unavailable:
      "Your hospital's sign-in service cannot be reached right now. Try again in a minute, or sign in with a code.",
    'not-rostered':
      "Your hospital account is not on Caliber's staff roster. Ask your department's administrator to add you.",
    ambiguous:
      'Your hospital account matches more than one person on the staff roster. Ask your administrator to correct the roster.',
    deactivated: 'This account has been deactivated. Contact your administrator.',
    'no-role':
      'Your hospital account is in no group that gives access to Caliber. Ask your IT service desk to add you to the right group.',
  };
  return messages[reason];
}

/** How a session began, as the audit trail and the session's record say it. */
export const SIGN_IN_METHODS = ['code', 'single-sign-on'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A sign-in begun: where the browser goes next. */
export const ssoStartedSchema = z
  .object({
    authorizationUrl: z
      .string()
      .describe("The provider's sign-in page, with this sign-in's state, nonce and PKCE challenge."),
  })
  .meta({
    id: 'SignInStarted',
    examples: [
      {
        authorizationUrl:
          'https://login.microsoftonline.com/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b/oauth2/v2.0/authorize?client_id=6d5c4b3a&response_type=code&scope=openid+profile+email+offline_access&state=Vb1X9tq2&nonce=Qm4p0Zr8&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&redirect_uri=https%3A%2F%2Fcmms.hospital.example%2Flogin%2Fsso',
      },
    ],
  });
export type SsoStarted = z.output<typeof ssoStartedSchema>;

/** The body of `POST /api/auth/sso/finish`: the provider's answer, as the callback page's address carried it. */
export const ssoFinishSchema = z.strictObject(
  {
    query: z
      .string({ error: "The provider's answer is missing. Please sign in again." })
      .max(4096, { error: "The provider's answer is too long." }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only query may be sent.' : undefined) },
);
export type SsoFinishRequest = z.input<typeof ssoFinishSchema>;

/** The answer of sign-out: where to end the provider's session too, when the session began there. */
export const signedOutSchema = z
  .object({
    providerSignOutUrl: z
      .string()
      .nullable()
      .describe(
        "The identity provider's sign-out address (RP-initiated logout) when the session began by single sign-on and the provider supports it; the page goes there next.",
      ),
  })
  .meta({
    id: 'SignedOut',
    examples: [
      {
        providerSignOutUrl:
          'https://login.microsoftonline.com/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b/oauth2/v2.0/logout?client_id=6d5c4b3a&post_logout_redirect_uri=https%3A%2F%2Fcmms.hospital.example%2Flogin',
      },
    ],
  });
export type SignedOut = z.output<typeof signedOutSchema>;

/** Gateway → identity: begin a sign-in with `provider`. */
export interface StartSsoCommand {
  provider: string;
  /** SHA-256 (hex) of the random value the gateway put in the browser's cookie: the callback must come from that browser. */
  browserBinding: string;
}
export interface StartSsoResult {
  authorizationUrl: string;
}

/** Gateway → identity: the provider sent the browser back with this query string. */
export interface FinishSsoCommand {
  /** The callback page's query string as received (`code`, `state`, `iss`, or `error`). */
  query: string;
  browserBinding: string;
  clientAddress: string;
}
export type FinishSsoResult =
  { outcome: 'signed-in'; voucher: string } | { outcome: 'refused'; reason: SsoRefusal };

/** Identity's answer to sign-out. */
export interface EndSessionResult {
  ended: true;
  providerSignOutUrl: string | null;
}

/** The role a person's directory groups give, through a provider's mapping; the highest wins. */
export const ROLE_RANK: Readonly<Record<Role, number>> = {
  Clinical: 0,
  Technician: 1,
  Manager: 2,
  Engineer: 3,
  Admin: 4,
};
