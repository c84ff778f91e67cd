import {
  type ApiErrorBody,
  type DashboardCostOfService,
  type DashboardCostOfServiceFigure,
  type DashboardResponse,
  type UserDto,
} from '@caliber/contracts';
import { formatDate, formatDateTime, formatMoney } from '@caliber/ui-kit';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { signedInFixture } from '@caliber/web-testing/people';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { COST_OF_SERVICE_LINK } from './CostOfServiceCard';
import { DashboardPage } from './DashboardPage';
import { COST_OF_SERVICE_REFETCH_MS, dashboardRefetchInterval } from './use-dashboard';

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

describe('Cost of service card', () => {
  const manager: UserDto = signedInFixture({ role: 'Manager' });
  const figure: DashboardCostOfServiceFigure = {
    from: '2025-03-03',
    to: '2026-03-02',
    ratio: 0.052,
    serviceCost: 1_248_600,
    acquisitionCost: 24_011_538.46,
    devicesWithCost: 1180,
    devicesWithoutCost: 68,
    flagged: 7,
    currency: 'GBP',
    computedAt: '2026-03-02T06:41:12.000Z',
  };
  const costCard = () => screen.findByRole('group', { name: 'Cost of service' });

  /** Serves the dashboard with this cost of service part (and reason) and opens it as `user`. */
  async function open(
    costOfService: DashboardCostOfService | null | undefined,
    user: UserDto = manager,
    unavailable: DashboardResponse['unavailable'] = {},
  ) {
    apiServer.use(
      http.get(api('/dashboard'), () => HttpResponse.json(dashboard(40, { costOfService, unavailable }))),
    );
    await renderScreen(<DashboardPage />, { user, path: '/dashboard' });
  }

  it('is not there for those whose dashboard has no cost of service (a Technician)', async () => {
    await open(undefined, signedInFixture({ role: 'Technician' }));
    expect(await screen.findByRole('link', { name: /Overdue tasks/ })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Cost of service' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Cost of service/)).not.toBeInTheDocument();
  });

  it('says why when the reports service did not answer, and leads nowhere', async () => {
    const reason = 'The reports service did not answer in time.';
    await open(null, manager, { costOfService: reason });
    const card = await costCard();
    expect(card).toHaveTextContent(`Cost of serviceCost of service unavailable. ${reason}`);
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says the first figure is being worked out', async () => {
    await open({ figure: null, current: false, failed: false });
    const card = await costCard();
    expect(within(card).getByRole('status')).toHaveTextContent(/^Working out the first figure…$/);
    expect(within(card).getByRole('link', { name: /Open Reports for the full report/ })).toHaveAttribute(
      'href',
      COST_OF_SERVICE_LINK,
    );
  });

  it("shows today's figure in plain words, with the way to the full report", async () => {
    await open({ figure, current: true, failed: false });
    const card = await costCard();
    const lines = within(card)
      .getAllByText(/./, { selector: 'p' })
      .map((line) => line.textContent);
    expect(lines).toEqual([
      '5.2%',
      `Year to ${formatDate('2026-03-02')}`,
      'Well-run departments sit around 3–7%',
      `Service cost ${formatMoney(1_248_600, 'GBP')} of ${formatMoney(24_011_538.46, 'GBP')} acquisition`,
      '68 devices without an acquisition cost are not counted',
      '7 flagged for replacement planning',
      `As of ${formatDateTime('2026-03-02T06:41:12.000Z')}`,
    ]);
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Open Reports for the full report/ })).toHaveAttribute(
      'href',
      '/reports',
    );
  });

  it("marks an earlier day's figure as such, in the hospital's currency", async () => {
    await open({
      figure: { ...figure, currency: 'GHS', devicesWithoutCost: 0, flagged: 0, serviceCost: 1_248_600.5 },
      current: false,
      failed: false,
    });
    const card = await costCard();
    // The formatter puts a no-break space between the code and the number; the matcher reads a space.
    const cedis = (amount: number) => formatMoney(amount, 'GHS').replace(/\s+/g, ' ');
    expect(card).toHaveTextContent(
      `Service cost ${cedis(1_248_600.5)} of ${cedis(24_011_538.46)} acquisition`,
    );
    expect(card).toHaveTextContent('0 flagged for replacement planning');
    expect(card).not.toHaveTextContent('without an acquisition cost');
    expect(card).toHaveTextContent(
      `Today's figure is being worked out; this is ${formatDate('2026-03-02')}'s.`,
    );
  });

  it('says when working out today’s figure failed, and that it is tried again', async () => {
    await open({ figure: null, current: false, failed: true });
    expect(within(await costCard()).getByRole('status')).toHaveTextContent(
      /^The figure could not be worked out\. It is tried again within 15 minutes\.$/,
    );
  });

  it('keeps showing the latest figure when today’s failed, and says so', async () => {
    await open({ figure, current: false, failed: true });
    expect(await costCard()).toHaveTextContent(
      `Today's figure could not be worked out; this is ${formatDate('2026-03-02')}'s. It is tried again within 15 minutes.`,
    );
  });

  it('shows a dash and why when no device has an acquisition cost', async () => {
    await open({
      figure: {
        ...figure,
        ratio: null,
        serviceCost: 0,
        acquisitionCost: 0,
        devicesWithCost: 0,
        devicesWithoutCost: 1,
        flagged: 0,
      },
      current: true,
      failed: false,
    });
    const card = await costCard();
    const lines = within(card)
      .getAllByText(/./, { selector: 'p' })
      .map((line) => line.textContent);
    expect(lines).toEqual([
      '—',
      'No device has a recorded acquisition cost',
      `Year to ${formatDate('2026-03-02')}`,
      '1 device without an acquisition cost is not counted',
      '0 flagged for replacement planning',
      `As of ${formatDateTime('2026-03-02T06:41:12.000Z')}`,
    ]);
  });

  it('looks again until today’s figure is worked out, then stops', async () => {
    // The clock is faked (and still runs, for MSW's answers) so 15 s pass at once.
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let calls = 0;
      apiServer.use(
        http.get(api('/dashboard'), () => {
          calls += 1;
          const costOfService =
            calls < 3
              ? { figure, current: false, failed: false }
              : { figure: { ...figure, ratio: 0.061 }, current: true, failed: false };
          return HttpResponse.json(dashboard(40, { costOfService }));
        }),
      );
      await renderScreen(<DashboardPage />, { user: manager, path: '/dashboard' });
      const card = await costCard();
      expect(card).toHaveTextContent("Today's figure is being worked out");
      expect(calls).toBe(1);

      act(() => jest.advanceTimersByTime(COST_OF_SERVICE_REFETCH_MS - 1000));
      expect(calls).toBe(1);
      act(() => jest.advanceTimersByTime(1000));
      await waitFor(() => expect(calls).toBe(2));
      act(() => jest.advanceTimersByTime(COST_OF_SERVICE_REFETCH_MS));
      await waitFor(() => expect(card).toHaveTextContent('6.1%'));
      expect(card).not.toHaveTextContent("Today's figure is being worked out");

      act(() => jest.advanceTimersByTime(COST_OF_SERVICE_REFETCH_MS * 3));
      expect(calls).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('is asked again every 15 s while today’s figure is being worked out, and never otherwise', () => {
    const answer = (costOfService: DashboardCostOfService | null | undefined) =>
      dashboardRefetchInterval(dashboard(40, { costOfService }));
    expect(COST_OF_SERVICE_REFETCH_MS).toBe(15_000);
    expect(answer({ figure: null, current: false, failed: false })).toBe(15_000);
    expect(answer({ figure, current: false, failed: false })).toBe(15_000);
    expect(answer({ figure, current: true, failed: false })).toBe(false);
    expect(answer(null)).toBe(false);
    expect(answer(undefined)).toBe(false);
    expect(dashboardRefetchInterval(undefined)).toBe(false);
  });
});
