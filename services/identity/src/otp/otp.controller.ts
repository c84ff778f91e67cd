import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  otpSchema,
  serviceNumberSchema,
  SUBJECTS,
  type RequestOtpResponse,
  type VerifyOtpResult,
} from '@caliber/contracts';
import { Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { OtpService } from './otp.service';

const clientAddress = z.string().max(64).default('unknown');
const requestOtpCommandSchema = z.object({ serviceNumber: serviceNumberSchema, clientAddress });
const verifyOtpCommandSchema = z.object({
  serviceNumber: serviceNumberSchema,
  otp: otpSchema,
  clientAddress,
});

@Controller()
export class OtpController {
  constructor(private readonly otp: OtpService) {}

  @MessagePattern(SUBJECTS.identity.requestOtp)
  requestOtp(@Command() data: unknown): Promise<RequestOtpResponse> {
    return this.otp.requestOtp(parsePayload(requestOtpCommandSchema, data));
  }

  @MessagePattern(SUBJECTS.identity.verifyOtp)
  verifyOtp(@Command() data: unknown): Promise<VerifyOtpResult> {
    return this.otp.verifyOtp(parsePayload(verifyOtpCommandSchema, data));
  }
}
