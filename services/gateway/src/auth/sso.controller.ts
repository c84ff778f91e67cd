import { createHash, randomBytes } from 'node:crypto';
import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import {
  ssoFinishSchema,
  ssoProviderIdSchema,
  ssoRefusalMessage,
  type SsoProvidersResponse,
  type SsoStarted,
  type VerifyOtpResponse,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { IdentityClient } from '../identity/identity.client';
import { clientAddress } from './client-address';
import { OtpRateLimiter } from './otp-rate-limiter';
import { SessionIssuer } from './session-issuer';
import { SSO_OPERATIONS } from './sso.operations';

/** The cookie binding a single sign-on to the browser that began it. */
export const SSO_COOKIE = 'caliber_sso';
/** As long as identity keeps a begun sign-in. */
const SSO_COOKIE_SECONDS = 600;

const bindingOf = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The browser's side of single sign-on. Identity runs the protocol (it alone talks to the
 * provider and decides who is signed in); the gateway binds the sign-in to the browser with an
 * HttpOnly cookie (only its hash reaches identity), and turns identity's voucher into a session
 * token as the code's sign-in does.
 */
@Controller()
export class SsoController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly issuer: SessionIssuer,
    private readonly limiter: OtpRateLimiter,
  ) {}

  @Operation(SSO_OPERATIONS.listSignInProviders)
  providers(): Promise<SsoProvidersResponse> {
    return this.identity.ssoProviders();
  }

  @Operation(SSO_OPERATIONS.startSingleSignOn)
  async start(
    @Param('provider') provider: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SsoStarted> {
    const id = ssoProviderIdSchema.safeParse(provider);
    if (!id.success)
      throw new ServiceError('VALIDATION_FAILED', id.error.issues[0]?.message ?? 'Not a provider id.');
    await this.limiter.countSsoStart(clientAddress(request));
    const binding = randomBytes(32).toString('base64url');
    const started = await this.identity.startSso({ provider: id.data, browserBinding: bindingOf(binding) });
    response.cookie(SSO_COOKIE, binding, cookieOptions(request, SSO_COOKIE_SECONDS));
    return started;
  }

  @Operation(SSO_OPERATIONS.finishSingleSignOn)
  async finish(
    @Body(new ZodBodyPipe(ssoFinishSchema)) body: z.output<typeof ssoFinishSchema>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VerifyOtpResponse> {
    const binding = browserBinding(request);
    // The sign-in is over, whatever comes of it: the cookie has done its work.
    response.clearCookie(SSO_COOKIE, cookieOptions(request, 0));
    // Without the cookie the answer did not come to the browser that began the sign-in.
    if (!binding) throw new ServiceError('SSO_REFUSED', ssoRefusalMessage('expired'));
    const outcome = await this.identity.finishSso({
      query: body.query.replace(/^\?/, ''),
      browserBinding: bindingOf(binding),
      clientAddress: clientAddress(request),
    });
    if (outcome.outcome === 'refused') {
      if (outcome.reason === 'unavailable')
        throw new ServiceError('SERVICE_UNAVAILABLE', ssoRefusalMessage('unavailable'), undefined, 60);
      throw new ServiceError('SSO_REFUSED', ssoRefusalMessage(outcome.reason));
    }
    return this.issuer.issue(outcome.voucher);
  }
}

function browserBinding(request: Request): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = parse(header)[SSO_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** Never readable by scripts, never sent to other sites, and only to the single sign-on paths. */
function cookieOptions(request: Request, seconds: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.secure,
    path: '/api/auth/sso',
    maxAge: seconds * 1000,
  };
}
