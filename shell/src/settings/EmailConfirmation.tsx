import { EMAIL_CONFIRMATION_TTL_HOURS, type MeResponse, type UserDto } from '@caliber/contracts';
import { Button } from '@caliber/ui-kit';
import { api, errorMessage, useSession } from '@caliber/web';
import { useState } from 'react';

type Said = { text: string; error: boolean } | null;

const sameAddress = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Where the person's e-mail address stands, under the Profile card's fields: a new address waits
 * for its link to be opened (the old one stays in force meanwhile), or the address in force was
 * never confirmed (set by someone else, or kept from before), so reports are not e-mailed to it.
 * Send again mails a new link (only the newest works); Cancel change keeps the address in force.
 * A confirmed address, or none, says nothing here.
 */
export function EmailConfirmation({
  user,
  onCancelled,
}: {
  user: UserDto;
  onCancelled(saved: UserDto): void;
}) {
  const { replaceUser } = useSession();
  const [busy, setBusy] = useState<'send' | 'cancel' | null>(null);
  const [said, setSaid] = useState<Said>(null);

  async function run(which: 'send' | 'cancel') {
    setBusy(which);
    setSaid(null);
    try {
      const { user: saved } =
        which === 'send'
          ? await api.post<MeResponse>('/users/me/email/confirmation')
          : await api.delete<MeResponse>('/users/me/email/pending');
      replaceUser(saved);
      if (which === 'cancel') onCancelled(saved);
      setSaid({
        text:
          which === 'send'
            ? `A new link was sent to ${saved.pendingEmail ?? ''}. Only the newest link works.`
            : 'The change was cancelled.',
        error: false,
      });
    } catch (failure) {
      setSaid({
        text: errorMessage(
          failure,
          which === 'send' ? 'The confirmation could not be sent.' : 'The change could not be cancelled.',
        ),
        error: true,
      });
    } finally {
      setBusy(null);
    }
  }

  const outcome = said ? (
    <p
      className={`email-confirmation__said${said.error ? ' email-confirmation__said--error' : ''}`}
      role="status"
    >
      {said.text}
    </p>
  ) : null;
  const { email, pendingEmail } = user;
  const unconfirmed = pendingEmail === null && email !== null && !user.emailConfirmed;
  if (pendingEmail === null && !unconfirmed) return outcome;

  return (
    <div className="email-confirmation">
      {pendingEmail === null ? (
        <p>
          <strong>{email}</strong> is not confirmed, so reports are not e-mailed to it. Send it a confirmation
          link and open it.
        </p>
      ) : sameAddress(pendingEmail, email) ? (
        <p>
          A confirmation link was sent to <strong>{pendingEmail}</strong>. Reports are e-mailed to it once you
          open the link (it works for {EMAIL_CONFIRMATION_TTL_HOURS} hours).
        </p>
      ) : (
        <p>
          A confirmation link was sent to <strong>{pendingEmail}</strong>. Until you open it (it works for{' '}
          {EMAIL_CONFIRMATION_TTL_HOURS} hours), your address stays{' '}
          {email ? <strong>{email}</strong> : 'empty'}.
        </p>
      )}
      <div className="email-confirmation__actions">
        <Button
          variant="secondary"
          size="small"
          busy={busy === 'send'}
          busyLabel="Sending..."
          disabled={busy !== null}
          onClick={() => void run('send')}
        >
          {pendingEmail === null ? 'Send confirmation' : 'Send again'}
        </Button>
        {pendingEmail !== null ? (
          <Button
            variant="ghost"
            size="small"
            busy={busy === 'cancel'}
            busyLabel="Cancelling..."
            disabled={busy !== null}
            onClick={() => void run('cancel')}
          >
            Cancel change
          </Button>
        ) : null}
      </div>
      {outcome}
    </div>
  );
}
