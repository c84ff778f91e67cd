import {
  REPORT_TITLES,
  REPORT_TYPES,
  type AssigneeListResponse,
  type GenerateReportRequest,
  type ReportQueuedResponse,
  type Role,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { staffFixture } from '../utils/report.fixture';
import { GenerateReportDialog } from './GenerateReportDialog';

const noStaff: AssigneeListResponse = { technicians: [] };

/** The Generate Report dialog as someone of `role` opens it from the Reports screen. */
async function openDialogAs(role: Role) {
  apiServer.use(http.get(api('/users/preapproved/technicians'), () => HttpResponse.json(noStaff)));
  await renderScreen(<GenerateReportDialog open onClose={() => undefined} />, {
    user: staffFixture({ role }),
    path: '/reports',
  });
  const dialog = screen.getByRole('dialog', { name: 'Generate Report' });
  const types = within(dialog).getByRole('group', { name: /Report types/ });
  return { dialog, types };
}

/** The report types offered, by the names people read, in the order the group shows them. */
const offered = (types: HTMLElement) =>
  within(types)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

// The spec's eight types, which everyone is offered; the cost of service came after them.
const SPEC_TITLES = REPORT_TYPES.filter((type) => type !== 'costOfService').map(
  (type) => REPORT_TITLES[type],
);

describe('Report types', () => {
  it('offers a Manager the eight types of the spec and then Cost of service, and sends it when ticked', async () => {
    const sent: GenerateReportRequest[] = [];
    apiServer.use(
      http.post(api('/reports/generate'), async ({ request }) => {
        sent.push((await request.json()) as GenerateReportRequest);
        return HttpResponse.json(
          { fileUrl: '/reports/jobs/job-1', jobId: 'job-1', scheduleId: null } satisfies ReportQueuedResponse,
          { status: 202 },
        );
      }),
    );
    // The queued report's page opens in a new tab, which jsdom has not.
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    const { dialog, types } = await openDialogAs('Manager');

    expect(SPEC_TITLES).toHaveLength(8);
    expect(offered(types)).toEqual([...SPEC_TITLES, 'Cost of service']);
    expect(
      within(types)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual([...REPORT_TYPES]);
    const box = within(types).getByRole('checkbox', { name: 'Cost of service' });
    expect(box).not.toBeChecked();

    await user.click(box);
    await user.click(within(dialog).getByRole('switch', { name: 'Download Now' }));
    await user.type(within(dialog).getByLabelText('Email'), 'esi@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('status')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ reports: ['costOfService'] })]);
    open.mockRestore();
  });

  it.each(['Engineer', 'Admin'] as const)('offers an %s Cost of service too', async (role) => {
    const { types } = await openDialogAs(role);
    expect(offered(types)).toEqual([...SPEC_TITLES, 'Cost of service']);
  });

  it('offers a Technician the eight types of the spec and no Cost of service', async () => {
    const { dialog, types } = await openDialogAs('Technician');
    expect(offered(types)).toEqual(SPEC_TITLES);
    expect(within(dialog).queryByRole('checkbox', { name: 'Cost of service' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Cost of service')).not.toBeInTheDocument();
  });
});
