import type {
  ApiErrorBody,
  AssigneeListResponse,
  GenerateReportRequest,
  ReportQueuedResponse,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { staffFixture } from '../utils/report.fixture';
import { GenerateReportDialog } from './GenerateReportDialog';

const staff: AssigneeListResponse = {
  technicians: [
    {
      _id: '0b0c5a3e-5d7e-4c8a-9f00-000000000001',
      name: 'Kofi Darko',
      role: 'Technician',
      serviceNumber: 'BME-2001',
    },
  ],
};

/** The dialog as the Reports screen opens it, with the staff it offers and what it sends. */
async function openDialog(onGenerated = jest.fn()) {
  apiServer.use(http.get(api('/users/preapproved/technicians'), () => HttpResponse.json(staff)));
  await renderScreen(<GenerateReportDialog open onClose={() => undefined} onGenerated={onGenerated} />, {
    user: staffFixture(),
    path: '/reports',
  });
  const dialog = screen.getByRole('dialog', { name: 'Generate Report' });
  return { dialog, onGenerated };
}

const generate = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Generate' });
const box = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name });
const toggle = (dialog: HTMLElement, name: string) => within(dialog).getByRole('switch', { name });

describe('Generate Report', () => {
  it('refuses with each rule in order, marking and focusing the field to fix, and sends nothing meanwhile', async () => {
    let calls = 0;
    apiServer.use(
      http.post(api('/reports/generate'), () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const user = userEvent.setup();
    const { dialog } = await openDialog();

    await user.click(generate(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Select at least one report type\.$/);
    expect(box(dialog, 'Equipment status')).toHaveFocus();
    expect(within(dialog).getByRole('group', { name: /Report types/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.click(box(dialog, 'Equipment status'));
    const start = within(dialog).getByLabelText('Start date');
    await user.clear(start);
    await user.type(start, '2099-01-01');
    await user.click(toggle(dialog, 'Download Now'));
    await user.click(generate(dialog));
    expect(await within(dialog).findByText('Start date cannot be after end date.')).toBeInTheDocument();
    expect(start).toHaveFocus();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('group', { name: /Report types/ })).not.toHaveAttribute('aria-invalid');

    await user.clear(start);
    await user.type(start, '2026-01-01');
    await user.click(generate(dialog));
    expect(
      await within(dialog).findByText('Choose ‘Download Now’, or provide an email, or enable Schedule.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveFocus();
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);

    // The contract's own rule, with the sentence the server would answer.
    await user.type(within(dialog).getByLabelText('Email'), 'not an address');
    await user.click(generate(dialog));
    expect(await within(dialog).findByText('email must be a valid e-mail address.')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('sends the request, opens the report page it answers, and says so with the link', async () => {
    const sent: GenerateReportRequest[] = [];
    apiServer.use(
      http.post(api('/reports/generate'), async ({ request }) => {
        sent.push((await request.json()) as GenerateReportRequest);
        return HttpResponse.json(
          {
            fileUrl: '/reports/jobs/job-9',
            jobId: 'job-9',
            scheduleId: 'schedule-9',
          } satisfies ReportQueuedResponse,
          { status: 202 },
        );
      }),
    );
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    const { dialog, onGenerated } = await openDialog();
    await user.click(box(dialog, 'Compliance audit'));
    await user.click(box(dialog, 'ICU'));
    await user.selectOptions(within(dialog).getByLabelText('Staff'), 'Kofi Darko');
    await user.selectOptions(within(dialog).getByLabelText('Format'), 'xlsx');
    await user.click(toggle(dialog, 'Schedule'));
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'weekly');
    await user.click(toggle(dialog, 'Download Now'));
    await user.type(within(dialog).getByLabelText('Email'), 'esi@example.org');
    await user.click(generate(dialog));

    const said = await within(dialog).findByRole('status');
    expect(said).toHaveTextContent(
      'Report is ready. Opened download link in a new tab. Scheduled / email delivery configured. Open the report page',
    );
    expect(within(said).getByRole('link', { name: 'Open the report page' })).toHaveAttribute(
      'href',
      'http://localhost/reports/jobs/job-9',
    );
    expect(open).toHaveBeenCalledWith('http://localhost/reports/jobs/job-9', '_blank');
    expect(onGenerated).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([
      expect.objectContaining({
        reports: ['complianceAudit'],
        filters: expect.objectContaining({
          departments: ['ICU'],
          categories: [],
          staff: '0b0c5a3e-5d7e-4c8a-9f00-000000000001',
        }),
        options: expect.objectContaining({
          format: 'xlsx',
          schedule: { enabled: true, frequency: 'weekly' },
          delivery: { downloadNow: false, email: 'esi@example.org' },
        }),
      }),
    ]);
    open.mockRestore();
  });

  it("shows the server's refusal, and the form may be sent again", async () => {
    apiServer.use(
      http.post(api('/reports/generate'), () =>
        HttpResponse.json(
          {
            statusCode: 503,
            code: 'SERVICE_UNAVAILABLE',
            message: 'The report queue is not reachable.',
          } satisfies ApiErrorBody,
          { status: 503 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { dialog, onGenerated } = await openDialog();
    await user.click(box(dialog, 'Task management'));
    await user.click(generate(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The report queue is not reachable.');
    expect(generate(dialog)).toBeEnabled();
    expect(onGenerated).not.toHaveBeenCalled();
  });
});
