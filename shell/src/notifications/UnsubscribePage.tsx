import { UNSUBSCRIBE_LINK_INVALID, type MeResponse, type UnsubscribeAnswer } from '@caliber/contracts';
import { Button, ErrorBox, ErrorState, Notice } from '@caliber/ui-kit';
import { api, ApiError, errorMessage, Link, useLocation, useSession } from '@caliber/web';
import { useState } from 'react';
import { AuthFrame } from '../auth/AuthFrame';
import type { ReturnState } from '../app/guards';

type Step =
  | { kind: 'ready' }
  | { kind: 'busy' }
  | { kind: 'done'; message: string }
  /** The link itself was refused: trying it again cannot help. */
  | { kind: 'refused'; message: string }
  /** No answer, or a fault on the server's side: the same link may work in a moment. */
  | { kind: 'failed'; message: string };

/** A refusal of the link (400 and the like) is final; no answer, a 5xx, a 408 or a 429 is worth a retry. */
function isFinal(failure: unknown): boolean {
  return (
    failure instanceof ApiError &&
    failure.status >= 400 &&
    failure.status < 500 &&
    failure.status !== 408 &&
    failure.status !== 429
  );
}

/**
 * The page the link at the foot of every notification e-mail opens (`/unsubscribe?token=…`),
 * signed in or not, on any device. It turns nothing off on opening (a mail scanner that follows
 * links would otherwise unsubscribe the person): the person chooses "Turn them off", and the page
 * says, in the server's words, which kind of e-mail stopped, or why the link does not work. The
 * token names the person and the kind; the page knows neither, so it reads no session to act.
 */
export function UnsubscribePage() {
  const { search } = useLocation();
  const { status, replaceUser } = useSession();
  const [step, setStep] = useState<Step>({ kind: 'ready' });
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';

  async function turnOff() {
    setStep({ kind: 'busy' });
    try {
      const answer = await api.post<UnsubscribeAnswer>(
        `/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        undefined,
        { skipUnauthorizedHandler: true },
      );
      setStep({ kind: 'done', message: answer.message });
    } catch (failure) {
      const message = errorMessage(failure, 'Your e-mails could not be turned off. Try again.');
      setStep({ kind: isFinal(failure) ? 'refused' : 'failed', message });
      return;
    }
    // Signed in here, the session's copy of the toggles follows, so Settings shows it off.
    if (status === 'signedIn')
      await api
        .get<MeResponse>('/auth/me', { skipUnauthorizedHandler: true })
        .then(({ user }) => replaceUser(user))
        .catch(() => undefined);
  }

  return (
    <AuthFrame title="Stop these e-mails?">
      {!token ? (
        <ErrorBox>{UNSUBSCRIBE_LINK_INVALID}</ErrorBox>
      ) : step.kind === 'done' ? (
        <Notice>{step.message}</Notice>
      ) : step.kind === 'refused' ? (
        <ErrorBox>{step.message}</ErrorBox>
      ) : step.kind === 'failed' ? (
        <ErrorState message={step.message} onAction={() => void turnOff()} />
      ) : (
        <>
          <p className="auth-card__text">
            This turns off the kind of notification this e-mail was, by e-mail and in the app, as if you had
            switched it off in Settings. Urgent pages still reach you.
          </p>
          <Button block busy={step.kind === 'busy'} busyLabel="Turning off..." onClick={() => void turnOff()}>
            Turn them off
          </Button>
        </>
      )}
      <p className="auth-card__footer">
        {status === 'signedIn' ? (
          <Link to="/settings">Go to Settings</Link>
        ) : (
          <Link to="/login" state={{ from: '/settings' } satisfies ReturnState}>
            Sign in to change your notifications
          </Link>
        )}
      </p>
    </AuthFrame>
  );
}
