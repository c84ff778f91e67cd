import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { SessionTokenClaims } from '@caliber/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

export const JWT_ALGORITHM = 'HS256';

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
      secretOrKey: config.jwtSecret,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  validate(claims: SessionTokenClaims): SessionTokenClaims {
    return claims;
  }
}
