import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { UserDto } from '@caliber/contracts';
import type { Request } from 'express';

/** The signed-in user, as identity described it on this very call. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): UserDto => {
  const request = context.switchToHttp().getRequest<Request & { user: UserDto }>();
  return request.user;
});
