import {
  calendarDateIn,
  rateInForce,
  RATED_ROLES,
  type AddLabourRate,
  type LabourRate,
  type LabourRatePage,
} from '@caliber/contracts';
import { formatDate, formatMoney } from '@caliber/ui-kit';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { dayBefore, RATE_RULE } from '../utils/labour-rate-form';
import { userFixture } from '../utils/user.fixture';
import { LabourRatesPage, rateLine, rateName } from './LabourRatesPage';

const PATH = '/users/labour-rates';
const admin = userFixture({ _id: 'me', name: 'Ama Owusu', role: 'Admin', serviceNumber: 'BME-1001' });
const engineer = userFixture({
  _id: 'e1',
  name: 'Kwame Boateng',
  role: 'Engineer',
  serviceNumber: 'BME-1002',
});

/** The hospital's today as the screen reads it (the test's config names no zone: this machine's). */
const today = calendarDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
/** A calendar date `days` from today. */
function daysFromToday(days: number): string {
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}
/** Text as the page shows it to Testing Library (a currency's no-break space read as a space). */
const shown = (text: string) => text.replace(/\s+/g, ' ');

const rate = (id: string, role: LabourRate['role'], hourlyRate: number, from: string): LabourRate => ({
  id,
  role,
  hourlyRate,
  from,
  until: null,
  addedByLabel: 'BME-1001',
  addedAt: '2025-12-15T09:12:00.000Z',
});
const engineerSince2025 = rate('r1', 'Engineer', 185, '2025-01-01');
const technicianSince2025 = rate('r2', 'Technician', 95.5, '2025-03-01');
const engineerNextYear = rate('r3', 'Engineer', 200, daysFromToday(40));

/**
 * Serves the cost settings and the rates kept in memory, as the maintenance service answers them
 * (`until` and "in force today" worked out from the rates; a later rate refused before the role's
 * latest, the same day refused as a conflict), noting each change asked.
 */
function costs({
  currency = 'GHS' as string | null,
  rates = [engineerSince2025, technicianSince2025, engineerNextYear],
} = {}) {
  const asked: string[] = [];
  let settings = { currency };
  let kept = [...rates];
  let added = 0;
  const withUntil = (each: LabourRate): LabourRate => {
    const later = kept.filter((other) => other.role === each.role && other.from > each.from);
    const next = later.sort((a, b) => a.from.localeCompare(b.from))[0];
    return { ...each, until: next?.from ?? null };
  };
  const page = (role: string | null): LabourRatePage => {
    const rows = kept
      .filter((each) => !role || each.role === role)
      .sort(
        (a, b) => RATED_ROLES.indexOf(a.role) - RATED_ROLES.indexOf(b.role) || b.from.localeCompare(a.from),
      )
      .map(withUntil);
    const inForce = RATED_ROLES.map((each) => rateInForce(kept, each, today))
      .filter((each): each is LabourRate => each !== null)
      .map(withUntil);
    return { currency: settings.currency, inForce, rows, total: rows.length, page: 1, pages: 1, limit: 50 };
  };
  apiServer.use(
    http.get(api('/cost-settings'), () => HttpResponse.json(settings)),
    http.put(api('/cost-settings'), async ({ request }) => {
      const body = (await request.json()) as { currency: string };
      asked.push(`PUT ${JSON.stringify(body)}`);
      settings = { currency: body.currency };
      return HttpResponse.json(settings);
    }),
    http.get(api('/labour-rates'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(`GET /labour-rates?${query.toString()}`);
      return HttpResponse.json(page(query.get('role')));
    }),
    http.post(api('/labour-rates'), async ({ request }) => {
      const body = (await request.json()) as AddLabourRate;
      asked.push(`POST ${JSON.stringify(body)}`);
      const latest = kept
        .filter((each) => each.role === body.role)
        .sort((a, b) => b.from.localeCompare(a.from))[0];
      if (latest?.from === body.from)
        return HttpResponse.json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: `The ${body.role} rate from ${body.from} exists already.`,
          },
          { status: 409 },
        );
      if (latest && body.from < latest.from) {
        const message = `from must be after the ${body.role}’s latest rate, from ${latest.from}.`;
        return HttpResponse.json(
          { statusCode: 400, code: 'VALIDATION_FAILED', message, details: [{ path: 'from', message }] },
          { status: 400 },
        );
      }
      const made = rate(`n${++added}`, body.role, body.hourlyRate, body.from);
      kept = [...kept, made];
      return HttpResponse.json(made, { status: 201 });
    }),
    http.delete(api('/labour-rates/:id'), ({ params }) => {
      asked.push(`DELETE ${String(params['id'])}`);
      kept = kept.filter((each) => each.id !== params['id']);
      return HttpResponse.json({ _id: params['id'] });
    }),
  );
  return asked;
}

