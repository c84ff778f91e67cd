import { Link, useLocation, useNavigate, useProductName } from '@caliber/web';
import { returnPath } from '../app/guards';
import { AuthFrame } from './AuthFrame';
import { OtpSignIn } from './OtpSignIn';
import { SingleSignOn } from './SingleSignOn';

export function LoginPage() {
  const product = useProductName();
  const navigate = useNavigate();
  const location = useLocation();
  const next = returnPath(location.state);
  return (
    <AuthFrame title={`${product} Staff Login`}>
      <SingleSignOn returnPath={next} />
      <OtpSignIn requestLabel="Send OTP" onSignedIn={() => navigate(next, { replace: true })} />
      <p className="auth-card__footer">
        New here? <Link to="/register">Register</Link>
      </p>
    </AuthFrame>
  );
}
