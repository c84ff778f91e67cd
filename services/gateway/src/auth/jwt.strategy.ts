import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { SessionTokenClaims } from '@caliber/contracts';
import type { Secret } from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

export const JWT_ALGORITHM = 'HS256';

/**
 * The session tokens' HMAC key, made once. Handed the secret as text, jsonwebtoken first tries to
 * read it as a public key at every call and only then as a secret: the failed attempt cost 0.7 ms
 * of CPU per request, more than the rest of the token check together.
 */
export function sessionKeyOf(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/** passport-jwt passes its key to jsonwebtoken as is; its types name text and bytes only. */
type KeyDone = (error: null, key: Secret) => void;

/**
 * Checks the Bearer token's signature and expiry and answers its claims. Whether the session
 * behind it still holds is the guard's next step (`JwtAuthGuard`): passport keeps one strategy
 * per name for the whole process, so the strategy holds nothing of one gateway instance's own.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: sessionKeyProvider(sessionKeyOf(config.jwtSecret)),
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  validate(claims: SessionTokenClaims): SessionTokenClaims {
    return claims;
  }
}

function sessionKeyProvider(key: KeyObject) {
  return (_request: unknown, _token: unknown, done: (error: null, key?: string | Buffer) => void): void =>
    (done as KeyDone)(null, key);
}
