import { createHash, randomBytes } from 'node:crypto';
import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import {
  ssoExchangeSchema,
  ssoProviderIdSchema,
  type SsoProvidersResponse,
  type SsoRefusal,
  type VerifyOtpResponse,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { Operation } from '../api/operation-routes';
import { GATEWAY_LOGGER } from '../config';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { IdentityClient } from '../identity/identity.client';
import { clientAddress } from './client-address';
import { OtpRateLimiter } from './otp-rate-limiter';
import { SessionIssuer } from './session-issuer';
import { SSO_OPERATIONS } from './sso.operations';
import { SsoHandovers } from './sso-handover';

/** The cookie binding a single sign-on to the browser that began it. */
export const SSO_COOKIE = 'caliber_sso';
/** As long as identity keeps a begun sign-in. */
const SSO_COOKIE_SECONDS = 600;

const bindingOf = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The browser's side of single sign-on. Identity runs the protocol (it alone talks to the
 * provider and decides who is signed in); the gateway binds the sign-in to the browser with an
 * HttpOnly cookie (only its hash reaches identity), sends the browser to the provider and back to
 * the sign-in page, and turns identity's voucher into a session token as the code's sign-in does.
 */
@Controller()
export class SsoController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly issuer: SessionIssuer,
    private readonly handovers: SsoHandovers,
    private readonly limiter: OtpRateLimiter,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  @Operation(SSO_OPERATIONS.listSignInProviders)
  providers(): Promise<SsoProvidersResponse> {
    return this.identity.ssoProviders();
  }

  @Operation(SSO_OPERATIONS.startSingleSignOn)
  async start(
    @Param('provider') provider: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const id = ssoProviderIdSchema.safeParse(provider);
    if (!id.success)
      throw new ServiceError('VALIDATION_FAILED', id.error.issues[0]?.message ?? 'Not a provider id.');
    await this.limiter.countSsoStart(clientAddress(request));
    const binding = randomBytes(32).toString('base64url');
    const { authorizationUrl } = await this.identity.startSso({
      provider: id.data,
      browserBinding: bindingOf(binding),
    });
    response.cookie(SSO_COOKIE, binding, cookieOptions(request, SSO_COOKIE_SECONDS));
    response.redirect(303, authorizationUrl);
  }

  @Operation(SSO_OPERATIONS.finishSingleSignOn)
  async finish(@Req() request: Request, @Res() response: Response): Promise<void> {
    const binding = browserBinding(request);
    response.clearCookie(SSO_COOKIE, cookieOptions(request, 0));
    const query = request.originalUrl.includes('?')
      ? request.originalUrl.slice(request.originalUrl.indexOf('?') + 1)
      : '';
    const refuse = (reason: SsoRefusal) => response.redirect(303, `/login#sso-refused=${reason}`);
    // Without the cookie the answer did not come to the browser that began the sign-in.
    if (!binding) return refuse('expired');
    if (query.length > 4096) return refuse('failed');
    let outcome;
    try {
      outcome = await this.identity.finishSso({
        query,
        browserBinding: bindingOf(binding),
        clientAddress: clientAddress(request),
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'single sign-on could not be finished');
      return refuse('unavailable');
    }
    if (outcome.outcome === 'refused') return refuse(outcome.reason);
    const handover = await this.handovers.keep(await this.issuer.issue(outcome.voucher));
    if (!handover) return refuse('unavailable');
    response.redirect(303, `/login#sso=${handover}`);
  }

  @Operation(SSO_OPERATIONS.exchangeSignInHandover)
  async exchange(
    @Body(new ZodBodyPipe(ssoExchangeSchema)) body: z.output<typeof ssoExchangeSchema>,
  ): Promise<VerifyOtpResponse> {
    const signedIn = await this.handovers.take(body.handover);
    if (!signedIn)
      throw new ServiceError(
        'UNAUTHENTICATED',
        'This sign-in has expired or was already used. Please sign in again.',
      );
    return signedIn;
  }
}

function browserBinding(request: Request): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = parse(header)[SSO_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/**
 * Never readable by scripts; sent on the provider's redirect back (a top-level navigation from
 * another site, which `SameSite=Lax` allows and `Strict` would not), and only to the sign-in paths.
 */
function cookieOptions(request: Request, seconds: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.secure,
    path: '/api/auth/sso',
    maxAge: seconds * 1000,
  };
}
