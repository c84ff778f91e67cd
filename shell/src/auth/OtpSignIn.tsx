import { OTP_LENGTH } from '@caliber/contracts';
import { Button, ErrorBox, focusFormField, Notice, TextField } from '@caliber/ui-kit';
import { errorMessage, useSession } from '@caliber/web';
import { useState, type FormEvent } from 'react';

export interface OtpSignInProps {
  /** Step 1's button: 'Send OTP' on Login, 'Get Started' on Register. */
  requestLabel: string;
  /** Called once the code is verified and the session stored. */
  onSignedIn(): void;
}

/**
 * The two steps shared by Login and Register: service number, then the code sent by SMS.
 * Buttons are disabled while a request runs; errors show in the red 'Error:' box.
 */
export function OtpSignIn({ requestLabel, onSignedIn }: OtpSignInProps) {
  const session = useSession();
  const [step, setStep] = useState<'serviceNumber' | 'otp'>('serviceNumber');
  const [serviceNumber, setServiceNumber] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(session.notice);
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** The field a refused submit left empty: marked invalid and focused. */
  const [missing, setMissing] = useState<'serviceNumber' | 'otp' | null>(null);

  function refuseEmpty(event: FormEvent, field: 'serviceNumber' | 'otp', message: string) {
    setError(message);
    setMissing(field);
    focusFormField(event.currentTarget as HTMLFormElement, field);
  }

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!serviceNumber.trim()) return refuseEmpty(event, 'serviceNumber', 'Service number is required.');
    setMissing(null);
    setBusy(true);
    setError(null);
    session.clearNotice();
    try {
      const answer = await session.requestOtp(serviceNumber.trim());
      setSentTo(answer.message);
      setOtp('');
      setStep('otp');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to send OTP'));
    } finally {
      setBusy(false);
    }
  }

  async function verifyCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!otp.trim()) return refuseEmpty(event, 'otp', 'OTP is required.');
    setMissing(null);
    setBusy(true);
    setError(null);
    try {
      await session.verifyOtp(serviceNumber.trim(), otp.trim());
      onSignedIn();
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to verify OTP'));
      setBusy(false);
    }
  }

  return (
    <>
      {error ? <ErrorBox prefix="Error:">{error}</ErrorBox> : null}
      {step === 'serviceNumber' ? (
        <form onSubmit={requestCode} noValidate>
          <TextField
            label="Service Number"
            name="serviceNumber"
            value={serviceNumber}
            invalid={missing === 'serviceNumber'}
            onChange={(event) => {
              setServiceNumber(event.target.value);
              setMissing(null);
            }}
            autoComplete="username"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. BME-1001"
            required
            autoFocus
          />
          <Button type="submit" block busy={busy} busyLabel="Sending OTP...">
            {requestLabel}
          </Button>
        </form>
      ) : (
        <form onSubmit={verifyCode} noValidate>
          {sentTo ? <Notice>{sentTo}</Notice> : null}
          <TextField
            label="OTP"
            name="otp"
            value={otp}
            invalid={missing === 'otp'}
            onChange={(event) => {
              setOtp(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
              setMissing(null);
            }}
            placeholder={`Enter ${OTP_LENGTH}-digit OTP`}
            maxLength={OTP_LENGTH}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            autoFocus
          />
          <Button type="submit" block busy={busy} busyLabel="Verifying...">
            Verify OTP
          </Button>
          <p className="auth-card__aside">
            <Button
              variant="link"
              disabled={busy}
              onClick={() => {
                setStep('serviceNumber');
                setOtp('');
                setError(null);
                setMissing(null);
                setSentTo(null);
              }}
            >
              Change Service Number
            </Button>
          </p>
        </form>
      )}
    </>
  );
}
