import type { ProviderClient } from './config';
import { DEMO_GROUP_ROLES } from './demo-people';

/** The client id the local stack registers Caliber under at the local identity provider. */
export const LOCAL_SSO_CLIENT_ID = 'caliber';

/** The id and the button label of the local identity provider in Caliber's sign-in page. */
export const LOCAL_SSO_PROVIDER = { id: 'hospital', label: 'Caliber demo directory' } as const;

/** Caliber as the local identity provider knows it: its callback and where signing out returns. */
export function localSsoClient(httpPort: number, clientSecret: string): ProviderClient {
  return {
    clientId: LOCAL_SSO_CLIENT_ID,
    clientSecret,
    redirectUris: [`http://localhost:${httpPort}/login/sso`],
    postLogoutRedirectUris: [`http://localhost:${httpPort}/login`],
  };
}

/**
 * The identity service's `SSO_PROVIDERS` for the local identity provider: people found on the
 * roster by e-mail, their role from the demo directory's groups.
 */
export function localSsoProviders(issuer: string, clientSecret: string): string {
  return JSON.stringify([
    {
      ...LOCAL_SSO_PROVIDER,
      issuer,
      clientId: LOCAL_SSO_CLIENT_ID,
      clientSecret,
      scopes: ['openid', 'profile', 'email', 'groups', 'offline_access'],
      personClaim: 'email',
      rosterField: 'email',
      groupsClaim: 'groups',
      roles: { ...DEMO_GROUP_ROLES },
      endProviderSession: true,
    },
  ]);
}
