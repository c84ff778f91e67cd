import type { ApiErrorBody, ReportScheduleListResponse } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { jobFixture, jobPage, scheduleFixture, staffFixture } from '../utils/report.fixture';
import { ReportsPage } from './ReportsPage';

const engineer = staffFixture();
const noSchedules: ReportScheduleListResponse = { schedules: [] };

const refusal = (statusCode: number, message: string, requestId?: string) =>
  HttpResponse.json(
    {
      statusCode,
      code: statusCode === 503 ? 'SERVICE_UNAVAILABLE' : 'FORBIDDEN',
      message,
      requestId,
    } satisfies ApiErrorBody,
    { status: statusCode },
  );

const recent = () => screen.getByRole('region', { name: 'Your recent reports' });
const schedules = () => screen.getByRole('region', { name: 'Your schedules' });

describe('Reports', () => {
  it('shows loading, then says when there are no reports and no schedules', async () => {
    apiServer.use(
      http.get(api('/reports'), () => HttpResponse.json(jobPage([]))),
      http.get(api('/report-schedules'), () => HttpResponse.json(noSchedules)),
    );
    await renderScreen(<ReportsPage />, { user: engineer, path: '/reports' });
    expect(within(recent()).getByRole('status')).toHaveTextContent('Loading your reports…');
    expect(await within(recent()).findByText('No reports yet')).toBeInTheDocument();
    expect(
      within(recent()).getByText('Reports you generate appear here, with their progress.'),
    ).toBeInTheDocument();
    expect(await within(schedules()).findByText('No schedules')).toBeInTheDocument();
  });

  it('lists the reports, newest first, with Download again for a finished one and the reason for a failed one', async () => {
    apiServer.use(
      http.get(api('/reports'), () =>
        HttpResponse.json(
          jobPage([
            jobFixture({
              _id: 'a',
              reports: ['complianceAudit'],
              emailTo: 'esi@example.org',
              emailedAt: '2026-03-31T09:01:00.000Z',
            }),
            jobFixture({
              _id: 'b',
              reports: ['downtimeAnalysis'],
              state: 'failed',
              failure: 'The maintenance service did not answer in time.',
            }),
          ]),
        ),
      ),
      http.get(api('/report-schedules'), () => HttpResponse.json(noSchedules)),
    );
    await renderScreen(<ReportsPage />, { user: engineer, path: '/reports' });
    const done = await within(recent()).findByRole('row', { name: /^Compliance audit, / });
    expect(done).toHaveTextContent('Done');
    expect(done).toHaveTextContent('E-mailed to esi@example.org');
    expect(within(done).getByRole('button', { name: 'Download again' })).toBeEnabled();
    const failed = within(recent()).getByRole('row', { name: /^Downtime analysis, / });
    expect(failed).toHaveTextContent('The maintenance service did not answer in time.');
    expect(within(failed).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a server fault is tried twice more, then shown with Retry, which loads the list', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/reports'), () => {
        calls += 1;
        return calls <= 3 ? refusal(503, '', 'req-9') : HttpResponse.json(jobPage([jobFixture()]));
      }),
      http.get(api('/report-schedules'), () => HttpResponse.json(noSchedules)),
    );
    const user = userEvent.setup();
    await renderScreen(<ReportsPage />, { user: engineer, path: '/reports' });
    const failure = await within(recent()).findByRole('alert');
    expect(failure).toHaveTextContent('Failed to load your reports. Reference: req-9');
    expect(calls).toBe(3);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await within(recent()).findByRole('row', { name: /^Equipment status, / })).toBeInTheDocument();
    expect(within(recent()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refusal of the schedules is shown at once, not tried again, and the reports still show', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/reports'), () => HttpResponse.json(jobPage([jobFixture()]))),
      http.get(api('/report-schedules'), () => {
        calls += 1;
        return refusal(403, 'Your role may not read report schedules.');
      }),
    );
    await renderScreen(<ReportsPage />, { user: engineer, path: '/reports' });
    expect(await within(schedules()).findByRole('alert')).toHaveTextContent(
      'Your role may not read report schedules.',
    );
    expect(calls).toBe(1);
    expect(await within(recent()).findByRole('row', { name: /^Equipment status, / })).toBeInTheDocument();
  });

  it("a report's progress moves with its live event, and a report the list does not hold yet reloads it", async () => {
    const running = jobFixture({
      _id: 'r1',
      state: 'running',
      progress: 20,
      stage: 'Equipment status',
      fileSize: null,
    });
    let listed = [running];
    apiServer.use(
      http.get(api('/reports'), () => HttpResponse.json(jobPage(listed))),
      http.get(api('/report-schedules'), () => HttpResponse.json(noSchedules)),
    );
    const live = new TestLiveEvents();
    await renderScreen(<ReportsPage />, { user: engineer, path: '/reports', live });
    const progress = await within(recent()).findByRole('progressbar', { name: 'Equipment status: progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '20');
    expect(within(recent()).getByText('Running 20%')).toBeInTheDocument();

    act(() => live.emit('report:progress', { job: { ...running, progress: 60, stage: 'Writing the file' } }));
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '60'));
    expect(within(recent()).getByText('Running 60%')).toBeInTheDocument();
    expect(within(recent()).getByText('Writing the file')).toBeInTheDocument();

    // An older event arriving late does not take the progress back.
    act(() => live.emit('report:progress', { job: { ...running, progress: 40 } }));
    await act(() => new Promise((settled) => setTimeout(settled, 50)));
    expect(progress).toHaveAttribute('aria-valuenow', '60');

    // A report just asked for elsewhere: the list is asked again and shows it.
    const added = jobFixture({
      _id: 'r2',
      reports: ['financialCost'],
      state: 'queued',
      progress: 0,
      fileSize: null,
    });
    listed = [added, { ...running, progress: 60 }];
    act(() => live.emit('report:progress', { job: added }));
    expect(await within(recent()).findByRole('row', { name: /^Financial cost, / })).toHaveTextContent(
      'Queued',
    );
  });

  it('Cancel schedule asks first, then cancels, says so and lists the schedules again', async () => {
    let listed = [scheduleFixture()];
    const cancelled: string[] = [];
    apiServer.use(
      http.get(api('/reports'), () => HttpResponse.json(jobPage([]))),
      http.get(api('/report-schedules'), () => HttpResponse.json({ schedules: listed })),
      http.delete(api('/report-schedules/:id'), ({ params }) => {
        cancelled.push(String(params['id']));
        listed = [];
        return HttpResponse.json({ _id: params['id'] });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<ReportsPage />, { user: engineer, path: '/reports' });
    const row = await within(schedules()).findByRole('row', { name: 'Weekly: Compliance audit' });
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel schedule?' });
    expect(confirm).toHaveTextContent(
      'The weekly Excel report (Compliance audit) will no longer be made or e-mailed to esi@example.org.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByText('Schedule cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(schedules()).findByText('No schedules')).toBeInTheDocument();
    expect(cancelled).toEqual(['schedule-1']);
  });

  it("a refused cancellation shows the server's message in the dialog, which stays open", async () => {
    apiServer.use(
      http.get(api('/reports'), () => HttpResponse.json(jobPage([]))),
      http.get(api('/report-schedules'), () => HttpResponse.json({ schedules: [scheduleFixture()] })),
      http.delete(api('/report-schedules/:id'), () =>
        refusal(403, 'Only its owner may cancel this schedule.'),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<ReportsPage />, { user: engineer, path: '/reports' });
    const row = await within(schedules()).findByRole('row', { name: 'Weekly: Compliance audit' });
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel schedule?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel schedule' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Only its owner may cancel this schedule.',
    );
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'Cancel schedule' })).toBeEnabled(),
    );
  });
});
