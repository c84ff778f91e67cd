import { z } from 'zod';

/** A person of the directory, as the identity provider signs them in and describes them in tokens. */
export const directoryPersonSchema = z.object({
  /** The `sub` claim: stable, never reused. */
  id: z.string().min(1),
  /** What the person types on the sign-in page (the demo directory uses their e-mail). */
  login: z.string().min(1),
  name: z.string().min(1),
  email: z.email(),
  employeeId: z.string().min(1),
  groups: z.array(z.string().min(1)),
});
export type DirectoryPerson = z.infer<typeof directoryPersonSchema>;

/** A relying party registered with the provider. Without a secret it is a public client (PKCE alone). */
export const providerClientSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  redirectUris: z.array(z.url()).min(1),
  postLogoutRedirectUris: z.array(z.url()),
});
export type ProviderClient = z.infer<typeof providerClientSchema>;

/** The whole configuration of the provider's process, given as JSON in `IDP_CONFIG`. */
export const identityProviderConfigSchema = z.object({
  port: z.number().int().min(1).max(65535),
  issuer: z.url(),
  clients: z.array(providerClientSchema).min(1),
  people: z.array(directoryPersonSchema),
  /** `POST /_test/people/<id>` changes a person at run time (tests only). */
  testControls: z.boolean().optional(),
  /** The process's clock shifted by this much: tokens carry shifted `iat` and `exp` (tests only). */
  clockOffsetSeconds: z.number().int().optional(),
  /** Every ID token issued with this audience instead of the client's id (tests only). */
  idTokenAudience: z.string().min(1).optional(),
});
export type IdentityProviderConfig = z.infer<typeof identityProviderConfigSchema>;

/** What a test may change about a person while the provider runs. */
export const personChangeSchema = z
  .object({
    groups: z.array(z.string().min(1)).optional(),
    /** A disabled person can no longer sign in, and their refresh tokens are refused. */
    disabled: z.boolean().optional(),
  })
  .strict();
export type PersonChange = z.infer<typeof personChangeSchema>;

/** Everyone's password in the provider's directory: it serves development and tests only. */
export const DEMO_PASSWORD = 'demo';

/** The variable the process reads its configuration from. */
export const CONFIG_VARIABLE = 'IDP_CONFIG';

/** Reads and checks the configuration; a wrong one stops the process with what is wrong. */
export function readIdentityProviderConfig(env: NodeJS.ProcessEnv): IdentityProviderConfig {
  const raw = env[CONFIG_VARIABLE];
  if (!raw)
    throw new Error(`${CONFIG_VARIABLE} is not set: the identity provider reads its configuration from it.`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error(`${CONFIG_VARIABLE} is not JSON.`);
  }
  const parsed = identityProviderConfigSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `${CONFIG_VARIABLE} is not a valid configuration: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ')}`,
    );
  return parsed.data;
}
