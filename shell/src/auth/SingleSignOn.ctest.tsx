import { ssoRefusalMessage, type ApiErrorBody, type SsoProvidersResponse } from '@caliber/contracts';
import { sessionStore } from '@caliber/web';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { signedInFixture } from '@caliber/web-testing/people';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { LoginPage } from './LoginPage';
import { SsoCallbackPage } from './SsoCallbackPage';

const refusal = (statusCode: number, code: ApiErrorBody['code'], message: string) =>
  HttpResponse.json({ statusCode, code, message } satisfies ApiErrorBody, { status: statusCode });

describe('Sign-in page: single sign-on', () => {
  it('offers no hospital sign-in when no provider is configured', async () => {
    apiServer.use(
      http.get(api('/auth/sso'), () => HttpResponse.json({ providers: [] } satisfies SsoProvidersResponse)),
    );
    await renderScreen(<LoginPage />, { user: null, path: '/login' });
    expect(await screen.findByLabelText('Service Number')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('offers each provider, and says why a sign-in could not begin', async () => {
    apiServer.use(
      http.get(api('/auth/sso'), () =>
        HttpResponse.json({
          providers: [{ id: 'hospital', label: 'Korle Bu staff account' }],
        } satisfies SsoProvidersResponse),
      ),
      http.post(api('/auth/sso/hospital/start'), () =>
        refusal(503, 'SERVICE_UNAVAILABLE', ssoRefusalMessage('unavailable')),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<LoginPage />, { user: null, path: '/login' });
    const button = await screen.findByRole('button', { name: 'Sign in with Korle Bu staff account' });
    expect(screen.getByText('or with your service number')).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(ssoRefusalMessage('unavailable'));
    expect(screen.getByRole('button', { name: 'Sign in with Korle Bu staff account' })).toBeEnabled();
  });
});

describe('Single sign-on callback page', () => {
  it("hands the provider's answer on once and says in words why the person was refused", async () => {
    const sent: unknown[] = [];
    apiServer.use(
      http.post(api('/auth/sso/finish'), async ({ request }) => {
        sent.push(await request.json());
        return refusal(403, 'SSO_REFUSED', ssoRefusalMessage('no-role'));
      }),
    );
    await renderScreen(<SsoCallbackPage />, {
      user: null,
      path: '/login/sso?code=abc&state=xyz&iss=https%3A%2F%2Fidp',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(ssoRefusalMessage('no-role'));
    expect(sent).toEqual([{ query: 'code=abc&state=xyz&iss=https%3A%2F%2Fidp' }]);
    // The answer is gone from the address: a reload does not hand it on again.
    expect(window.location.search).toBe('');
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('keeps the session the provider vouched for', async () => {
    const me = signedInFixture({ role: 'Engineer' });
    apiServer.use(
      http.post(api('/auth/sso/finish'), () => HttpResponse.json({ token: 'sso-session-token', user: me })),
    );
    await renderScreen(<SsoCallbackPage />, { user: null, path: '/login/sso?code=abc&state=xyz' });
    await waitFor(() => expect(sessionStore.token()).toBe('sso-session-token'));
  });
});
