import type { ApiErrorBody, CreateUserRequest, UserDto, UserListResponse } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { userFixture } from '../utils/user.fixture';
import { UserManagementPage } from './UserManagementPage';

const engineer = userFixture({ _id: 'me', name: 'Esi Mensah', role: 'Engineer', serviceNumber: 'BME-1000' });

/** `GET /users` as identity answers it: 12 a page. */
function page(users: UserDto[], pageNumber = 1, total = users.length): UserListResponse {
  return {
    users,
    data: users,
    total,
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / 12)),
    limit: 12,
  };
}

const people = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    userFixture({
      _id: `u${from + index}`,
      name: `Person ${from + index}`,
      serviceNumber: `BME-${2000 + from + index}`,
    }),
  );

describe('User Management', () => {
  it('shows loading, then a page of the roster with its total and page line', async () => {
    apiServer.use(http.get(api('/users'), () => HttpResponse.json(page(people(1, 12), 1, 14))));
    await renderScreen(<UserManagementPage />, { user: engineer, path: '/users' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    expect(await screen.findByRole('row', { name: 'Person 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(13);
    expect(screen.getByText('Total: 14')).toBeInTheDocument();
    expect(screen.getByText('Page 1 / 2')).toBeInTheDocument();
  });

  it('Admins, who look after the service, find the notifications’ delivery record here; Engineers do not', async () => {
    apiServer.use(http.get(api('/users'), () => HttpResponse.json(page(people(1, 1)))));
    const admin = userFixture({ _id: 'me', name: 'Ama Owusu', role: 'Admin', serviceNumber: 'BME-1001' });
    const first = await renderScreen(<UserManagementPage />, { user: admin, path: '/users' });
    expect(await screen.findByRole('link', { name: 'Notification deliveries' })).toHaveAttribute(
      'href',
      '/users/notification-deliveries',
    );
    first.unmount();
    await renderScreen(<UserManagementPage />, { user: engineer, path: '/users' });
    await screen.findByRole('row', { name: 'Person 1' });
    expect(screen.queryByRole('link', { name: 'Notification deliveries' })).not.toBeInTheDocument();
  });

  it('says so when nobody matches', async () => {
    apiServer.use(http.get(api('/users'), () => HttpResponse.json(page([]))));
    await renderScreen(<UserManagementPage />, { user: engineer, path: '/users?q=nobody' });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
  });

  it('a server fault is tried twice more, then shown with its reference and Retry, which loads the page', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/users'), () => {
        calls += 1;
        if (calls <= 3)
          return HttpResponse.json(
            {
              statusCode: 503,
              code: 'SERVICE_UNAVAILABLE',
              message: '',
              requestId: 'req-7',
            } satisfies ApiErrorBody,
            { status: 503 },
          );
        return HttpResponse.json(page(people(1, 2)));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<UserManagementPage />, { user: engineer, path: '/users' });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to load users. Reference: req-7');
    expect(calls).toBe(3);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Person 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refusal is shown at once, not tried again', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/users'), () => {
        calls += 1;
        return HttpResponse.json(
          {
            statusCode: 403,
            code: 'FORBIDDEN',
            message: 'Only Engineers and Admins manage the roster.',
          } satisfies ApiErrorBody,
          { status: 403 },
        );
      }),
    );
    await renderScreen(<UserManagementPage />, { user: engineer, path: '/users' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only Engineers and Admins manage the roster.',
    );
    expect(calls).toBe(1);
  });

  it('keeps the page shown while the next one loads', async () => {
    apiServer.use(
      http.get(api('/users'), async ({ request }) => {
        const number = Number(new URL(request.url).searchParams.get('page'));
        if (number === 2) {
          await delay(150);
          return HttpResponse.json(page(people(13, 2), 2, 14));
        }
        return HttpResponse.json(page(people(1, 12), 1, 14));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<UserManagementPage />, { user: engineer, path: '/users' });
    await screen.findByRole('row', { name: 'Person 1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Page 1 stays, marked as updating, until page 2 arrives.
    expect(screen.getByRole('row', { name: 'Person 1' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Updating' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Person 13' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Person 1' })).not.toBeInTheDocument();
    expect(screen.getByText('Page 2 / 2')).toBeInTheDocument();
  });

  it('a roster change made elsewhere (user:changed) reloads the list', async () => {
    let roster = people(1, 1);
    apiServer.use(http.get(api('/users'), () => HttpResponse.json(page(roster))));
    const live = new TestLiveEvents();
    await renderScreen(<UserManagementPage />, { user: engineer, path: '/users', live });
    await screen.findByRole('row', { name: 'Person 1' });
    roster = people(1, 2);
    act(() => live.emit('user:changed', { userId: 'u2' }));
    expect(await screen.findByRole('row', { name: 'Person 2' })).toBeInTheDocument();
  });

  it('Add User: an empty save names the missing fields and focuses the first; a save adds, says so and reloads the list', async () => {
    let roster = people(1, 1);
    const sent: CreateUserRequest[] = [];
    apiServer.use(
      http.get(api('/users'), () => HttpResponse.json(page(roster))),
      http.post(api('/users'), async ({ request }) => {
        const body = (await request.json()) as CreateUserRequest;
        sent.push(body);
        const added = userFixture({ _id: 'new', name: body.name, serviceNumber: body.serviceNumber });
        roster = [...roster, added];
        return HttpResponse.json(added, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<UserManagementPage />, { user: engineer, path: '/users' });
    await screen.findByRole('row', { name: 'Person 1' });
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please fill name, service number and phone.',
    );
    expect(within(dialog).getByLabelText('Full Name *')).toHaveFocus();
    expect(within(dialog).getByLabelText('Service Number *')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Email')).not.toHaveAttribute('aria-invalid');

    await user.type(within(dialog).getByLabelText('Full Name *'), 'Ama Owusu');
    await user.type(within(dialog).getByLabelText('Service Number *'), 'BME-3001');
    await user.type(within(dialog).getByLabelText('Phone *'), '+1 555 0142');
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));

    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('User created successfully!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Ama Owusu' })).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        name: 'Ama Owusu',
        serviceNumber: 'BME-3001',
        email: null,
        preApproved: true,
      }),
    ]);
  });

  it("Edit User: the server's refusal shows in the dialog, which stays open", async () => {
    apiServer.use(
      http.get(api('/users'), () => HttpResponse.json(page(people(1, 1)))),
      http.put(api('/users/u1'), () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Service number BME-2002 is already on the roster.',
          } satisfies ApiErrorBody,
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<UserManagementPage />, { user: engineer, path: '/users' });
    await user.click(await screen.findByRole('button', { name: 'Edit Person 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    const serviceNumber = within(dialog).getByLabelText('Service Number *');
    await user.clear(serviceNumber);
    await user.type(serviceNumber, 'BME-2002');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Service number BME-2002 is already on the roster.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeEnabled());
  });
});
