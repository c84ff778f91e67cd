import type { ApiErrorBody } from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { deliveryFixture, deliveryPage } from '../utils/delivery.fixture';
import { userFixture } from '../utils/user.fixture';
import { NotificationDeliveriesPage } from './NotificationDeliveriesPage';

const admin = userFixture({ _id: 'me', name: 'Ama Owusu', role: 'Admin', serviceNumber: 'BME-1001' });
const PATH = '/users/notification-deliveries';

/** Answers the record's calls with `answer(url)`, keeping each query it was asked. */
function answering(answer: (url: URL) => Response | Promise<Response>): string[] {
  const asked: string[] = [];
  apiServer.use(
    http.get(api('/notification-deliveries'), ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.searchParams.toString());
      return answer(url);
    }),
  );
  return asked;
}

/** What a row shows in the column `label` (the cell's text, its parts run together). */
function cellText(row: HTMLElement, label: string): string | null | undefined {
  return within(row)
    .getAllByRole('cell')
    .find((cell) => cell.getAttribute('data-label') === label)?.textContent;
}

const people = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) =>
    deliveryFixture({
      id: `d${from + index}`,
      recipientName: `Person ${from + index}`,
      recipientServiceNumber: `BME-${3000 + from + index}`,
    }),
  );

const failedSms = deliveryFixture({
  id: 'd9',
  title: 'Urgent fault: Ventilator alarm fails self-test',
  kind: 'urgent-fault',
  recipientName: 'Yaw Boateng',
  recipientServiceNumber: 'BME-3100',
  channel: 'sms',
  address: '•••• 0167',
  state: 'failed',
  attempts: 5,
  note: 'Nobody on call for ICU: paged every Engineer of the department.',
  lastError: 'SMS gateway answered 502 Bad Gateway',
  sentAt: null,
});

