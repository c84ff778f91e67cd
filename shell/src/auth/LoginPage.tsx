import { ErrorBox } from '@caliber/ui-kit';
import { Link, useLocation, useNavigate, useProductName } from '@caliber/web';
import { useState } from 'react';
import { returnPath } from '../app/guards';
import { AuthFrame } from './AuthFrame';
import { OtpSignIn } from './OtpSignIn';
import { SingleSignOn } from './SingleSignOn';

export function LoginPage() {
  const product = useProductName();
  const navigate = useNavigate();
  const location = useLocation();
  const next = returnPath(location.state);
  const [ssoError, setSsoError] = useState<string | null>(null);
  return (
    <AuthFrame title={`${product} Staff Login`}>
      {ssoError ? <ErrorBox prefix="Error:">{ssoError}</ErrorBox> : null}
      <SingleSignOn returnPath={next} onError={setSsoError} />
      <OtpSignIn requestLabel="Send OTP" onSignedIn={() => navigate(next, { replace: true })} />
      <p className="auth-card__footer">
        New here? <Link to="/register">Register</Link>
      </p>
    </AuthFrame>
  );
}
