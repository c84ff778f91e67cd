import {
  STORAGE_KEYS,
  UNSUBSCRIBE_LINK_INVALID,
  type ApiErrorBody,
  type UnsubscribeAnswer,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { signedInFixture } from '@caliber/web-testing/people';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { UnsubscribePage } from './UnsubscribePage';

/** A token as the notifying service signs one: base64url, with characters an address must escape. */
const TOKEN = 'eyJ1IjoidTEiLCJ0IjoidGFza1VwZGF0ZXMifQ.Zm9v+YmFy/c2ln=';
const LINK = `/unsubscribe?token=${encodeURIComponent(TOKEN)}`;
const TURNED_OFF = 'Task updates are turned off. You can turn it on again in Settings.';

/** Answers the unsubscribe call with `answer`, keeping the tokens it was sent. */
function answering(answer: () => Response): string[] {
  const sent: string[] = [];
  apiServer.use(
    http.post(api('/notifications/unsubscribe'), ({ request }) => {
      sent.push(new URL(request.url).searchParams.get('token') ?? '');
      return answer();
    }),
  );
  return sent;
}

const turnedOff = () =>
  HttpResponse.json({ topic: 'taskUpdates', message: TURNED_OFF } satisfies UnsubscribeAnswer);

describe('The unsubscribe link’s page', () => {
  it('asks first (a mail scanner that opens the link turns nothing off), then turns them off and says so', async () => {
    const sent = answering(turnedOff);
    const user = userEvent.setup();
    await renderScreen(<UnsubscribePage />, { user: null, path: LINK });
    expect(screen.getByRole('heading', { name: 'Stop these e-mails?' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Turn them off' }));
    expect(await screen.findByRole('status')).toHaveTextContent(TURNED_OFF);
    expect(sent).toEqual([TOKEN]);
    expect(screen.queryByRole('button', { name: 'Turn them off' })).not.toBeInTheDocument();
    // Signed out, the way to Settings is through sign-in, which comes back to Settings.
    const signIn = screen.getByRole('link', { name: 'Sign in to change your notifications' });
    expect(signIn).toHaveAttribute('href', '/login');
    await user.click(signIn);
    expect(window.location.pathname).toBe('/login');
    expect((window.history.state as { usr?: unknown }).usr).toEqual({ from: '/settings' });
  });

  it('signed in on this device, the session takes the toggle turned off, and the way on is Settings', async () => {
    const before = signedInFixture();
    answering(turnedOff);
    const user = userEvent.setup();
    await renderScreen(<UnsubscribePage />, { user: before, path: LINK });
    apiServer.use(
      http.get(api('/auth/me'), () =>
        HttpResponse.json({
          user: { ...before, notifications: { ...before.notifications, taskUpdates: false } },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Turn them off' }));
    expect(await screen.findByRole('status')).toHaveTextContent(TURNED_OFF);
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
    // Settings, opened next, shows the toggle off rather than the session's old copy.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({
        notifications: { taskUpdates: false },
      }),
    );
  });

  it('shows the server’s refusal of a link that is not valid, and offers no second try', async () => {
    const sent = answering(() =>
      HttpResponse.json(
        {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: UNSUBSCRIBE_LINK_INVALID,
        } satisfies ApiErrorBody,
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<UnsubscribePage />, { user: null, path: LINK });
    await user.click(screen.getByRole('button', { name: 'Turn them off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_LINK_INVALID);
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Turn them off' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it.each([
    ['no token', '/unsubscribe'],
    ['an empty token', '/unsubscribe?token='],
  ])('a link with %s says it is not valid, without asking the server', async (_, path) => {
    const sent = answering(turnedOff);
    await renderScreen(<UnsubscribePage />, { user: null, path });
    expect(screen.getByRole('alert')).toHaveTextContent(UNSUBSCRIBE_LINK_INVALID);
    expect(screen.queryByRole('button', { name: 'Turn them off' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('when the server cannot be reached, says so with Retry, which sends the link again', async () => {
    let reachable = false;
    const sent = answering(() => (reachable ? turnedOff() : HttpResponse.error()));
    const user = userEvent.setup();
    await renderScreen(<UnsubscribePage />, { user: null, path: LINK });
    await user.click(screen.getByRole('button', { name: 'Turn them off' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('The server cannot be reached. Check your connection and try again.');
    reachable = true;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('status')).toHaveTextContent(TURNED_OFF);
    expect(sent).toEqual([TOKEN, TOKEN]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a fault on the server’s side is shown with its reference and Retry', async () => {
    answering(() =>
      HttpResponse.json(
        {
          statusCode: 503,
          code: 'SERVICE_UNAVAILABLE',
          message: '',
          requestId: 'req-5',
        } satisfies ApiErrorBody,
        { status: 503 },
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<UnsubscribePage />, { user: null, path: LINK });
    await user.click(screen.getByRole('button', { name: 'Turn them off' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Your e-mails could not be turned off. Try again. Reference: req-5');
    expect(within(failure).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
