import { formatDate } from '@caliber/ui-kit';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { personFixture } from '@caliber/web-testing/people';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { contractPage, contractSummary, dayFromToday, IDS } from '../utils/contract.fixture';
import { ContractsListPage } from './ContractsListPage';

/** An amount in cedis as the list writes it, its spaces as the matchers read them. */
const cedis = (amount: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GHS' })
    .format(amount)
    .replace(/\s+/g, ' ');

/** Serves `rows` for every query, noting each query string asked. */
function serveList(rows = [contractSummary()]) {
  const asked: string[] = [];
  apiServer.use(
    http.get(api('/service-contracts'), ({ request }) => {
      asked.push(new URL(request.url).searchParams.toString());
      return HttpResponse.json(contractPage(rows));
    }),
  );
  return asked;
}

const row = (reference: string) => {
  const item = screen.getByRole('link', { name: reference }).closest('li');
  if (!item) throw new Error(`No row for ${reference}`);
  return item;
};

describe('Service contracts', () => {
  it('lists the current contracts with their term, cost, cover and renewal badges', async () => {
    const asked = serveList([
      contractSummary({
        id: 'c-30',
        reference: 'GE-2025-7',
        vendorName: 'GE Healthcare',
        kind: 'pm-only',
        startsOn: '2025-01-01',
        endsOn: dayFromToday(12),
        annualCost: 5200.5,
        renewal: 'due-30',
        deviceCount: 3,
        models: [
          { manufacturer: 'GE', model: 'Vivid T8' },
          { manufacturer: 'GE', model: 'Logiq E10' },
        ],
        departmentId: IDS.radiology,
        departmentName: 'Radiology Department',
      }),
      contractSummary({ id: 'c-90', reference: 'DR-88', renewal: 'due-90', endsOn: dayFromToday(64) }),
      contractSummary({ id: 'c-1', reference: 'PH-SC-2026-014' }),
    ]);
    await renderScreen(<ContractsListPage />, { user: engineer, path: '/equipment/contracts' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading service contracts…');
    const list = await screen.findByRole('list', { name: 'Service contracts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(asked).toEqual(['state=current&page=1']);
    expect(screen.getByText('3 contracts')).toBeInTheDocument();

    const urgent = row('GE-2025-7');
    expect(within(urgent).getByRole('link', { name: 'GE-2025-7' })).toHaveAttribute(
      'href',
      '/equipment/contracts/c-30',
    );
    expect(urgent).toHaveTextContent('GE Healthcare');
    expect(urgent).toHaveTextContent('PM only');
    expect(urgent).toHaveTextContent(`${formatDate('2025-01-01')} to ${formatDate(dayFromToday(12))}`);
    expect(urgent).toHaveTextContent(`${cedis(5200.5)} a year`);
    expect(urgent).toHaveTextContent('Covers 3 devices · 2 models · Radiology Department');
    expect(within(urgent).getByText('Renewal due: ends in 12 days')).toHaveClass('ck-badge--red');

    expect(within(row('DR-88')).getByText('Renewal due: ends in 64 days')).toHaveClass('ck-badge--yellow');
    const plain = row('PH-SC-2026-014');
    expect(plain).toHaveTextContent('Full service');
    expect(plain).toHaveTextContent('Covers 1 device · 1 model');
    expect(plain.querySelector('.ck-badge')).toBeNull();
    expect(screen.getByRole('link', { name: 'New contract' })).toHaveAttribute(
      'href',
      '/equipment/contracts/new',
    );
  });

  it('marks an ended contract and one not started yet', async () => {
    serveList([
      contractSummary({ id: 'c-2', reference: 'OLD-1', renewal: 'ended', endsOn: dayFromToday(-3) }),
      contractSummary({ id: 'c-3', reference: 'NEXT-1', startsOn: dayFromToday(20) }),
    ]);
    await renderScreen(<ContractsListPage />, { user: engineer, path: '/equipment/contracts?state=all' });
    await screen.findByRole('link', { name: 'OLD-1' });
    expect(within(row('OLD-1')).getByText('Ended')).toHaveClass('ck-badge--grey');
    expect(within(row('NEXT-1')).getByText('Not started')).toHaveClass('ck-badge--blue');
    expect(screen.getByLabelText('Show')).toHaveValue('all');
  });

  it('keeps the view and the search in the address and asks for them', async () => {
    const asked = serveList();
    const user = userEvent.setup();
    await renderScreen(<ContractsListPage />, { user: engineer, path: '/equipment/contracts' });
    await screen.findByRole('link', { name: 'PH-SC-2026-014' });

    await user.selectOptions(screen.getByLabelText('Show'), 'renewal-due');
    await waitFor(() => expect(window.location.search).toBe('?state=renewal-due'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'philips');
    await waitFor(() => expect(window.location.search).toBe('?state=renewal-due&q=philips'));
    await waitFor(() => expect(asked).toContain('state=renewal-due&page=1&q=philips'));
    expect(asked).toContain('state=renewal-due&page=1');

    // Back to the default view: the address drops it.
    await user.selectOptions(screen.getByLabelText('Show'), 'current');
    await waitFor(() => expect(window.location.search).toBe('?q=philips'));
  });

  it('says so when a view holds none', async () => {
    serveList([]);
    const user = userEvent.setup();
    await renderScreen(<ContractsListPage />, {
      user: personFixture({ role: 'Manager' }),
      path: '/equipment/contracts',
    });
    expect(await screen.findByText('No contract is in force today.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'ended');
    expect(await screen.findByText('No contract has ended.')).toBeInTheDocument();
    // Managers keep contracts too.
    expect(screen.getByRole('link', { name: 'New contract' })).toBeInTheDocument();
  });
});
