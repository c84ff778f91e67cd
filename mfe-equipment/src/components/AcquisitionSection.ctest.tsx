import type {
  ApiErrorBody,
  DeviceAcquisition,
  SetDeviceAcquisitionRequest,
  VendorPage,
} from '@caliber/contracts';
import { formatDate } from '@caliber/ui-kit';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { acquisitionKey } from '../hooks/acquisition-queries';
import { staffFixture } from '../utils/equipment.fixture';
import { AcquisitionSection } from './AcquisitionSection';

const engineer = staffFixture({ role: 'Engineer' });
const manager = staffFixture({ _id: 'mgr', name: 'Ama Owusu', role: 'Manager' });

/** The figures of device e1 as `GET /equipment/e1/acquisition` answers them: all recorded unless told. */
function figures(changes: Partial<DeviceAcquisition> = {}): DeviceAcquisition {
  return {
    equipmentId: 'e1',
    acquisitionCost: 48500,
    purchaseDate: '2023-04-20',
    supplier: 'B. Braun Medical Ltd',
    supplierId: 'v-braun',
    expectedLifeYears: 10,
    endOfLife: '2033-04-20',
    currency: 'GHS',
    updatedAt: '2026-03-02T15:40:11.508Z',
    updatedByLabel: 'BME-1001',
    version: 2,
    ...changes,
  };
}

/** The vendor list's suppliers, and every vendor when asked: the picker's searches, each noted. */
function serveVendors() {
  const searches: string[] = [];
  const row = (id: string, name: string) => ({
    id,
    name,
    kinds: ['supplier' as const],
    contactName: null,
    phone: null,
    email: null,
    website: null,
    notes: null,
    retired: false,
    retiredAt: null,
    createdAt: '2026-01-12T09:30:00.000Z',
    updatedAt: '2026-01-12T09:30:00.000Z',
    updatedByLabel: 'BME-1001',
    version: 1,
  });
  apiServer.use(
    http.get(api('/vendors'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      searches.push(params.toString());
      const q = (params.get('q') ?? '').toLowerCase();
      const rows = [row('v-philips', 'Philips Healthcare'), row('v-braun', 'B. Braun Medical Ltd')].filter(
        (vendor) => vendor.name.toLowerCase().includes(q),
      );
      return HttpResponse.json({
        rows,
        total: rows.length,
        page: 1,
        pages: 1,
        limit: 20,
      } satisfies VendorPage);
    }),
  );
  return searches;
}

/** Chooses the supplier whose name matches `option` after typing `text` in the picker. */
async function pickSupplier(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  text: string,
  option: RegExp,
) {
  const field = within(form).getByRole('combobox', { name: /^Supplier/ });
  await user.clear(field);
  await user.type(field, text);
  await screen.findByRole('option', { name: option });
  await user.keyboard('{ArrowDown}{Enter}');
}

const CODES = { 400: 'VALIDATION_FAILED', 403: 'FORBIDDEN', 409: 'CONFLICT' } as const;

/** A refusal as the API answers one: the status, its code and the message to show. */
const refusal = (status: keyof typeof CODES, message: string) =>
  HttpResponse.json({ statusCode: status, code: CODES[status], message } satisfies ApiErrorBody, {
    status,
  });

/**
 * An amount in cedis as the section writes it, its spaces as the matchers read them (the
 * formatter puts a no-break space between the code and the number).
 */
const cedis = (amount: number) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GHS' })
    .format(amount)
    .replace(/\s+/g, ' ');

/** The value shown beside a term of the section's facts. */
function fact(section: HTMLElement, term: string): HTMLElement {
  const row = within(section).getByText(term, { selector: 'dt' }).closest('.ck-facts__row');
  if (!(row instanceof HTMLElement)) throw new Error(`No fact named ${term}`);
  return within(row).getByRole('definition');
}

/** Answers the section's reads with `current()` each time, counting them. */
function serveFigures(current: () => DeviceAcquisition) {
  const reads = { count: 0 };
  apiServer.use(
    http.get(api('/equipment/e1/acquisition'), () => {
      reads.count += 1;
      return HttpResponse.json(current());
    }),
  );
  return reads;
}

