import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  requestOtpSchema,
  verifyOtpSchema,
  type MeResponse,
  type RequestOtpResponse,
  type SessionTokenClaims,
  type UserDto,
  type VerifyOtpResponse,
} from '@caliber/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { IdentityClient } from '../identity/identity.client';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { clientAddress } from './client-address';
import { CurrentUser } from './current-user.decorator';
import { OtpRateLimiter } from './otp-rate-limiter';
import { Public } from './public.decorator';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly limiter: OtpRateLimiter,
    private readonly jwt: JwtService,
  ) {}

  @Public()
  @Post('request-otp')
  @HttpCode(200)
  async requestOtp(
    @Body(new ZodBodyPipe(requestOtpSchema)) body: z.output<typeof requestOtpSchema>,
    @Req() request: Request,
  ): Promise<RequestOtpResponse> {
    const address = clientAddress(request);
    await this.limiter.countRequest(body.serviceNumber, address);
    return this.identity.requestOtp({ serviceNumber: body.serviceNumber, clientAddress: address });
  }

  @Public()
  @Post('verify-otp')
  @HttpCode(200)
  async verifyOtp(
    @Body(new ZodBodyPipe(verifyOtpSchema)) body: z.output<typeof verifyOtpSchema>,
    @Req() request: Request,
  ): Promise<VerifyOtpResponse> {
    const address = clientAddress(request);
    await this.limiter.countVerify(body.serviceNumber, address);
    const { user } = await this.identity.verifyOtp({ ...body, clientAddress: address });
    const claims: SessionTokenClaims = { sub: user._id, role: user.role, sn: user.serviceNumber };
    return { token: await this.jwt.signAsync(claims), user };
  }

  @Get('me')
  me(@CurrentUser() user: UserDto): MeResponse {
    return { user };
  }
}
