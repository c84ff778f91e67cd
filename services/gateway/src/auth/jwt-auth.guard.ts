import { type ExecutionContext, Injectable } from '@nestjs/common';
import { CLINICAL_REFUSAL, isClinical, type SessionTokenClaims } from '@caliber/contracts';
import type { Request } from 'express';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ServiceError } from '@caliber/service-kit';
import { OPERATION_CALLERS, rolesOf, type Callers } from '../api/operation';
import { IS_PUBLIC } from './public.decorator';
import type { GatewaySession } from './session';
import { SessionChecker } from './session-checker';

/**
 * Applied to every route: no valid token, or no live session behind it, no answer (401 with a
 * message). The token is checked by passport-jwt; the session by this gateway's own checker, so
 * a sign-out, an idle timeout or a deactivation takes effect on the next call. Clinical staff are
 * refused (403) every operation whose callers do not name them, before any service is asked: the
 * services refuse them again on every subject not open to them.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionChecker,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<Request & { user: unknown }>();
    const session: GatewaySession = await this.sessions.session(request.user as SessionTokenClaims);
    request.user = session;
    if (isClinical(session.user.role)) {
      const callers = this.reflector.get<Callers | undefined>(OPERATION_CALLERS, context.getHandler());
      if (!callers || !rolesOf(callers).includes('Clinical'))
        throw new ServiceError('FORBIDDEN', CLINICAL_REFUSAL);
    }
    return true;
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false, info: unknown): TUser {
    if (error instanceof ServiceError) throw error;
    if (error || !user) {
      const reason = info instanceof Error ? info.name : '';
      if (reason === 'TokenExpiredError') {
        throw new ServiceError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
      }
      if (reason === 'JsonWebTokenError' || reason === 'NotBeforeError') {
        throw new ServiceError('UNAUTHENTICATED', 'Your session is not valid. Please sign in again.');
      }
      throw new ServiceError('UNAUTHENTICATED', 'Sign in to continue.');
    }
    return user;
  }
}