describe('The acquisition section of a device', () => {
  it('shows a Manager the figures, formatted, with who last changed them, and no Edit', async () => {
    serveFigures(() => figures());
    await renderScreen(<AcquisitionSection equipmentId="e1" role="Manager" />, { user: manager });
    const section = await screen.findByRole('region', { name: 'Acquisition' });
    expect(await within(section).findByText('B. Braun Medical Ltd')).toBeInTheDocument();
    expect(fact(section, 'Acquisition cost')).toHaveTextContent(cedis(48500));
    expect(fact(section, 'Purchase date')).toHaveTextContent(formatDate('2023-04-20'));
    expect(fact(section, 'Expected service life')).toHaveTextContent('10 years');
    expect(fact(section, 'Plan replacement by')).toHaveTextContent(formatDate('2033-04-20'));
    expect(within(section).getByText(/^Last changed .* by BME-1001$/)).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says "Not recorded" of a device never recorded, and shows a cost with two decimals while no currency is set', async () => {
    const never = figures({
      acquisitionCost: null,
      purchaseDate: null,
      supplier: null,
      expectedLifeYears: null,
      endOfLife: null,
      updatedAt: null,
      updatedByLabel: null,
      version: 0,
    });
    let current = never;
    serveFigures(() => current);
    const { client } = await renderScreen(<AcquisitionSection equipmentId="e1" role="Manager" />, {
      user: manager,
    });
    const section = await screen.findByRole('region', { name: 'Acquisition' });
    expect(await within(section).findAllByText('Not recorded')).toHaveLength(5);
    expect(within(section).queryByText(/^Last changed/)).not.toBeInTheDocument();

    current = { ...never, acquisitionCost: 1250.5, currency: null };
    await client.invalidateQueries({ queryKey: acquisitionKey('e1') });
    await waitFor(() =>
      expect(fact(section, 'Acquisition cost')).toHaveTextContent(
        (1250.5).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      ),
    );
  });

  it.each(['Technician', 'Clinical'] as const)('shows a %s nothing and asks for nothing', async (role) => {
    const reads = serveFigures(() => figures());
    const { client } = await renderScreen(
      <>
        <p>Device page</p>
        <AcquisitionSection equipmentId="e1" role={role} />
      </>,
      { user: staffFixture({ role }) },
    );
    expect(await screen.findByText('Device page')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Acquisition' })).not.toBeInTheDocument();
    expect(client.getQueryCache().findAll({ queryKey: acquisitionKey('e1') })).toEqual([]);
    expect(reads.count).toBe(0);
  });

  it('shows a failed load with Retry, which asks again', async () => {
    let fail = true;
    apiServer.use(
      http.get(api('/equipment/e1/acquisition'), () =>
        fail
          ? refusal(403, 'Only Engineers, Managers and Admins may read costs.')
          : HttpResponse.json(figures()),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<AcquisitionSection equipmentId="e1" role="Engineer" />, { user: engineer });
    const section = await screen.findByRole('region', { name: 'Acquisition' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Only Engineers, Managers and Admins may read costs.',
    );
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('B. Braun Medical Ltd')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an Engineer edits the figures: emptied fields are sent as null with the version read, and the saved figures show', async () => {
    let current = figures();
    const sent: SetDeviceAcquisitionRequest[] = [];
    serveFigures(() => current);
    apiServer.use(
      http.put(api('/equipment/e1/acquisition'), async ({ request }) => {
        const body = (await request.json()) as SetDeviceAcquisitionRequest;
        sent.push(body);
        await delay(50);
        current = figures({
          acquisitionCost: body.acquisitionCost ?? null,
          purchaseDate: body.purchaseDate ?? null,
          supplier: body.supplier ?? null,
          supplierId: body.supplier ? 'v-braun' : null,
          expectedLifeYears: body.expectedLifeYears ?? null,
          endOfLife: null,
          updatedByLabel: 'BME-1000',
          version: 3,
        });
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<AcquisitionSection equipmentId="e1" role="Engineer" />, { user: engineer });
    const section = await screen.findByRole('region', { name: 'Acquisition' });
    await user.click(await within(section).findByRole('button', { name: 'Edit' }));

    const form = within(section).getByRole('form', { name: 'Edit acquisition figures' });
    const cost = within(form).getByLabelText('Acquisition cost');
    expect(cost).toHaveValue(48500);
    expect(cost).toHaveAttribute('step', '0.01');
    expect(cost).toHaveAttribute('min', '0');
    expect(within(form).getByLabelText('Purchase date')).toHaveValue('2023-04-20');
    expect(within(form).getByRole('combobox', { name: /^Supplier/ })).toHaveValue('B. Braun Medical Ltd');
    expect(within(form).getByLabelText('Expected service life (years)')).toHaveValue(10);

    await user.clear(cost);
    await user.type(cost, '52000.75');
    await user.clear(within(form).getByLabelText('Purchase date'));
    // An emptied picker is no supplier.
    await user.clear(within(form).getByRole('combobox', { name: /^Supplier/ }));
    await user.clear(within(form).getByLabelText('Expected service life (years)'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    expect(await screen.findByText('Acquisition figures saved.')).toHaveAttribute('role', 'status');
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
    expect(sent).toEqual([
      { acquisitionCost: 52000.75, purchaseDate: null, supplier: null, expectedLifeYears: null, version: 2 },
    ]);
    expect(fact(section, 'Acquisition cost')).toHaveTextContent(cedis(52000.75));
    expect(fact(section, 'Supplier')).toHaveTextContent('Not recorded');
    expect(within(section).getByText(/^Last changed .* by BME-1000$/)).toBeInTheDocument();
  });

  it('keeps what the contract refuses from being sent, under its field', async () => {
    serveFigures(() => figures());
    const puts = { count: 0 };
    apiServer.use(
      http.put(api('/equipment/e1/acquisition'), () => {
        puts.count += 1;
        return HttpResponse.json(figures());
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<AcquisitionSection equipmentId="e1" role="Admin" />, {
      user: staffFixture({ role: 'Admin' }),
    });
    const section = await screen.findByRole('region', { name: 'Acquisition' });
    await user.click(await within(section).findByRole('button', { name: 'Edit' }));
    const form = within(section).getByRole('form', { name: 'Edit acquisition figures' });
    const life = within(form).getByLabelText('Expected service life (years)');
    await user.clear(life);
    await user.type(life, '2.5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await within(form).findByText('Expected service life must be a whole number of years.'),
    ).toBeInTheDocument();
    expect(life).toHaveFocus();
    expect(puts.count).toBe(0);
  });

  it('shows the server’s refusal of bad input above Save, keeping the form open', async () => {
    serveFigures(() => figures());
    apiServer.use(
      http.put(api('/equipment/e1/acquisition'), () =>
        refusal(400, 'The purchase date cannot be in the future.'),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<AcquisitionSection equipmentId="e1" role="Engineer" />, { user: engineer });
    const section = await screen.findByRole('region', { name: 'Acquisition' });
    await user.click(await within(section).findByRole('button', { name: 'Edit' }));
    const form = within(section).getByRole('form', { name: 'Edit acquisition figures' });
    await user.clear(within(form).getByLabelText('Purchase date'));
    await user.type(within(form).getByLabelText('Purchase date'), '2099-01-01');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The purchase date cannot be in the future.',
    );
    expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('on a stale version (409) shows the message, reloads the figures and saves with the newer version', async () => {
    let current = figures();
    const sent: SetDeviceAcquisitionRequest[] = [];
    const reads = serveFigures(() => current);
    apiServer.use(
      http.put(api('/equipment/e1/acquisition'), async ({ request }) => {
        const body = (await request.json()) as SetDeviceAcquisitionRequest;
        sent.push(body);
        if (body.version !== current.version)
          return refusal(
            409,
            'The acquisition figures were changed by someone else. Check them and save again.',
          );
        current = figures({
          supplier: body.supplier ?? null,
          supplierId: body.supplier ? 'v-philips' : null,
          version: current.version + 1,
        });
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<AcquisitionSection equipmentId="e1" role="Engineer" />, { user: engineer });
    const section = await screen.findByRole('region', { name: 'Acquisition' });
    await user.click(await within(section).findByRole('button', { name: 'Edit' }));
    const form = within(section).getByRole('form', { name: 'Edit acquisition figures' });
    const searches = serveVendors();
    await pickSupplier(user, form, 'phil', /Philips Healthcare/);
    const supplier = within(form).getByRole('combobox', { name: /^Supplier/ });
    // Suppliers first, active ones only.
    expect(searches.at(-1)).toBe('status=active&limit=20&kind=supplier&q=phil');

    // Someone else changes the figures meanwhile.
    current = figures({ acquisitionCost: 51000, version: 3 });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The acquisition figures were changed by someone else. Check them and save again.',
    );
    await waitFor(() => expect(fact(section, 'Acquisition cost')).toHaveTextContent(cedis(51000)));
    expect(reads.count).toBe(2);
    // The draft stays, to be saved again over the newer figures once they were seen.
    expect(supplier).toHaveValue('Philips Healthcare');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Acquisition figures saved.')).toBeInTheDocument();
    expect(sent.map((body) => [body.supplier, body.version])).toEqual([
      ['Philips Healthcare', 2],
      ['Philips Healthcare', 3],
    ]);
    expect(fact(section, 'Supplier')).toHaveTextContent('Philips Healthcare');
  });

  it('keeps the version it started from when the figures reload behind the form, so a change made meanwhile is refused, not overwritten', async () => {
    let current = figures();
    const sent: SetDeviceAcquisitionRequest[] = [];
    serveFigures(() => current);
    apiServer.use(
      http.put(api('/equipment/e1/acquisition'), async ({ request }) => {
        const body = (await request.json()) as SetDeviceAcquisitionRequest;
        sent.push(body);
        return body.version === current.version
          ? HttpResponse.json((current = figures({ version: current.version + 1 })))
          : refusal(409, 'The acquisition figures were changed by someone else. Check them and save again.');
      }),
    );
    const user = userEvent.setup();
    const { client } = await renderScreen(<AcquisitionSection equipmentId="e1" role="Engineer" />, {
      user: engineer,
    });
    const section = await screen.findByRole('region', { name: 'Acquisition' });
    await user.click(await within(section).findByRole('button', { name: 'Edit' }));
    const form = within(section).getByRole('form', { name: 'Edit acquisition figures' });

    // Another Engineer saves; a live update of the device reloads the figures behind the form.
    current = figures({ acquisitionCost: 51000, version: 3 });
    await client.invalidateQueries({ queryKey: acquisitionKey('e1') });
    await waitFor(() => expect(fact(section, 'Acquisition cost')).toHaveTextContent(cedis(51000)));

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('changed by someone else');
    expect(sent.map((body) => body.version)).toEqual([2]);
  });
});
