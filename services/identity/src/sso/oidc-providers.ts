import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { LOGGER } from '../tokens';
import type { SsoProviderConfig } from './sso-config';

/** How far the provider's clock may be from ours when its tokens' times are checked. */
export const CLOCK_TOLERANCE_SECONDS = 60;

/** The provider could not be reached (discovery, keys or token endpoint). */
export class ProviderUnavailable extends Error {}

/**
 * The configured identity providers, each as an `openid-client` configuration made from its
 * discovery document (which must name the configured issuer exactly). A configuration is made on
 * first use and kept; one that could not be made is tried again at the next sign-in. Every call to
 * a provider is bounded, so identity answers before the gateway stops waiting.
 */
@Injectable()
export class OidcProviders {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  list(): readonly SsoProviderConfig[] {
    return this.config.sso.providers;
  }

  find(id: string): SsoProviderConfig | undefined {
    return this.config.sso.providers.find((provider) => provider.id === id);
  }

  /** The provider's configuration, or ProviderUnavailable. */
  async configuration(provider: SsoProviderConfig): Promise<oidc.Configuration> {
    let made = this.configurations.get(provider.id);
    if (!made) {
      made = this.discover(provider);
      this.configurations.set(provider.id, made);
      made.catch(() => this.configurations.delete(provider.id));
    }
    return made;
  }

  private async discover(provider: SsoProviderConfig): Promise<oidc.Configuration> {
    const timeoutMs = this.config.sso.providerTimeoutMs;
    const boundedFetch: oidc.CustomFetch = (url, options) =>
      fetch(url, { ...options, signal: AbortSignal.timeout(timeoutMs) } as RequestInit);
    try {
      return await oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        {
          id_token_signed_response_alg: provider.signingAlgorithm,
          [oidc.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
        },
        provider.clientSecret ? oidc.ClientSecretPost(provider.clientSecret) : oidc.None(),
        {
          [oidc.customFetch]: boundedFetch,
          ...(this.config.sso.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
    } catch (error) {
      this.logger.error({ err: error, provider: provider.id }, 'identity provider could not be discovered');
      throw new ProviderUnavailable(`provider ${provider.id} could not be discovered`);
    }
  }
}
