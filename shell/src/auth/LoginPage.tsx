import { Link, useLocation, useNavigate, useProductName } from '@caliber/web';
import { returnPath } from '../app/guards';
import { AuthFrame } from './AuthFrame';
import { OtpSignIn } from './OtpSignIn';

export function LoginPage() {
  const product = useProductName();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthFrame title={`${product} Staff Login`}>
      <OtpSignIn
        requestLabel="Send OTP"
        onSignedIn={() => navigate(returnPath(location.state), { replace: true })}
      />
      <p className="auth-card__footer">
        New here? <Link to="/register">Register</Link>
      </p>
    </AuthFrame>
  );
}
