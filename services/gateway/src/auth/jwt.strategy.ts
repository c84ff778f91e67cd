import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { SessionTokenClaims } from '@caliber/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import type { GatewaySession } from './session';
import { SessionChecker } from './session-checker';

export const JWT_ALGORITHM = 'HS256';

/**
 * Checks the Bearer token's signature and expiry, then that identity's session behind it still
 * holds (from the session cache when nothing changed), so a sign-out, an idle timeout or a
 * deactivation takes effect on the next call.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly sessions: SessionChecker,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtSecret,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  validate(claims: SessionTokenClaims): Promise<GatewaySession> {
    return this.sessions.session(claims);
  }
}
