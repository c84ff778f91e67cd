import { STORAGE_KEYS, type ApiErrorBody, type ConfirmEmailRequest } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { signedInFixture } from '@caliber/web-testing/people';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ConfirmEmailPage } from './ConfirmEmailPage';

const TOKEN = 'a'.repeat(20) + 'B_-'.repeat(7) + '12';

describe('The confirmation link’s page', () => {
  it('confirms on Confirm, signed out, and says the address is now in force', async () => {
    const sent: ConfirmEmailRequest[] = [];
    apiServer.use(
      http.post(api('/auth/confirm-email'), async ({ request }) => {
        sent.push((await request.json()) as ConfirmEmailRequest);
        return HttpResponse.json({
          email: 'esi@home.example',
          message: 'Your e-mail address is now esi@home.example. Reports you ask for may be e-mailed to it.',
        });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<ConfirmEmailPage />, { user: null, path: `/confirm-email?token=${TOKEN}` });
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    // Nothing is sent until the person chooses Confirm (a link scanner confirms nothing).
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your e-mail address is now esi@home.example. Reports you ask for may be e-mailed to it.',
    );
    expect(sent).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('signed in on this device, the session takes the new address, and the way on is Settings', async () => {
    const before = signedInFixture({ email: 'esi@clinic.example', pendingEmail: 'esi@home.example' });
    apiServer.use(
      http.post(api('/auth/confirm-email'), () =>
        HttpResponse.json({
          email: 'esi@home.example',
          message: 'Your e-mail address is now esi@home.example.',
        }),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ConfirmEmailPage />, { user: before, path: `/confirm-email?token=${TOKEN}` });
    let meCalls = 0;
    apiServer.use(
      http.get(api('/auth/me'), () => {
        meCalls += 1;
        return HttpResponse.json({
          user: { ...before, email: 'esi@home.example', emailConfirmed: true, pendingEmail: null },
        });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your e-mail address is now esi@home.example.',
    );
    expect(meCalls).toBe(1);
    // The session (kept for the next visit too) holds the address now in force.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({
      email: 'esi@home.example',
      emailConfirmed: true,
      pendingEmail: null,
    });
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
  });

  it.each([
    [
      410,
      'This confirmation link has expired: links work for 24 hours. Have a new one sent from Settings (Profile, Send again).',
    ],
    [
      410,
      'This confirmation link has been used already: the address it confirmed is in force. Nothing more to do.',
    ],
    [
      404,
      'This confirmation link is not known. Open the newest confirmation e-mail, or have a new one sent from Settings.',
    ],
  ])(
    'shows the refusal (%i) as the server words it, and offers no Confirm again',
    async (status, message) => {
      apiServer.use(
        http.post(api('/auth/confirm-email'), () =>
          HttpResponse.json(
            {
              statusCode: status,
              code: status === 404 ? 'NOT_FOUND' : 'GONE',
              message,
            } satisfies ApiErrorBody,
            { status },
          ),
        ),
      );
      const user = userEvent.setup();
      await renderScreen(<ConfirmEmailPage />, { user: null, path: `/confirm-email?token=${TOKEN}` });
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    },
  );

  it('says a link cut short is incomplete, without asking the server', async () => {
    await renderScreen(<ConfirmEmailPage />, { user: null, path: '/confirm-email?token=abc' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This confirmation link is incomplete. Open the whole link from the e-mail, or copy all of it into the address bar.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });
});
