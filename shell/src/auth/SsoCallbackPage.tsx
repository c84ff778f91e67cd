import { ErrorBox, Spinner } from '@caliber/ui-kit';
import { errorMessage, Link, useNavigate, useSession } from '@caliber/web';
import { useEffect, useState } from 'react';
import { AuthFrame } from './AuthFrame';
import { takeSsoReturnPath } from './SingleSignOn';

/**
 * Where the hospital's identity provider sends the browser back (`/login/sso?code=…&state=…`):
 * the answer is handed on once, and the person goes where they were going, or is told in words
 * why they were not signed in.
 */
export function SsoCallbackPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [query] = useState(() => window.location.search.replace(/^\?/, ''));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const path = takeSsoReturnPath() ?? '/dashboard';
    // The answer works once: the address loses it at once (a reload must not hand it on again),
    // and the page the person wanted goes into the location's state, where the sign-in guard
    // reads it once the session is in.
    navigate('/login/sso', { replace: true, state: { from: path } });
    session
      .finishSingleSignOn(query)
      .then(() => {
        if (current) navigate(path, { replace: true });
      })
      .catch((failure: unknown) => {
        if (current) setError(errorMessage(failure, 'The sign-in could not be completed. Please try again.'));
      });
    return () => {
      current = false;
    };
    // Once per visit: the answer is spent by the first try.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthFrame title={error ? 'Not signed in' : 'Signing in'}>
      {error ? (
        <>
          <ErrorBox prefix="Error:">{error}</ErrorBox>
          <p className="auth-card__aside">
            <Link to="/login">Back to sign-in</Link>
          </p>
        </>
      ) : (
        <p className="auth-card__text auth-sso__completing" role="status">
          <Spinner size="small" label="" /> Signing you in…
        </p>
      )}
    </AuthFrame>
  );
}
