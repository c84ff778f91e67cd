import type { ApiErrorBody, UpdateProfileRequest, UserDto } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { signedInFixture } from '@caliber/web-testing/people';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ProfileCard } from './ProfileCard';

const profile = () => screen.getByRole('region', { name: 'Profile' });
const refusal = (statusCode: number, code: ApiErrorBody['code'], message: string) =>
  HttpResponse.json({ statusCode, code, message } satisfies ApiErrorBody, { status: statusCode });

describe('Settings, Profile: a new e-mail address waits for its confirmation', () => {
  it('saving a new address says a link was sent to it and that the old one stays until it is opened', async () => {
    const sent: UpdateProfileRequest[] = [];
    const me = signedInFixture({ email: 'esi@clinic.example', emailConfirmed: true });
    apiServer.use(
      http.put(api('/users/me'), async ({ request }) => {
        const body = (await request.json()) as UpdateProfileRequest;
        sent.push(body);
        return HttpResponse.json({ user: { ...me, name: body.name, pendingEmail: body.email } });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<ProfileCard />, { user: me, path: '/settings' });
    expect(within(profile()).getByLabelText('Email')).toHaveValue('esi@clinic.example');
    // A confirmed address says nothing more.
    expect(within(profile()).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();

    await user.clear(within(profile()).getByLabelText('Email'));
    await user.type(within(profile()).getByLabelText('Email'), 'esi@home.example');
    await user.click(within(profile()).getByRole('button', { name: 'Save' }));
    expect(await within(profile()).findByText('Saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Esi Mensah', email: 'esi@home.example' }]);
    expect(profile()).toHaveTextContent(
      'A confirmation link was sent to esi@home.example. Until you open it (it works for 24 hours), your address stays esi@clinic.example.',
    );
    expect(within(profile()).getByLabelText('Email')).toHaveValue('esi@home.example');
    expect(within(profile()).getByRole('button', { name: 'Send again' })).toBeEnabled();
    expect(within(profile()).getByRole('button', { name: 'Cancel change' })).toBeEnabled();
  });

  it('Send again mails a new link and says so; a refusal (one a minute) shows its message', async () => {
    const me = signedInFixture({ email: 'esi@clinic.example', pendingEmail: 'esi@home.example' });
    let calls = 0;
    apiServer.use(
      http.post(api('/users/me/email/confirmation'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ user: me })
          : refusal(
              429,
              'RATE_LIMITED',
              'A confirmation was e-mailed less than a minute ago. Wait 52 seconds before asking for another.',
            );
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<ProfileCard />, { user: me, path: '/settings' });
    expect(within(profile()).getByLabelText('Email')).toHaveValue('esi@home.example');
    await user.click(within(profile()).getByRole('button', { name: 'Send again' }));
    expect(
      await within(profile()).findByText(
        'A new link was sent to esi@home.example. Only the newest link works.',
      ),
    ).toBeInTheDocument();
    await user.click(within(profile()).getByRole('button', { name: 'Send again' }));
    expect(
      await within(profile()).findByText(
        'A confirmation was e-mailed less than a minute ago. Wait 52 seconds before asking for another.',
      ),
    ).toHaveClass('email-confirmation__said--error');
    expect(calls).toBe(2);
  });

  it('Cancel change keeps the address in force, which the field shows again', async () => {
    const me = signedInFixture({ email: 'esi@clinic.example', pendingEmail: 'esi@home.example' });
    apiServer.use(
      http.delete(api('/users/me/email/pending'), () =>
        HttpResponse.json({ user: { ...me, pendingEmail: null } }),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ProfileCard />, { user: me, path: '/settings' });
    await user.click(within(profile()).getByRole('button', { name: 'Cancel change' }));
    expect(await within(profile()).findByText('The change was cancelled.')).toBeInTheDocument();
    expect(within(profile()).getByLabelText('Email')).toHaveValue('esi@clinic.example');
    expect(within(profile()).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(profile()).not.toHaveTextContent('A confirmation link was sent');
  });

  it('an address nobody confirmed (set on the roster, or kept from before) offers to send it a link', async () => {
    let me: UserDto = signedInFixture({ email: 'esi@clinic.example', emailConfirmed: false });
    apiServer.use(
      http.post(api('/users/me/email/confirmation'), () => {
        me = { ...me, pendingEmail: 'esi@clinic.example' };
        return HttpResponse.json({ user: me });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<ProfileCard />, { user: me, path: '/settings' });
    expect(profile()).toHaveTextContent(
      'esi@clinic.example is not confirmed, so reports are not e-mailed to it. Send it a confirmation link and open it.',
    );
    await user.click(within(profile()).getByRole('button', { name: 'Send confirmation' }));
    expect(
      await within(profile()).findByText(/^A confirmation link was sent to/, { selector: 'p' }),
    ).toHaveTextContent(
      'A confirmation link was sent to esi@clinic.example. Reports are e-mailed to it once you open the link (it works for 24 hours).',
    );
  });
});
