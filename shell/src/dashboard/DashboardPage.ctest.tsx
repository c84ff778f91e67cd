import { type ApiErrorBody, type DashboardResponse, type UserDto } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { signedInFixture } from '@caliber/web-testing/people';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { DashboardPage } from './DashboardPage';

const engineer: UserDto = signedInFixture({ email: null });

const figures = { due: 10, onTime: 9, late: 1, missed: 0, pending: 0, rate: 0.9 };

/** `GET /dashboard` as the gateway answers it: 40 devices unless told. */
function dashboard(total = 40, changes: Partial<DashboardResponse> = {}): DashboardResponse {
  const serviceable = total - 10;
  return {
    equipment: {
      total,
      serviceable,
      maintenance: 6,
      unserviceable: 4,
      byStatus: {
        Serviceable: serviceable,
        'Under Maintenance': 6,
        Unserviceable: 4,
        Decommissioned: 0,
        Auctioned: 0,
      },
      earlier: null,
      recalls: { openNotices: 1, awaitingAction: 2 },
      contractRenewals: { within30: 1, within90: 3 },
    },
    tasks: {
      total: 12,
      pending: 3,
      inProgress: 4,
      completed: 5,
      earlier: null,
      recent: [],
      overdue: 2,
      awaitingCertification: 1,
    },
    recentTasks: [],
    pm: { from: '2026-03-01', to: '2026-03-31', overall: figures, lifeSupport: figures },
    system: {
      details: true,
      database: { ok: true, problem: null },
      services: { ok: true, problem: null },
      live: { ok: true, problem: null },
      queue: { ok: true, problem: null },
      lastBackupAt: null,
    },
    lastLogin: null,
    unavailable: {},
    ...changes,
  };
}

const serverFault = () =>
  HttpResponse.json(
    { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: '', requestId: 'req-3' } satisfies ApiErrorBody,
    { status: 503 },
  );
const totalCard = () => screen.getByRole('group', { name: 'Total Equipment' });

describe('Dashboard', () => {
  it('shows loading, then the figures, each status a meter of its share', async () => {
    apiServer.use(http.get(api('/dashboard'), () => HttpResponse.json(dashboard())));
    await renderScreen(<DashboardPage />, { user: engineer, path: '/dashboard' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Esi Mensah.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard…');
    expect(await screen.findByRole('group', { name: 'Total Equipment' })).toHaveTextContent('40');
    const serviceable = screen.getByRole('meter', { name: 'Serviceable' });
    expect(serviceable).toHaveAttribute('aria-valuenow', '30');
    expect(serviceable).toHaveAttribute('aria-valuemax', '40');
    expect(serviceable).toHaveAttribute('aria-valuetext', '30, 75% of all equipment');
    expect(screen.getByRole('meter', { name: 'Auctioned' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('link', { name: /Overdue tasks/ })).toHaveAttribute(
      'href',
      '/tasks?show=overdue',
    );
  });

  it('shows those who keep contracts the renewals due', async () => {
    apiServer.use(http.get(api('/dashboard'), () => HttpResponse.json(dashboard())));
    await renderScreen(<DashboardPage />, { user: engineer, path: '/dashboard' });
    const renewals = await screen.findByRole('link', { name: /Contract renewals/ });
    expect(renewals).toHaveAttribute('href', '/equipment/contracts?state=renewal-due');
    expect(renewals).toHaveTextContent(
      'Contract renewals1 within 30 days3 within 90 daysOpen the contracts to renew',
    );
  });

  it('shows a Technician no contract renewals', async () => {
    apiServer.use(http.get(api('/dashboard'), () => HttpResponse.json(dashboard())));
    await renderScreen(<DashboardPage />, {
      user: signedInFixture({ role: 'Technician' }),
      path: '/dashboard',
    });
    expect(await screen.findByRole('link', { name: /Overdue tasks/ })).toBeInTheDocument();
    expect(screen.queryByText('Contract renewals')).not.toBeInTheDocument();
  });

  it('a failed load is tried twice more, then says so; Retry shows loading and then the figures', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/dashboard'), async () => {
        calls += 1;
        if (calls <= 3) return serverFault();
        await delay(100);
        return HttpResponse.json(dashboard());
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<DashboardPage />, { user: engineer, path: '/dashboard' });
    const failure = await screen.findByRole('region', { name: 'Error Loading Dashboard' });
    expect(within(failure).getByRole('alert')).toHaveTextContent(/^Failed to fetch dashboard data$/);
    expect(failure).toHaveTextContent('Failed to fetch dashboard data Reference: req-3');
    expect(calls).toBe(3);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loading dashboard…')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Total Equipment' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Error Loading Dashboard' })).not.toBeInTheDocument();
  });

  it('a part that did not arrive says why, and the rest still shows', async () => {
    const reason = 'The equipment service did not answer in time.';
    apiServer.use(
      http.get(api('/dashboard'), () =>
        HttpResponse.json(dashboard(40, { equipment: null, unavailable: { equipment: reason } })),
      ),
    );
    await renderScreen(<DashboardPage />, { user: engineer, path: '/dashboard' });
    expect(await screen.findByRole('region', { name: 'Equipment figures' })).toHaveTextContent(
      `Equipment figures unavailable. ${reason}`,
    );
    expect(totalCard()).toHaveTextContent('Unavailable');
    expect(screen.getByRole('region', { name: 'Equipment Status Overview' })).toHaveTextContent(reason);
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tasks Summary' })).toHaveTextContent('Total12');
  });

  it('a device changed elsewhere refreshes the figures without a reload; a refresh that fails keeps them, marked', async () => {
    let total = 40;
    let failing = false;
    apiServer.use(
      http.get(api('/dashboard'), () => (failing ? serverFault() : HttpResponse.json(dashboard(total)))),
    );
    const live = new TestLiveEvents();
    await renderScreen(<DashboardPage />, { user: engineer, path: '/dashboard', live });
    await waitFor(() => expect(totalCard()).toHaveTextContent('40'));
    total = 41;
    act(() => live.emit('equipment:deleted', { _id: 'd1' }));
    await waitFor(() => expect(totalCard()).toHaveTextContent('41'));

    failing = true;
    // Events within a second are gathered into one refresh at its end.
    act(() => live.emit('task:deleted', { _id: 't1', assigneeId: null }));
    expect(
      await screen.findByText(/the figures below may be out of date/, undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(totalCard()).toHaveTextContent('41');
  });
});
