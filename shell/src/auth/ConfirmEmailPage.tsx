import { confirmEmailSchema, type ConfirmEmailResponse, type MeResponse } from '@caliber/contracts';
import { Button, ErrorBox, Notice } from '@caliber/ui-kit';
import { api, errorMessage, Link, useLocation, useProductName, useSession } from '@caliber/web';
import { useState } from 'react';
import { AuthFrame } from './AuthFrame';

type Step =
  | { kind: 'ready' }
  | { kind: 'busy' }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

/**
 * The page a confirmation link opens (`/confirm-email?token=…`), signed in or not, on any device:
 * the person chooses Confirm (a mail scanner that follows links confirms nothing), and the page
 * says that the address is now theirs, or why the link does not work (used, expired, replaced,
 * cancelled, unknown, incomplete) and what to do. Signed in here, the session takes the new address.
 */
export function ConfirmEmailPage() {
  const product = useProductName();
  const { search } = useLocation();
  const { status, replaceUser } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const parsed = confirmEmailSchema.safeParse({ token: new URLSearchParams(search).get('token') ?? '' });

  async function confirm(token: string) {
    setStep({ kind: 'busy' });
    try {
      const answer = await api.post<ConfirmEmailResponse>(
        '/auth/confirm-email',
        { token },
        { skipUnauthorizedHandler: true },
      );
      setStep({ kind: 'done', message: answer.message });
    } catch (failure) {
      setStep({
        kind: 'failed',
        message: errorMessage(failure, 'The address could not be confirmed. Try again.'),
      });
      return;
    }
    if (status === 'signedIn')
      await api
        .get<MeResponse>('/auth/me', { skipUnauthorizedHandler: true })
        .then(({ user }) => replaceUser(user))
        .catch(() => undefined);
  }

  const signedIn = status === 'signedIn';
  return (
    <AuthFrame title="Confirm your e-mail address">
      {!parsed.success ? (
        <ErrorBox>{parsed.error.issues[0]?.message}</ErrorBox>
      ) : step.kind === 'done' ? (
        <Notice>{step.message}</Notice>
      ) : step.kind === 'failed' ? (
        <ErrorBox>{step.message}</ErrorBox>
      ) : (
        <>
          <p className="auth-card__text">
            Confirm that this mailbox is yours, and it becomes the e-mail address of your {product} account.
            Until you do, your account keeps its current address.
          </p>
          <Button
            block
            busy={step.kind === 'busy'}
            busyLabel="Confirming..."
            onClick={() => void confirm(parsed.data.token)}
          >
            Confirm
          </Button>
        </>
      )}
      <p className="auth-card__footer">
        {signedIn ? <Link to="/settings">Go to Settings</Link> : <Link to="/login">Sign in</Link>}
      </p>
    </AuthFrame>
  );
}
