import type { ApiErrorBody, NotificationDto, NotificationPage, UserDto } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { signedInFixture } from '@caliber/web-testing/people';
import { useLocation } from '@caliber/web';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NotificationBell } from './NotificationBell';

const technician: UserDto = signedInFixture({ role: 'Technician', name: 'Kofi Darko' });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notification(id: string, changes: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id,
    kind: 'task-assigned',
    topic: 'taskUpdates',
    title: `Task assigned to you: ${id}`,
    body: 'Ventilator Hamilton C6 (SN HC6-20417), ICU. Priority High.',
    link: `/tasks/task-${id}`,
    urgent: false,
    createdAt: minutesAgo(5),
    readAt: null,
    ...changes,
  };
}

/** `GET /notifications` as the service answers it: `rows` on page `page` of `pages`. */
function page(
  rows: NotificationDto[],
  unread: number,
  changes: Partial<NotificationPage> = {},
): NotificationPage {
  return { rows, unread, total: rows.length, page: 1, pages: 1, limit: 20, ...changes };
}

const serverFault = () =>
  HttpResponse.json(
    { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: '', requestId: 'req-7' } satisfies ApiErrorBody,
    { status: 503 },
  );

/** Answers the list with `answer` and counts the reads. */
function serveList(answer: (request: Request) => NotificationPage | Response) {
  const reads: string[] = [];
  apiServer.use(
    http.get(api('/notifications'), ({ request }) => {
      reads.push(new URL(request.url).search);
      const body = answer(request);
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  return reads;
}

/** Where the app is: the bell's links navigate within it. */
function Address() {
  return <p data-testid="address">{useLocation().pathname}</p>;
}

async function renderBell(live = new TestLiveEvents()) {
  const view = await renderScreen(
    <>
      <NotificationBell />
      <Address />
    </>,
    { user: technician, path: '/dashboard', live },
  );
  return { ...view, live };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => screen.getByRole('dialog', { name: 'Notifications' });

describe('The notifications bell', () => {
  it('says the unread count in its name and its badge', async () => {
    serveList(() => page([notification('n1'), notification('n2'), notification('n3')], 3));
    const { container } = await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unread'));
    expect(container.querySelector('.bell__badge')).toHaveTextContent('3');
  });

  it('draws no badge when nothing is unread', async () => {
    serveList(() => page([notification('n1', { readAt: minutesAgo(1) })], 0));
    const { container } = await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 0 unread'));
    expect(container.querySelector('.bell__badge')).toBeNull();
  });

  it('writes "99+" past 99 unread, the name keeping the whole count', async () => {
    serveList(() => page([notification('n1')], 120, { total: 120, pages: 6 }));
    const { container } = await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 120 unread'));
    expect(container.querySelector('.bell__badge')).toHaveTextContent('99+');
  });

  it('opens a panel of the newest notifications: title, body, when, the unread ones marked', async () => {
    serveList(() =>
      page(
        [
          notification('n1', { title: 'Task assigned to you: Alarm fails self-test', urgent: true }),
          notification('n2', {
            title: 'ICU Monitor is out of service',
            body: 'Mindray BeneVision N12 (SN MB-1), ICU.',
            link: '/equipment/dev-1',
            createdAt: minutesAgo(40),
            readAt: minutesAgo(20),
          }),
        ],
        1,
      ),
    );
    await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    await userEvent.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const links = within(panel()).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAccessibleName(/^Unread: Task assigned to you: Alarm fails self-test Urgent/);
    expect(links[0]).toHaveTextContent('Ventilator Hamilton C6 (SN HC6-20417), ICU. Priority High.');
    expect(links[0]).toHaveTextContent('5 min ago');
    expect(links[0]).toHaveAttribute('href', '/tasks/task-n1');
    expect(links[1]).toHaveAccessibleName(/^ICU Monitor is out of service/);
    expect(links[1]).toHaveTextContent('40 min ago');
    expect(links[1]).toHaveAttribute('href', '/equipment/dev-1');
  });

  it('opens the record a notification is about, in the app, and marks it read', async () => {
    serveList(() => page([notification('n1'), notification('n2')], 2));
    const marked: string[] = [];
    apiServer.use(
      http.post(api('/notifications/:id/read'), ({ params }) => {
        marked.push(String(params['id']));
        return HttpResponse.json({ unread: 1 });
      }),
    );
    await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    await userEvent.click(bell());
    await userEvent.click(within(panel()).getByRole('link', { name: /Task assigned to you: n2/ }));

    expect(screen.getByTestId('address')).toHaveTextContent('/tasks/task-n2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(marked).toEqual(['n2']);
    // Opened again, it shows the one read as read.
    await userEvent.click(bell());
    expect(within(panel()).getByRole('link', { name: /Task assigned to you: n2/ })).not.toHaveAccessibleName(
      /^Unread/,
    );
    expect(within(panel()).getByRole('link', { name: /Task assigned to you: n1/ })).toHaveAccessibleName(
      /^Unread/,
    );
  });

  it('marks all read: the badge goes and no row stays marked', async () => {
    serveList(() => page([notification('n1'), notification('n2')], 2));
    let posted = 0;
    apiServer.use(
      http.post(api('/notifications/read-all'), () => {
        posted += 1;
        return HttpResponse.json({ unread: 0 });
      }),
    );
    const { container } = await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    await userEvent.click(bell());
    await userEvent.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 0 unread'));
    expect(posted).toBe(1);
    expect(container.querySelector('.bell__badge')).toBeNull();
    for (const link of within(panel()).getAllByRole('link')) expect(link).not.toHaveAccessibleName(/^Unread/);
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says so when there are no notifications', async () => {
    serveList(() => page([], 0));
    await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 0 unread'));
    await userEvent.click(bell());
    expect(within(panel()).getByText('You have no notifications.')).toBeInTheDocument();
    expect(within(panel()).queryByRole('link')).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says a failed load, with its reference, and Retry loads the list', async () => {
    let failing = true;
    serveList(() => (failing ? serverFault() : page([notification('n1')], 1)));
    await renderBell();
    await userEvent.click(bell());
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your notifications.');
    expect(alert).toHaveTextContent('Reference: req-7');

    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(panel()).findByRole('link', { name: /Task assigned to you: n1/ }),
    ).toBeInTheDocument();
    expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  it('loads the next page with Load more, until there is none', async () => {
    serveList((request) =>
      new URL(request.url).searchParams.get('page') === '2'
        ? page([notification('n3')], 3, { page: 2, pages: 2, total: 3, limit: 2 })
        : page([notification('n1'), notification('n2')], 3, { pages: 2, total: 3, limit: 2 }),
    );
    await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 3 unread'));
    await userEvent.click(bell());
    expect(within(panel()).getAllByRole('link')).toHaveLength(2);
    await userEvent.click(within(panel()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(panel()).getAllByRole('link')).toHaveLength(3));
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('raises the count on a live notification and shows it on top, without asking again', async () => {
    const reads = serveList(() => page([notification('n1')], 1));
    const { live } = await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));

    act(() =>
      live.emit('notification:new', {
        notification: notification('n9', {
          title: 'Work awaits your certification',
          createdAt: minutesAgo(0),
        }),
        unread: 2,
      }),
    );
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    await userEvent.click(bell());
    const links = within(panel()).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName(/^Unread: Work awaits your certification/);
    expect(links[0]).toHaveTextContent('Just now');
    expect(reads).toHaveLength(1);
  });

  it('follows a read on another device: the count at once, then which rows are read', async () => {
    let readElsewhere = false;
    serveList(() =>
      page([notification('n1', { readAt: readElsewhere ? minutesAgo(0) : null })], readElsewhere ? 0 : 1),
    );
    const { live } = await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));

    readElsewhere = true;
    act(() => live.emit('notification:read', { unread: 0 }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 0 unread'));
    await userEvent.click(bell());
    await waitFor(() =>
      expect(within(panel()).getByRole('link', { name: /n1/ })).not.toHaveAccessibleName(/^Unread/),
    );
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    serveList(() => page([notification('n1')], 1));
    await renderBell();
    await userEvent.click(bell());
    expect(panel()).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
  });
});
