import { Link, useNavigate, useProductName } from '@caliber/web';
import { AuthFrame } from './AuthFrame';
import { OtpSignIn } from './OtpSignIn';

export function RegisterPage() {
  const product = useProductName();
  const navigate = useNavigate();
  return (
    <AuthFrame title={`${product} Staff Registration`}>
      <p className="auth-card__note">
        Registration is restricted to pre-approved hospital staff only. An OTP will be sent to your registered
        phone number for verification.
      </p>
      <OtpSignIn requestLabel="Get Started" onSignedIn={() => navigate('/dashboard', { replace: true })} />
      <p className="auth-card__footer">
        <Link to="/login">Already have an account? Login</Link>
      </p>
    </AuthFrame>
  );
}
