import { canonicalRole, MAX_SSO_PROVIDERS, ssoProviderIdSchema, type Role } from '@caliber/contracts';
import { z } from 'zod';

/** Roster fields a provider's person claim may be matched against. */
export const ROSTER_FIELDS = ['email', 'serviceNumber'] as const;
export type RosterField = (typeof ROSTER_FIELDS)[number];

/**
 * Entra ID's shared endpoints accept any tenant's accounts: a hospital's provider must name its
 * own tenant, or anybody with a Microsoft work account could try to sign in.
 */
const SHARED_ENTRA_TENANTS =
  /^https:\/\/login\.microsoftonline\.com\/(common|organizations|consumers)(\/|$)/i;

const providerSchema = z
  .strictObject({
    id: ssoProviderIdSchema,
    label: z.string().trim().min(1).max(60),
    /** The issuer exactly as the provider's discovery document states it. */
    issuer: z.url({ protocol: /^https?$/, error: 'issuer must be the address of an OpenID provider' }),
    clientId: z.string().trim().min(1).max(200),
    /** Absent: a public client (PKCE alone); present: sent in the token request's body (client_secret_post). */
    clientSecret: z.string().min(1).max(500).optional(),
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/))
      .max(10)
      .default(['openid', 'profile', 'email', 'offline_access']),
    /** The ID token claim that names the person (e.g. `email`, `employee_id`, `preferred_username`). */
    personClaim: z.string().trim().min(1).max(100),
    /** The roster field that claim is compared with (case-insensitively). */
    rosterField: z.enum(ROSTER_FIELDS),
    /** The ID token claim holding the person's groups (`groups` for Entra ID and Keycloak). */
    groupsClaim: z.string().trim().min(1).max(100).default('groups'),
    /** Group → role. A person whose groups map to no role is refused. */
    roles: z.record(z.string().min(1).max(200), z.string()).transform((mapping, ctx) => {
      const roles: Record<string, Role> = {};
      for (const [group, name] of Object.entries(mapping)) {
        const role = canonicalRole(name);
        if (!role) {
          ctx.addIssue({
            code: 'custom',
            message: `group "${group}" maps to "${name}", which is not a role`,
          });
          continue;
        }
        roles[group] = role;
      }
      return roles;
    }),
    /** Whether signing out of Caliber also ends the provider's session (when it supports it). */
    endProviderSession: z.boolean().default(true),
    /** The one algorithm the ID token may be signed with, by a key the provider publishes. */
    signingAlgorithm: z
      .enum(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'])
      .default('RS256'),
  })
  .superRefine((provider, ctx) => {
    if (SHARED_ENTRA_TENANTS.test(provider.issuer))
      ctx.addIssue({
        code: 'custom',
        path: ['issuer'],
        message:
          "must name the hospital's own Entra ID tenant (https://login.microsoftonline.com/<tenant id>/v2.0), not a shared endpoint",
      });
    if (!provider.scopes.includes('openid'))
      ctx.addIssue({ code: 'custom', path: ['scopes'], message: 'must include openid' });
    if (Object.keys(provider.roles).length === 0)
      ctx.addIssue({ code: 'custom', path: ['roles'], message: 'must map at least one group to a role' });
  });

export type SsoProviderConfig = z.output<typeof providerSchema>;

/** `SSO_PROVIDERS`: a JSON array of providers (from a Secret: it holds client secrets). */
export const ssoProvidersVariable = z
  .string()
  .default('[]')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(providerSchema)
      .max(MAX_SSO_PROVIDERS)
      .refine((providers) => new Set(providers.map((p) => p.id)).size === providers.length, {
        error: 'each provider needs its own id',
      }),
  );

/** Whether a production deployment may use this issuer: only over HTTPS. */
export function issuerIsSecure(issuer: string): boolean {
  return new URL(issuer).protocol === 'https:';
}