describe('Notification deliveries', () => {
  it('shows loading, then each delivery with its recipient, channel, masked address, state, tries and why', async () => {
    const asked = answering(() => HttpResponse.json(deliveryPage([deliveryFixture(), failedSms], 1, 2)));
    await renderScreen(<NotificationDeliveriesPage />, { user: admin, path: PATH });
    expect(screen.getByRole('heading', { name: 'Notification deliveries', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading deliveries…');

    const sent = await screen.findByRole('row', { name: 'Kofi Darko, E-mail' });
    expect(cellText(sent, 'Recipient')).toBe('Kofi DarkoBME-2001');
    expect(cellText(sent, 'Channel')).toBe('E-mailk•••@hospital.example');
    expect(cellText(sent, 'Notification')).toBe('Task assigned to you: Alarm fails self-test');
    expect(within(sent).getByText('Sent')).toHaveClass('ck-badge--green');
    expect(cellText(sent, 'Tries')).toBe('1');
    expect(cellText(sent, 'Note')).toBe('—');
    expect(cellText(sent, 'Last error')).toBe('—');

    const failed = screen.getByRole('row', { name: 'Yaw Boateng, SMS' });
    expect(cellText(failed, 'Channel')).toBe('SMS•••• 0167');
    expect(within(failed).getByText('Failed')).toHaveClass('ck-badge--red');
    expect(cellText(failed, 'State')).toBe('Failed');
    expect(cellText(failed, 'Tries')).toBe('5');
    expect(cellText(failed, 'Note')).toBe('Nobody on call for ICU: paged every Engineer of the department.');
    expect(cellText(failed, 'Last error')).toBe('SMS gateway answered 502 Bad Gateway');

    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    expect(screen.getByText(/^Times are .+ time\.$/)).toBeInTheDocument();
    expect(screen.getByText('Page 1 / 1')).toBeInTheDocument();
    expect(asked).toEqual(['page=1']);
  });

  it('labels every cell with its column, which the phone’s cards show in place of the table’s head', async () => {
    answering(() => HttpResponse.json(deliveryPage([failedSms])));
    await renderScreen(<NotificationDeliveriesPage />, { user: admin, path: PATH });
    const row = await screen.findByRole('row', { name: 'Yaw Boateng, SMS' });
    const labels = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual([
      'Made',
      'Recipient',
      'Channel',
      'Notification',
      'State',
      'Tries',
      'Note',
      'Last error',
    ]);
  });

  it('a pending delivery says when it is tried next', async () => {
    answering(() =>
      HttpResponse.json(
        deliveryPage([
          deliveryFixture({
            state: 'pending',
            attempts: 2,
            sentAt: null,
            nextAttemptAt: '2026-11-29T08:20:00.000Z',
            lastError: '421 Service not available',
          }),
        ]),
      ),
    );
    await renderScreen(<NotificationDeliveriesPage />, { user: admin, path: PATH });
    const row = await screen.findByRole('row', { name: 'Kofi Darko, E-mail' });
    expect(within(row).getByText('Pending')).toHaveClass('ck-badge--yellow');
    expect(within(row).getByText(/^Next try /)).toBeInTheDocument();
    expect(within(row).getByText('421 Service not available')).toBeInTheDocument();
  });

  it('the State and Channel filters ask again from the first page, and are kept in the address', async () => {
    const asked = answering((url) => {
      const page = Number(url.searchParams.get('page'));
      return HttpResponse.json(deliveryPage(people(page * 100, 2), page, 60));
    });
    const user = userEvent.setup();
    await renderScreen(<NotificationDeliveriesPage />, { user: admin, path: `${PATH}?page=2` });
    await screen.findByRole('row', { name: 'Person 200, E-mail' });

    await user.selectOptions(screen.getByLabelText('State'), 'Failed');
    expect(await screen.findByRole('row', { name: 'Person 100, E-mail' })).toBeInTheDocument();
    expect(window.location.search).toBe('?state=failed');

    await user.selectOptions(screen.getByLabelText('Channel'), 'SMS');
    await screen.findByText('Page 1 / 3');
    expect(window.location.search).toBe('?state=failed&channel=sms');
    expect(asked).toEqual(['page=2', 'page=1&state=failed', 'page=1&state=failed&channel=sms']);

    await user.selectOptions(screen.getByLabelText('State'), 'All states');
    expect(window.location.search).toBe('?channel=sms');
  });

  it('opens with the filters and page the address holds', async () => {
    const asked = answering(() => HttpResponse.json(deliveryPage([failedSms], 2, 30)));
    await renderScreen(<NotificationDeliveriesPage />, {
      user: admin,
      path: `${PATH}?state=failed&channel=sms&page=2`,
    });
    await screen.findByRole('row', { name: 'Yaw Boateng, SMS' });
    expect(screen.getByLabelText('State')).toHaveValue('failed');
    expect(screen.getByLabelText('Channel')).toHaveValue('sms');
    expect(asked).toEqual(['page=2&state=failed&channel=sms']);
  });

  it('pages with Prev and Next, keeping the page shown while the next one loads', async () => {
    answering(async (url) => {
      if (url.searchParams.get('page') === '2') {
        await delay(150);
        return HttpResponse.json(deliveryPage(people(26, 1), 2, 26));
      }
      return HttpResponse.json(deliveryPage(people(1, 25), 1, 26));
    });
    const user = userEvent.setup();
    await renderScreen(<NotificationDeliveriesPage />, { user: admin, path: PATH });
    await screen.findByRole('row', { name: 'Person 1, E-mail' });
    expect(screen.getByText('Page 1 / 2')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Delivery pages' });
    expect(within(pager).getByRole('button', { name: 'Prev' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('row', { name: 'Person 1, E-mail' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Person 26, E-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Person 1, E-mail' })).not.toBeInTheDocument();
    expect(screen.getByText('Page 2 / 2')).toBeInTheDocument();
    expect(window.location.search).toBe('?page=2');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when nothing has been sent yet, and when no delivery matches the filters', async () => {
    answering(() => HttpResponse.json(deliveryPage([])));
    const user = userEvent.setup();
    await renderScreen(<NotificationDeliveriesPage />, { user: admin, path: PATH });
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Channel'), 'SMS');
    expect(await screen.findByText('No deliveries match these filters.')).toBeInTheDocument();
  });

  it('a server fault is tried twice more, then shown with its reference and Retry, which loads the record', async () => {
    let calls = 0;
    answering(() => {
      calls += 1;
      if (calls <= 3)
        return HttpResponse.json(
          {
            statusCode: 503,
            code: 'SERVICE_UNAVAILABLE',
            message: '',
            requestId: 'req-3',
          } satisfies ApiErrorBody,
          { status: 503 },
        );
      return HttpResponse.json(deliveryPage([deliveryFixture()]));
    });
    const user = userEvent.setup();
    await renderScreen(<NotificationDeliveriesPage />, { user: admin, path: PATH });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to load the delivery record. Reference: req-3');
    expect(calls).toBe(3);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Kofi Darko, E-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Refresh asks for the page again, for deliveries that have moved on since', async () => {
    let state: 'pending' | 'sent' = 'pending';
    answering(() => HttpResponse.json(deliveryPage([deliveryFixture({ state })])));
    const user = userEvent.setup();
    await renderScreen(<NotificationDeliveriesPage />, { user: admin, path: PATH });
    const row = await screen.findByRole('row', { name: 'Kofi Darko, E-mail' });
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    state = 'sent';
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(row).findByText('Sent')).toBeInTheDocument();
  });
});
