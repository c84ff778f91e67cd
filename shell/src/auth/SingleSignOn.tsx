import type { SsoProvider, SsoProvidersResponse, SsoStarted } from '@caliber/contracts';
import { Button } from '@caliber/ui-kit';
import { api, errorMessage } from '@caliber/web';
import { useEffect, useState } from 'react';

/** Where the person was going before the provider's page: kept across the round trip. */
const RETURN_KEY = 'caliber.sso.returnTo';

/** Keeps the address the person wanted, for the callback page to send them on to. */
export function keepSsoReturnPath(path: string): void {
  window.sessionStorage.setItem(RETURN_KEY, path);
}

/** The address the person wanted before signing in at the provider, once. */
export function takeSsoReturnPath(): string | null {
  const path = window.sessionStorage.getItem(RETURN_KEY);
  window.sessionStorage.removeItem(RETURN_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * Single sign-on on the sign-in page: a "Sign in with <provider>" button for each configured
 * identity provider (none configured: nothing is shown). The button begins the sign-in and
 * opens the provider's page; the provider sends the browser back to the callback page.
 */
export function SingleSignOn({
  returnPath,
  onError,
}: {
  returnPath: string;
  onError(message: string | null): void;
}) {
  const [providers, setProviders] = useState<SsoProvider[]>([]);
  const [starting, setStarting] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<SsoProvidersResponse>('/auth/sso', { signal: controller.signal })
      .then((answer) => setProviders(answer.providers))
      .catch(() => setProviders([]));
    return () => controller.abort();
  }, []);

  async function start(provider: SsoProvider) {
    if (starting) return;
    setStarting(provider.id);
    onError(null);
    try {
      const { authorizationUrl } = await api.post<SsoStarted>(
        `/auth/sso/${encodeURIComponent(provider.id)}/start`,
      );
      keepSsoReturnPath(returnPath);
      window.location.assign(authorizationUrl);
    } catch (failure) {
      onError(errorMessage(failure, 'The sign-in could not be started. Please try again.'));
      setStarting(null);
    }
  }

  if (providers.length === 0) return null;
  return (
    <div className="auth-sso">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          block
          busy={starting === provider.id}
          busyLabel={`Opening ${provider.label}...`}
          disabled={starting !== null}
          onClick={() => void start(provider)}
        >
          Sign in with {provider.label}
        </Button>
      ))}
      <p className="auth-sso__or">
        <span>or with your service number</span>
      </p>
    </div>
  );
}