/** A card of the page by its heading. */
async function card(name: string | RegExp): Promise<HTMLElement> {
  const found = (await screen.findByRole('heading', { name })).closest('.ck-card');
  if (!(found instanceof HTMLElement)) throw new Error(`no card ${String(name)}`);
  return found;
}

describe('Labour rates', () => {
  it('shows the currency, each role’s rate in force today and every rate with the days it applies', async () => {
    const asked = costs();
    await renderScreen(<LabourRatesPage />, { user: engineer, path: PATH });
    expect(screen.getByRole('heading', { name: 'Labour rates', level: 1 })).toBeInTheDocument();
    const currency = await card('Currency');
    expect(await within(currency).findByRole('definition')).toHaveTextContent(/^GHS – /);

    const inForce = await card('In force today');
    expect(
      within(inForce).getByText(
        shown(`${rateLine(engineerSince2025, 'GHS')}, from ${formatDate(engineerSince2025.from)}`),
      ),
    ).toBeInTheDocument();
    expect(
      within(inForce).getByText(shown(`${formatMoney(95.5, 'GHS')} an hour`), { exact: false }),
    ).toBeInTheDocument();
    // Nobody priced Managers' or Admins' hours yet.
    expect(within(inForce).getAllByText('No rate in force')).toHaveLength(2);

    const list = await card('All rates (3)');
    const current = within(list).getByRole('row', { name: rateName(engineerSince2025) });
    // A rate's last day is the day before the role's next one starts; the newest is the latest.
    expect(within(current).getByText(formatDate(dayBefore(engineerNextYear.from)))).toBeInTheDocument();
    const next = within(list).getByRole('row', { name: rateName(engineerNextYear) });
    expect(within(next).getByText('Latest')).toBeInTheDocument();
    expect(within(next).getByText(shown(formatMoney(200, 'GHS')))).toBeInTheDocument();
    expect(within(next).getByText('BME-1001')).toBeInTheDocument();
    expect(asked).toContain('GET /labour-rates?page=1&limit=50');
  });

  it('an Engineer reads it all and is offered no form and no Withdraw', async () => {
    costs();
    await renderScreen(<LabourRatesPage />, { user: engineer, path: PATH });
    await card('All rates (3)');
    expect(screen.queryByRole('heading', { name: 'Add a rate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /currency/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('an Admin sets the currency first, warned that amounts are not converted; until then no rate can be added', async () => {
    const asked = costs({ currency: null, rates: [] });
    const user = userEvent.setup();
    await renderScreen(<LabourRatesPage />, { user: admin, path: PATH });
    const currency = await card('Currency');
    expect(await within(currency).findByText('Not set yet')).toBeInTheDocument();
    expect(within(currency).getByText(/Amounts are never converted/)).toBeInTheDocument();

    const form = await card('Add a rate');
    expect(
      within(form).getByText('Set the hospital currency first: every rate is in it.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add rate' })).toBeDisabled();
    expect(within(form).getByLabelText('Hourly rate')).toBeDisabled();
    expect(within(form).getByText(RATE_RULE)).toBeInTheDocument();

    await user.click(within(currency).getByRole('button', { name: 'Set currency' }));
    expect(await within(currency).findByText('Choose a currency.')).toBeInTheDocument();
    expect(asked.filter((line) => line.startsWith('PUT'))).toEqual([]);

    await user.selectOptions(within(currency).getByLabelText('Currency'), 'GHS');
    await user.click(within(currency).getByRole('button', { name: 'Set currency' }));
    await waitFor(() => expect(within(currency).getByRole('definition')).toHaveTextContent(/^GHS – /));
    expect(asked.filter((line) => line.startsWith('PUT'))).toEqual([
      `PUT ${JSON.stringify({ currency: 'GHS' })}`,
    ]);
    // Now that amounts are in a currency, changing it is said to convert nothing.
    expect(within(currency).getByRole('button', { name: 'Change currency' })).toBeInTheDocument();
    expect(within(currency).getByText(/converts nothing/)).toBeInTheDocument();
    // The same currency again is not sent: each change is audited.
    await user.click(within(currency).getByRole('button', { name: 'Change currency' }));
    expect(await within(currency).findByText('The currency is GHS already.')).toBeInTheDocument();
    expect(asked.filter((line) => line.startsWith('PUT'))).toHaveLength(1);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Add rate' })).toBeEnabled());
    expect(within(form).queryByText('Set the hospital currency first: every rate is in it.')).toBeNull();
  });

  it('an Admin adds a rate: empty fields are refused before sending, then the body sent is the rate typed', async () => {
    const asked = costs();
    const user = userEvent.setup();
    await renderScreen(<LabourRatesPage />, { user: admin, path: PATH });
    const form = await card('Add a rate');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(await within(form).findByText('Choose a role.')).toBeInTheDocument();
    expect(within(form).getByText('Hourly rate is required.')).toBeInTheDocument();
    expect(within(form).getByText('From is required.')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Role'), 'Manager');
    await user.type(within(form).getByLabelText('Hourly rate'), '1,850.00');
    await user.type(within(form).getByLabelText('From'), '2026-02-01');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(
      await within(form).findByText('Hourly rate must be a number such as 185 or 185.50.'),
    ).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Hourly rate'));
    await user.type(within(form).getByLabelText('Hourly rate'), '240.125');
    expect(await within(form).findByText('hourlyRate may have at most two decimals.')).toBeInTheDocument();
    expect(asked.filter((line) => line.startsWith('POST'))).toEqual([]);

    await user.clear(within(form).getByLabelText('Hourly rate'));
    await user.type(within(form).getByLabelText('Hourly rate'), '240.50');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    // The Manager's first rate: it may start on any day, the past included.
    expect(await card('All rates (4)')).toBeInTheDocument();
    expect(asked.filter((line) => line.startsWith('POST'))).toEqual([
      `POST ${JSON.stringify({ role: 'Manager', hourlyRate: 240.5, from: '2026-02-01' })}`,
    ]);
    expect(
      screen.getByRole('row', { name: rateName({ role: 'Manager', from: '2026-02-01' }) }),
    ).toBeInTheDocument();
    // The form is empty again for the next rate.
    expect(within(form).getByLabelText('Hourly rate')).toHaveValue('');
  });

  it('shows the service’s refusal of a field under that field, and a rate from a day taken above the form', async () => {
    const asked = costs();
    const user = userEvent.setup();
    await renderScreen(<LabourRatesPage />, { user: admin, path: PATH });
    const form = await card('Add a rate');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Engineer');
    await user.type(within(form).getByLabelText('Hourly rate'), '190');
    await user.type(within(form).getByLabelText('From'), daysFromToday(10));
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    const refusal = `from must be after the Engineer’s latest rate, from ${engineerNextYear.from}.`;
    const from = within(form).getByLabelText('From');
    await waitFor(() => expect(from).toHaveAccessibleDescription(refusal));
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveFocus();

    await user.clear(from);
    await user.type(from, engineerNextYear.from);
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(
      await within(form).findByText(`The Engineer rate from ${engineerNextYear.from} exists already.`),
    ).toBeInTheDocument();
    expect(asked.filter((line) => line.startsWith('POST'))).toHaveLength(2);
    expect(await card('All rates (3)')).toBeInTheDocument();
  });

  it('an Admin withdraws a rate that has not started, after confirming; one that has started has no Withdraw', async () => {
    const asked = costs();
    const user = userEvent.setup();
    await renderScreen(<LabourRatesPage />, { user: admin, path: PATH });
    const list = await card('All rates (3)');
    expect(within(list).getAllByRole('button', { name: /^Withdraw/ })).toHaveLength(1);
    expect(
      within(within(list).getByRole('row', { name: rateName(engineerSince2025) })).queryByRole('button'),
    ).toBeNull();

    await user.click(within(list).getByRole('button', { name: `Withdraw ${rateName(engineerNextYear)}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw rate?' });
    expect(within(dialog).getByText(/has not started, so no work was priced by it/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep rate' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked.filter((line) => line.startsWith('DELETE'))).toEqual([]);

    await user.click(within(list).getByRole('button', { name: `Withdraw ${rateName(engineerNextYear)}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw rate?' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    expect(await card('All rates (2)')).toBeInTheDocument();
    expect(asked.filter((line) => line.startsWith('DELETE'))).toEqual(['DELETE r3']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('row', { name: rateName(engineerNextYear) })).toBeNull();
    // The Engineer's rate since 2025 is the latest again.
    expect(
      within(screen.getByRole('row', { name: rateName(engineerSince2025) })).getByText('Latest'),
    ).toBeInTheDocument();
  });

  it('shows the rates of one role, kept in the address', async () => {
    const asked = costs();
    const user = userEvent.setup();
    await renderScreen(<LabourRatesPage />, { user: engineer, path: PATH });
    await card('All rates (3)');
    await user.selectOptions(screen.getByLabelText('Show the rates of'), 'Technician');
    expect(await card('All rates (1)')).toBeInTheDocument();
    expect(asked).toContain('GET /labour-rates?page=1&limit=50&role=Technician');
    expect(window.location.search).toBe('?role=Technician');
  });
});
