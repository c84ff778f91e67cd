/**
 * The local identity provider (a real OpenID provider in its own process) for integration tests
 * of single sign-on, and the identity service's re-check of single sign-on sessions.
 */
import type { INestApplication } from '@nestjs/common';
import { SsoRecheck } from '../../services/identity/src/sso/sso-recheck';

export {
  DEMO_PASSWORD,
  startIdentityProvider,
  type DirectoryPerson,
  type RunningIdentityProvider,
} from '@caliber/local-stack';

/** Runs identity's re-check of single sign-on sessions now (it runs every minute on its own). */
export function recheckSsoSessions(identity: INestApplication): Promise<number> {
  return identity.get(SsoRecheck).sweep();
}
