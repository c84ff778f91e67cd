import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  createUserSchema,
  listUsersQuerySchema,
  updateUserSchema,
  type UserDto,
  type UserListResponse,
} from '@caliber/contracts';
import type { z } from 'zod';
import { CurrentSession } from '../auth/current-user.decorator';
import type { GatewaySession } from '../auth/session';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ZodQueryPipe } from '../http/zod-query.pipe';
import { UsersClient } from './users.client';

/**
 * The staff roster over HTTP. Registered after the own-settings routes, so `PUT /users/me` stays
 * the person's own profile. Bodies and queries are checked here with the contract's schemas; the
 * identity service checks them again and enforces the roster rules by role.
 */
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersClient) {}

  @Get()
  list(
    @CurrentSession() session: GatewaySession,
    @Query(new ZodQueryPipe(listUsersQuerySchema)) query: z.output<typeof listUsersQuerySchema>,
  ): Promise<UserListResponse> {
    return this.users.list(session, query);
  }

  @Get(':id')
  get(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<UserDto> {
    return this.users.get(session, id);
  }

  @Post()
  @HttpCode(201)
  create(
    @CurrentSession() session: GatewaySession,
    @Body(new ZodBodyPipe(createUserSchema)) data: z.output<typeof createUserSchema>,
  ): Promise<UserDto> {
    return this.users.create(session, data);
  }

  @Put(':id')
  update(
    @CurrentSession() session: GatewaySession,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(updateUserSchema)) data: z.input<typeof updateUserSchema>,
  ): Promise<UserDto> {
    return this.users.update(session, id, data);
  }

  @Delete(':id')
  delete(@CurrentSession() session: GatewaySession, @Param('id') id: string): Promise<{ _id: string }> {
    return this.users.delete(session, id);
  }
}
