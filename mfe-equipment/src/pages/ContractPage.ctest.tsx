import type { ApiErrorBody } from '@caliber/contracts';
import { Route, Routes } from '@caliber/web';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { contractDetail, dayFromToday, IDS } from '../utils/contract.fixture';
import { ContractPage } from './ContractPage';

const page = (
  <Routes>
    <Route path="/equipment/contracts/:id" element={<ContractPage />} />
  </Routes>
);
const path = `/equipment/contracts/${IDS.contract}`;

/** The value shown beside a term of a card's facts. */
function fact(card: HTMLElement, term: string): HTMLElement {
  const row = within(card).getByText(term, { selector: 'dt' }).closest('.ck-facts__row');
  if (!(row instanceof HTMLElement)) throw new Error(`No fact named ${term}`);
  return within(row).getByRole('definition');
}

describe('A service contract', () => {
  it('shows its terms, what it covers and who changed it last, with Edit', async () => {
    apiServer.use(
      http.get(api(`/service-contracts/${IDS.contract}`), () =>
        HttpResponse.json(
          contractDetail({
            endsOn: dayFromToday(20),
            renewal: 'due-30',
            departmentId: IDS.radiology,
            departmentName: 'Radiology Department',
          }),
        ),
      ),
    );
    await renderScreen(page, { user: engineer, path });
    expect(screen.getByRole('status')).toHaveTextContent('Loading service contract…');
    expect(
      await screen.findByRole('heading', { name: 'Philips Healthcare PH-SC-2026-014', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Renewal due: ends in 20 days')).toHaveClass('ck-badge--red');

    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(fact(terms, 'Kind')).toHaveTextContent('Full service');
    expect(fact(terms, 'Response time')).toHaveTextContent('within 8 hours');
    expect(fact(terms, 'Planned maintenance')).toHaveTextContent('Included');
    expect(fact(terms, 'Annual cost')).toHaveTextContent(/18,400\.00/);
    expect(
      within(terms).getByText('Two PM visits a year; parts included except batteries.'),
    ).toBeInTheDocument();
    expect(within(terms).getByText(/^Last changed .* by BME-1001$/)).toBeInTheDocument();

    const cover = screen.getByRole('region', { name: 'What it covers' });
    expect(within(cover).getByRole('link', { name: 'IntelliVue MX450' })).toHaveAttribute(
      'href',
      `/equipment/${IDS.monitor}`,
    );
    expect(fact(cover, 'Models (1)')).toHaveTextContent('Philips HeartStart XL+');
    expect(fact(cover, 'Department')).toHaveTextContent('Radiology Department');

    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `${path}/edit`);
  });

  it('says what a contract does not set: no response time, no PM, no department', async () => {
    apiServer.use(
      http.get(api(`/service-contracts/${IDS.contract}`), () =>
        HttpResponse.json(
          contractDetail({ responseHours: null, pmIncluded: false, models: [], notes: null }),
        ),
      ),
    );
    await renderScreen(page, { user: engineer, path });
    const terms = await screen.findByRole('region', { name: 'Terms' });
    expect(fact(terms, 'Response time')).toHaveTextContent('Not set');
    expect(fact(terms, 'Planned maintenance')).toHaveTextContent('Not included');
    expect(within(terms).queryByRole('heading', { name: 'Notes' })).not.toBeInTheDocument();
    const cover = screen.getByRole('region', { name: 'What it covers' });
    expect(fact(cover, 'Models (0)')).toHaveTextContent('None');
    expect(fact(cover, 'Department')).toHaveTextContent('None');
  });

  it('shows a refusal with Retry, which loads the contract', async () => {
    let fail = true;
    apiServer.use(
      http.get(api(`/service-contracts/${IDS.contract}`), () =>
        fail
          ? HttpResponse.json(
              {
                statusCode: 404,
                code: 'NOT_FOUND',
                message: 'No such service contract.',
              } satisfies ApiErrorBody,
              { status: 404 },
            )
          : HttpResponse.json(contractDetail()),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(page, { user: engineer, path });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('No such service contract.');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Terms' })).toBeInTheDocument();
  });
});
