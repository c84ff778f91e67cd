import {
  isSsoRefusal,
  ssoRefusalMessage,
  type SsoProvider,
  type SsoProvidersResponse,
} from '@caliber/contracts';
import { ErrorBox, Spinner } from '@caliber/ui-kit';
import { api, apiBaseUrl, errorMessage, useNavigate, useSession } from '@caliber/web';
import { useEffect, useState } from 'react';

/** Where the person was going before the provider's page: kept across the round trip. */
const RETURN_KEY = 'caliber.sso.returnTo';

/** What the provider's round trip left in the page's address (`#sso=…` or `#sso-refused=…`). */
export type SsoArrival = { kind: 'handover'; handover: string } | { kind: 'refused'; message: string } | null;

export function ssoArrivalOf(hash: string): SsoArrival {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const handover = params.get('sso');
  if (handover) return { kind: 'handover', handover };
  const refused = params.get('sso-refused');
  if (refused !== null)
    return { kind: 'refused', message: ssoRefusalMessage(isSsoRefusal(refused) ? refused : 'failed') };
  return null;
}

/** The address the person wanted before signing in at the provider, once. */
export function takeSsoReturnPath(): string | null {
  const path = window.sessionStorage.getItem(RETURN_KEY);
  window.sessionStorage.removeItem(RETURN_KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * Single sign-on on the sign-in page: a "Sign in with <provider>" link for each configured
 * identity provider (none: nothing is shown), and the end of the round trip — the hand-over
 * traded for the session, or the refusal said in words.
 */
export function SingleSignOn({ returnPath }: { returnPath: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [providers, setProviders] = useState<SsoProvider[]>([]);
  const [arrival] = useState<SsoArrival>(() => ssoArrivalOf(window.location.hash));
  const [error, setError] = useState<string | null>(arrival?.kind === 'refused' ? arrival.message : null);
  const [completing, setCompleting] = useState(arrival?.kind === 'handover');

  useEffect(() => {
    // The hand-over and the reason are for this page once: a reload must not try them again.
    if (arrival)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    const controller = new AbortController();
    api
      .get<SsoProvidersResponse>('/auth/sso', { signal: controller.signal })
      .then((answer) => setProviders(answer.providers))
      .catch(() => setProviders([]));
    return () => controller.abort();
  }, [arrival]);

  useEffect(() => {
    if (arrival?.kind !== 'handover') return;
    let current = true;
    // The page the person wanted goes back into the location's state, where the sign-in page's
    // guard reads it once the session is in.
    const path = takeSsoReturnPath() ?? '/dashboard';
    navigate('/login', { replace: true, state: { from: path } });
    session
      .completeSingleSignOn(arrival.handover)
      .then(() => {
        if (current) navigate(path, { replace: true });
      })
      .catch((failure: unknown) => {
        if (!current) return;
        setError(errorMessage(failure, 'The sign-in could not be completed. Please try again.'));
        setCompleting(false);
      });
    return () => {
      current = false;
    };
    // Once per arrival: the session's functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrival]);

  if (completing)
    return (
      <p className="auth-card__text auth-sso__completing" role="status">
        <Spinner size="small" label="" /> Signing you in…
      </p>
    );
  return (
    <>
      {error ? <ErrorBox prefix="Error:">{error}</ErrorBox> : null}
      {providers.length > 0 ? (
        <div className="auth-sso">
          {providers.map((provider) => (
            <a
              key={provider.id}
              className="ck-button ck-button--secondary ck-button--block"
              href={`${apiBaseUrl()}/auth/sso/${encodeURIComponent(provider.id)}/start`}
              onClick={() => window.sessionStorage.setItem(RETURN_KEY, returnPath)}
            >
              Sign in with {provider.label}
            </a>
          ))}
          <p className="auth-sso__or">
            <span>or with your service number</span>
          </p>
        </div>
      ) : null}
    </>
  );
}
