import { emailIntent } from './email-intent';
import { confirmationMail } from './confirmation-mail';
import { hashConfirmationToken, newConfirmationToken } from './confirmation-token';
import { confirmationMailRefusal } from './email-limits';

const at = (iso: string) => new Date(iso);

describe('confirmation mails per person', () => {
  const now = at('2026-11-29T12:00:00Z');

  it('allows the first, then one a minute', () => {
    expect(confirmationMailRefusal([], now)).toBeNull();
    const soon = confirmationMailRefusal([at('2026-11-29T11:59:30Z')], now);
    expect(soon?.message).toBe(
      'A confirmation was e-mailed less than a minute ago. Wait 30 seconds before asking for another.',
    );
    expect(soon?.retryAfterSeconds).toBe(30);
    expect(confirmationMailRefusal([at('2026-11-29T11:59:00Z')], now)).toBeNull();
  });

  it('allows five in any 24 hours, and says when the next may go', () => {
    const four = ['06:00', '07:00', '08:00', '09:00'].map((time) => at(`2026-11-29T${time}:00Z`));
    expect(confirmationMailRefusal(four, now)).toBeNull();
    const five = [at('2026-11-28T14:30:00Z'), ...four];
    const refused = confirmationMailRefusal(five, now);
    expect(refused?.message).toBe(
      '5 confirmation e-mails were sent for you in the last 24 hours, the most allowed. Try again in 3 hours.',
    );
    expect(refused?.retryAfterSeconds).toBe(2.5 * 3600);
    // A mail older than a day no longer counts.
    expect(confirmationMailRefusal([at('2026-11-28T11:00:00Z'), ...four], now)).toBeNull();
  });
});

describe('what the Email field of a profile save asks for', () => {
  const inForce = { email: 'ama@clinic.example', pendingEmail: null };
  const pending = { email: 'ama@clinic.example', pendingEmail: 'ama@home.example' };

  it('reads a new address as a change to confirm, and the same ones (any case) as nothing', () => {
    expect(emailIntent(inForce, 'ama@new.example')).toEqual({ kind: 'new', address: 'ama@new.example' });
    expect(emailIntent(inForce, 'AMA@clinic.example')).toEqual({ kind: 'none' });
    expect(emailIntent(pending, 'Ama@Home.example')).toEqual({ kind: 'none' });
    expect(emailIntent(pending, 'ama@new.example')).toEqual({ kind: 'new', address: 'ama@new.example' });
  });

  it('takes a pending change back when the address in force is entered, and clears on empty', () => {
    expect(emailIntent(pending, 'ama@clinic.example')).toEqual({ kind: 'keep-current' });
    expect(emailIntent(pending, null)).toEqual({ kind: 'clear' });
    expect(emailIntent({ email: null, pendingEmail: 'x@y.example' }, null)).toEqual({ kind: 'clear' });
    expect(emailIntent({ email: null, pendingEmail: null }, null)).toEqual({ kind: 'none' });
  });
});

describe('the confirmation mail and its token', () => {
  it('names the account by service number only, and carries the link to the confirm page', () => {
    const { token, hash } = newConfirmationToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(hashConfirmationToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(newConfirmationToken().token).not.toBe(token);
    const mail = confirmationMail({
      productName: 'Caliber',
      publicUrl: 'https://cmms.hospital.example',
      address: 'ama@home.example',
      serviceNumber: 'BME-1005',
      token,
    });
    expect(mail).toEqual({
      to: 'ama@home.example',
      subject: 'Caliber: confirm your e-mail address',
      text: [
        'Caliber was asked to use this address (ama@home.example) for the staff account BME-1005.',
        '',
        'To confirm it, open this link within 24 hours and choose Confirm:',
        `https://cmms.hospital.example/confirm-email?token=${token}`,
        '',
        'Until then the account keeps its current address, and Caliber sends nothing else here.',
        'If you did not ask for this, ignore this message: nothing changes.',
      ].join('\n'),
    });
  });
});
