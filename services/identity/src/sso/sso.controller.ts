import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  SUBJECTS,
  ssoProviderIdSchema,
  type FinishSsoResult,
  type SsoProvidersResponse,
  type StartSsoResult,
} from '@caliber/contracts';
import { Command, parsePayload } from '@caliber/service-kit';
import { z } from 'zod';
import { SsoService } from './sso.service';

const browserBinding = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'browserBinding must be a SHA-256 in hex' });
const startSchema = z.object({ provider: ssoProviderIdSchema, browserBinding });
const finishSchema = z.object({
  // A provider's answer is a code, a state and an issuer (or an error and its description).
  query: z.string().max(4096, { error: 'The sign-in answer is too long.' }),
  browserBinding,
  clientAddress: z.string().max(64).default('unknown'),
});

/** The gateway's single sign-on requests: which providers, begin a sign-in, finish it. */
@Controller()
export class SsoController {
  constructor(private readonly sso: SsoService) {}

  @MessagePattern(SUBJECTS.identity.ssoProviders)
  providers(): SsoProvidersResponse {
    return this.sso.list();
  }

  @MessagePattern(SUBJECTS.identity.ssoStart)
  start(@Command() data: unknown): Promise<StartSsoResult> {
    return this.sso.start(parsePayload(startSchema, data));
  }

  @MessagePattern(SUBJECTS.identity.ssoFinish)
  finish(@Command() data: unknown): Promise<FinishSsoResult> {
    return this.sso.finish(parsePayload(finishSchema, data));
  }
}
