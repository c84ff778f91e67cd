import type { ApiErrorBody } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { personFixture } from '@caliber/web-testing/people';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { recallPage, recallSummary } from '../utils/recall.fixture';
import { RecallsListPage } from './RecallsListPage';

const notices = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    recallSummary({ _id: `rc-${from + index}`, title: `Notice ${from + index}` }),
  );

const fault = (requestId: string) =>
  HttpResponse.json(
    { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: '', requestId } satisfies ApiErrorBody,
    { status: 503 },
  );

describe('Recalls and safety notices', () => {
  it('shows loading, then the notices with their progress and the heading counts', async () => {
    apiServer.use(http.get(api('/recalls'), () => HttpResponse.json(recallPage(notices(1, 2)))));
    await renderScreen(<RecallsListPage />, { user: engineer, path: '/equipment/recalls' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading recalls…');
    const list = await screen.findByRole('list', { name: 'Recalls' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Notice 1' })).toHaveAttribute(
      'href',
      '/equipment/recalls/rc-1',
    );
    expect(within(list).getAllByText('1 of 3 devices closed')).toHaveLength(2);
    expect(screen.getByText('2 open, 4 devices awaiting action.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New notice' })).toBeInTheDocument();
  });

  it('a Technician reads the list without New notice', async () => {
    apiServer.use(http.get(api('/recalls'), () => HttpResponse.json(recallPage(notices(1, 1)))));
    await renderScreen(<RecallsListPage />, {
      user: personFixture({ role: 'Technician' }),
      path: '/equipment/recalls',
    });
    await screen.findByRole('link', { name: 'Notice 1' });
    expect(screen.queryByRole('link', { name: 'New notice' })).not.toBeInTheDocument();
  });

  it('says so when there is none, and when none is in the chosen view', async () => {
    apiServer.use(http.get(api('/recalls'), () => HttpResponse.json(recallPage([]))));
    const user = userEvent.setup();
    await renderScreen(<RecallsListPage />, { user: engineer, path: '/equipment/recalls' });
    expect(await screen.findByText('No recalls recorded')).toBeInTheDocument();
    expect(
      screen.getByText('When a recall or field safety notice arrives, record it here.'),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'closed');
    expect(await screen.findByText('None in this view.')).toBeInTheDocument();
    expect(window.location.search).toBe('?state=closed');
  });

  it('a server fault is tried twice more, then shown with its reference and Retry, which loads the list', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/recalls'), () => {
        calls += 1;
        return calls <= 3 ? fault('req-9') : HttpResponse.json(recallPage(notices(1, 1)));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<RecallsListPage />, { user: engineer, path: '/equipment/recalls' });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to load the recalls Reference: req-9');
    expect(calls).toBe(3);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Notice 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refusal is shown at once, not tried again', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/recalls'), () => {
        calls += 1;
        return HttpResponse.json(
          {
            statusCode: 403,
            code: 'FORBIDDEN',
            message: 'Your session cannot read recalls.',
          } satisfies ApiErrorBody,
          { status: 403 },
        );
      }),
    );
    await renderScreen(<RecallsListPage />, { user: engineer, path: '/equipment/recalls' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session cannot read recalls.');
    expect(calls).toBe(1);
  });

  it('keeps the page shown while the next one loads, and the page is in the address', async () => {
    apiServer.use(
      http.get(api('/recalls'), async ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '2') {
          await delay(150);
          return HttpResponse.json(recallPage(notices(21, 1), 2, 21));
        }
        return HttpResponse.json(recallPage(notices(1, 20), 1, 21));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<RecallsListPage />, { user: engineer, path: '/equipment/recalls' });
    await screen.findByRole('link', { name: 'Notice 1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('link', { name: 'Notice 1' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notice 21' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notice 1' })).not.toBeInTheDocument();
    expect(window.location.search).toBe('?page=2');
  });

  it('a device changed or an import applied elsewhere reloads the counts', async () => {
    let list = recallPage([recallSummary({ title: 'Notice 1', closed: 1 })]);
    apiServer.use(http.get(api('/recalls'), () => HttpResponse.json(list)));
    const live = new TestLiveEvents();
    await renderScreen(<RecallsListPage />, { user: engineer, path: '/equipment/recalls', live });
    expect(await screen.findByText('1 of 3 devices closed')).toBeInTheDocument();
    list = recallPage([recallSummary({ title: 'Notice 1', closed: 2 })]);
    act(() => live.emit('equipment:imported', { importId: 'imp-1', added: 4, updated: 0 }));
    expect(await screen.findByText('2 of 3 devices closed')).toBeInTheDocument();
  });
});
