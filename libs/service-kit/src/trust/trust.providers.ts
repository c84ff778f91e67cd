import type { Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { Principal } from '@caliber/contracts';
import type { TrustSettings } from '../config';
import { requireOwnKeyTrusted } from './keys';
import { SignedMessageGuard } from './signed-messages';
import { StatementSigner, StatementVerifier } from './statements';

/**
 * A process's signer (its own requests, events and tokens) and the verifier of everyone's
 * statements. Refuses to start when its own key is not the one the others trust.
 */
export function statementProviders(principal: Principal, trust: TrustSettings): Provider[] {
  requireOwnKeyTrusted(principal, trust.signingKey, trust.trustedKeys);
  return [
    { provide: StatementSigner, useValue: new StatementSigner(principal, trust.signingKey) },
    { provide: StatementVerifier, useValue: new StatementVerifier(trust.trustedKeys) },
  ];
}

/**
 * What a domain service's module provides: `statementProviders`, and the guard that makes every
 * NATS handler refuse a message that is not signed by an allowed sender.
 */
export function trustProviders(principal: Principal, trust: TrustSettings): Provider[] {
  return [...statementProviders(principal, trust), { provide: APP_GUARD, useClass: SignedMessageGuard }];
}
