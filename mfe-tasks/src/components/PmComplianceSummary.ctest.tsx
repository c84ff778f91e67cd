import type {
  ApiErrorBody,
  ComplianceFigures,
  OverduePmItem,
  OverduePmPage,
  PmComplianceResponse,
  UnplannedDevice,
  UnplannedDevicesPage,
} from '@caliber/contracts';
import { maintenanceKeys } from '@caliber/web';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { viewer } from '../utils/viewer.fixture';
import type { EquipmentChoice } from './EquipmentPicker';
import { PmComplianceSummary } from './PmComplianceSummary';

const figures: ComplianceFigures = { due: 4, onTime: 2, late: 1, missed: 1, pending: 0, rate: 0.5 };

/** This month's compliance as the server answers it: the figures and the lists' totals only. */
const compliance = (overdue: number, unplanned: number): PmComplianceResponse => ({
  from: '2026-01-01',
  to: '2026-01-31',
  today: '2026-01-20',
  department: '',
  category: '',
  overall: figures,
  highRisk: figures,
  lifeSupport: figures,
  overdue: { total: overdue },
  unplanned: { total: unplanned },
  riskDataAsOf: '2026-01-20T08:00:00.000Z',
});

const overdueItem = (at: number): OverduePmItem => ({
  taskId: `task-${at}`,
  planId: `plan-${at}`,
  title: `Ventilator PM ${at}`,
  equipment: {
    _id: `eq-${at}`,
    name: 'Evita V500',
    serialNumber: `SN-${at}`,
    department: 'ICU',
    category: 'Ventilator',
  },
  dueDate: '2026-01-10',
  daysOverdue: 10,
  status: 'Pending',
  priority: 'Medium',
  interval: 'Monthly',
  assignedTo: at === 1 ? { _id: 'technician-1', name: 'Kofi Darko' } : null,
  highRisk: true,
  lifeSupport: at === 1,
});

const unplannedDevice = (at: number): UnplannedDevice => ({
  equipmentId: `eq-${at}`,
  name: `Defibrillator ${at}`,
  serialNumber: `DF-${at}`,
  department: 'ICU',
  category: 'Defibrillator',
  riskClass: 'High',
  highRisk: true,
  lifeSupport: false,
});

/** A server-paged list of `total()` rows, 25 a page, recording the pages asked for. */
function pagedList<T>(total: () => number, row: (at: number) => T) {
  const asked: number[] = [];
  const answer = (request: Request) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page'));
    asked.push(page);
    const limit = 25;
    const first = (page - 1) * limit + 1;
    const count = Math.max(0, Math.min(limit, total() - first + 1));
    return {
      items: Array.from({ length: count }, (_, at) => row(first + at)),
      total: total(),
      page,
      pages: Math.max(1, Math.ceil(total() / limit)),
      limit,
    };
  };
  return { asked, answer };
}

function summary(data: PmComplianceResponse, onSchedule?: (device: EquipmentChoice) => void) {
  return (
    <PmComplianceSummary
      data={data}
      error={null}
      loading={false}
      onRetry={() => undefined}
      onSchedule={onSchedule}
    />
  );
}

const unavailable = () =>
  HttpResponse.json(
    {
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The maintenance service is not answering.',
    } satisfies ApiErrorBody,
    { status: 503 },
  );

