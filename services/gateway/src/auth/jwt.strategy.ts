import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { SessionTokenClaims, UserDto } from '@caliber/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { IdentityClient } from '../identity/identity.client';

export const JWT_ALGORITHM = 'HS256';

/**
 * Checks the Bearer token's signature and expiry, then asks identity whether the user still
 * exists and is active, so a deactivation takes effect on the very next call.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly identity: IdentityClient,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtSecret,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  async validate(claims: SessionTokenClaims): Promise<UserDto> {
    const { user } = await this.identity.sessionUser(claims.sub);
    return user;
  }
}
