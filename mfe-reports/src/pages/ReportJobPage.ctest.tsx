import type { ApiErrorBody } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { jobFixture, staffFixture } from '../utils/report.fixture';
import { ReportJobPage } from './ReportJobPage';

const ID = '0b0c5a3e-5d7e-4c8a-9f00-00000000000a';

describe("A report's page", () => {
  it('follows a report being written: its progress and stage move with its live event', async () => {
    const running = jobFixture({
      _id: ID,
      state: 'running',
      progress: 30,
      stage: 'Equipment status',
      fileSize: null,
    });
    apiServer.use(http.get(api(`/reports/${ID}`), () => HttpResponse.json(running)));
    const live = new TestLiveEvents();
    await renderScreen(<ReportJobPage />, { user: staffFixture(), path: `/reports/jobs/${ID}`, live });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the report…');
    const progress = await screen.findByRole('progressbar', { name: 'Report progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByText('Running 30%')).toBeInTheDocument();

    // Another report's event changes nothing here.
    act(() => live.emit('report:progress', { job: { ...running, _id: 'other', progress: 90 } }));
    act(() => live.emit('report:progress', { job: { ...running, progress: 70, stage: 'Writing the file' } }));
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '70'));
    expect(screen.getByText('Writing the file')).toBeInTheDocument();
    expect(screen.getByText('Running 70%')).toBeInTheDocument();
  });

  it("a report that is not there is the server's refusal, with Retry, asked once", async () => {
    let calls = 0;
    apiServer.use(
      http.get(api(`/reports/${ID}`), () => {
        calls += 1;
        return HttpResponse.json(
          { statusCode: 404, code: 'NOT_FOUND', message: 'No such report.' } satisfies ApiErrorBody,
          { status: 404 },
        );
      }),
    );
    await renderScreen(<ReportJobPage />, { user: staffFixture(), path: `/reports/jobs/${ID}` });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('No such report.');
    expect(within(failure).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('an address that names no report says so, with the way back', async () => {
    await renderScreen(<ReportJobPage />, { user: staffFixture(), path: '/reports/jobs/' });
    expect(screen.getByText('No such report')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Reports' })).toHaveAttribute('href', '/reports');
  });
});
