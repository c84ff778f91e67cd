import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ServiceError } from '@caliber/service-kit';
import { IS_PUBLIC } from './public.decorator';

/** Applied to every route: no valid session, no answer (401 with a message). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    return isPublic ? true : super.canActivate(context);
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