describe('The PM compliance summary’s lists', () => {
  it('reads the overdue PM only when opened, then a page at a time, with who has each', async () => {
    let total = 60;
    const list = pagedList(() => total, overdueItem);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    apiServer.use(
      http.get(api('/maintenance/compliance/overdue'), async ({ request }) => {
        if (list.asked.length === 0) await held;
        return HttpResponse.json({ ...list.answer(request), today: '2026-01-20' } satisfies OverduePmPage);
      }),
    );
    const user = userEvent.setup();
    const { client } = await renderScreen(summary(compliance(60, 0)), { user: viewer('Engineer') });
    expect(screen.getByText('Overdue PM').previousSibling).toHaveTextContent('60');
    expect(list.asked).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'View overdue' }));
    const dialog = screen.getByRole('dialog', { name: 'Overdue PM' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading overdue PM…');
    release();
    const first = await within(dialog).findByRole('listitem', { name: 'Ventilator PM 1' });
    expect(within(dialog).getByText(/^Due date passed and not completed, as of/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Ventilator PM 1' })).toHaveAttribute(
      'href',
      '/tasks?task=task-1',
    );
    expect(first).toHaveTextContent('10 days overdue');
    expect(first).toHaveTextContent('Kofi Darko');
    expect(within(first).getByText('Life-support', { exact: true })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(25);
    expect(within(dialog).getByText('Showing 1-25 of 60 total')).toBeInTheDocument();

    const pager = within(dialog).getByRole('navigation', { name: 'Overdue PM pages' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('listitem', { name: 'Ventilator PM 26' })).toHaveTextContent(
      'Unassigned',
    );
    expect(within(dialog).queryByRole('listitem', { name: 'Ventilator PM 1' })).not.toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(await within(dialog).findByText('Showing 51-60 of 60 total')).toBeInTheDocument();
    expect(list.asked).toEqual([1, 2, 3]);

    // Work done meanwhile shrinks the list below the page shown: its last page shows instead.
    total = 40;
    await client.invalidateQueries({ queryKey: maintenanceKeys.compliance() });
    expect(await within(dialog).findByText('Showing 26-40 of 40 total')).toBeInTheDocument();
  });

  it('says when no PM is overdue', async () => {
    apiServer.use(
      http.get(api('/maintenance/compliance/overdue'), ({ request }) =>
        HttpResponse.json({
          ...pagedList(() => 0, overdueItem).answer(request),
          today: '2026-01-20',
        } satisfies OverduePmPage),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(summary(compliance(0, 0)), { user: viewer('Engineer') });
    await user.click(screen.getByRole('button', { name: 'View overdue' }));
    const dialog = screen.getByRole('dialog', { name: 'Overdue PM' });
    expect(await within(dialog).findByText('No PM is overdue.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows a Technician their overdue work as titles without links, on one page', async () => {
    apiServer.use(
      http.get(api('/maintenance/compliance/overdue'), ({ request }) =>
        HttpResponse.json({
          ...pagedList(() => 1, overdueItem).answer(request),
          today: '2026-01-20',
        } satisfies OverduePmPage),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(summary(compliance(1, 0)), { user: viewer('Technician') });
    await user.click(screen.getByRole('button', { name: 'View overdue' }));
    const item = await screen.findByRole('listitem', { name: 'Ventilator PM 1' });
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();
  });

  it('shows a failure with Retry inside the dialog, which reads the page again', async () => {
    let down = true;
    apiServer.use(
      http.get(api('/maintenance/compliance/overdue'), ({ request }) =>
        down
          ? unavailable()
          : HttpResponse.json({
              ...pagedList(() => 3, overdueItem).answer(request),
              today: '2026-01-20',
            } satisfies OverduePmPage),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(summary(compliance(3, 0)), { user: viewer('Engineer') });
    await user.click(screen.getByRole('button', { name: 'View overdue' }));
    const dialog = screen.getByRole('dialog', { name: 'Overdue PM' });
    const failure = await within(dialog).findByRole('alert');
    expect(failure).toHaveTextContent('The maintenance service is not answering.');
    down = false;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(3);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages the devices without a plan, and schedules one from its line', async () => {
    const list = pagedList(() => 30, unplannedDevice);
    apiServer.use(
      http.get(api('/maintenance/compliance/unplanned'), ({ request }) =>
        HttpResponse.json(list.answer(request) satisfies UnplannedDevicesPage),
      ),
    );
    const scheduled: EquipmentChoice[] = [];
    const user = userEvent.setup();
    await renderScreen(
      summary(compliance(0, 30), (device) => scheduled.push(device)),
      { user: viewer('Engineer') },
    );
    expect(screen.getByText('Devices without a plan').previousSibling).toHaveTextContent('30');
    await user.click(screen.getByRole('button', { name: 'View devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Devices without a PM plan' });
    await within(dialog).findByRole('listitem', { name: 'Defibrillator 1' });
    expect(within(dialog).getByText('Showing 1-25 of 30 total')).toBeInTheDocument();
    const pager = within(dialog).getByRole('navigation', { name: 'Pages of devices without a plan' });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    const last = await within(dialog).findByRole('listitem', { name: 'Defibrillator 30' });
    expect(last).toHaveTextContent('ICU · Defibrillator');
    expect(last).toHaveTextContent('Risk class High');
    await user.click(within(last).getByRole('button', { name: 'Schedule PM' }));
    expect(scheduled).toEqual([{ _id: 'eq-30', name: 'Defibrillator 30', serialNumber: 'DF-30' }]);
    expect(screen.queryByRole('dialog', { name: 'Devices without a PM plan' })).not.toBeInTheDocument();
    expect(list.asked).toEqual([1, 2]);
  });

  it('says when every device has a plan, and shows a failure with Retry', async () => {
    let down = true;
    apiServer.use(
      http.get(api('/maintenance/compliance/unplanned'), ({ request }) =>
        down
          ? unavailable()
          : HttpResponse.json(
              pagedList(() => 0, unplannedDevice).answer(request) satisfies UnplannedDevicesPage,
            ),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(summary(compliance(0, 0)), { user: viewer('Manager') });
    await user.click(screen.getByRole('button', { name: 'View devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Devices without a PM plan' });
    const failure = await within(dialog).findByRole('alert');
    expect(failure).toHaveTextContent('The maintenance service is not answering.');
    down = false;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Every device in the PM program has a plan.')).toBeInTheDocument();
  });
});
