import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { UserDto } from '@caliber/contracts';
import type { Request } from 'express';
import type { GatewaySession } from './session';

const sessionOf = (context: ExecutionContext): GatewaySession =>
  context.switchToHttp().getRequest<Request & { user: GatewaySession }>().user;

/** The signed-in user, as identity described them when the session was last checked. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UserDto => sessionOf(context).user,
);

/** The signed-in user with their session: what a call to a service is signed for. */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): GatewaySession => sessionOf(context),
);
