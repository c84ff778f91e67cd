import type { Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Principal } from '@caliber/contracts';
import type { TrustSettings } from '../config';
import { requireOwnKeyTrusted } from './keys';
import { SignedMessageGuard } from './signed-messages';
import { StatementSigner, StatementVerifier } from './statements';

/**
 * What a domain service's module provides to sign and check statements: its signer (for its own
 * events and calls), the verifier of everyone's statements, and the guard that makes every NATS
 * handler refuse a message that is not signed by an allowed sender.
 */
export function trustProviders(principal: Principal, trust: TrustSettings): Provider[] {
  requireOwnKeyTrusted(principal, trust.signingKey, trust.trustedKeys);
  return [
    { provide: StatementSigner, useValue: new StatementSigner(principal, trust.signingKey) },
    { provide: StatementVerifier, useValue: new StatementVerifier(trust.trustedKeys) },
    { provide: APP_GUARD, useClass: SignedMessageGuard },
  ];
}
