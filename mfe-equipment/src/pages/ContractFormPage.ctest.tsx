import type {
  AddServiceContractRequest,
  ApiErrorBody,
  DepartmentEntryDto,
  EquipmentDto,
  HospitalListsDto,
  ServiceContract,
  UpdateServiceContractRequest,
  Vendor,
} from '@caliber/contracts';
import { Route, Routes } from '@caliber/web';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { departmentEntry, renderScreen } from '@caliber/web-testing/harness';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { contractDetail, IDS } from '../utils/contract.fixture';
import { engineer } from '../utils/engineer.fixture';
import { EditContractPage, NewContractPage } from './ContractFormPage';

type User = ReturnType<typeof userEvent.setup>;

// Each test types a form key by key and waits out the pickers' search pause.
jest.setTimeout(20_000);

const department = (name: string, id: string, retired = false): DepartmentEntryDto => ({
  ...departmentEntry(name),
  _id: id,
  retired,
  retiredAt: retired ? '2026-01-01T00:00:00.000Z' : null,
});

/** The lists with departments of real ids, one of them retired. */
const lists: HospitalListsDto = {
  departments: [
    department('ICU', IDS.icu),
    department('Radiology Department', IDS.radiology),
    department('Old Ward', IDS.oldWard, true),
  ],
  categories: [],
};

const vendor = (id: string, name: string): Vendor => ({
  id,
  name,
  kinds: ['service'],
  contactName: null,
  phone: '+44 20 7946 0321',
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

const device = (id: string, name: string, serialNumber: string) =>
  ({
    _id: id,
    name,
    serialNumber,
    manufacturer: 'Philips',
    model: 'MX450',
    department: 'ICU',
  }) as EquipmentDto;

/** Serves the lists, the vendor and device searches, noting each vendor search asked. */
function servePickers() {
  const vendorSearches: string[] = [];
  apiServer.use(
    http.get(api('/lists'), () => HttpResponse.json(lists)),
    http.get(api('/vendors'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      vendorSearches.push(params.toString());
      const rows = params.get('kind') === 'service' ? [vendor(IDS.philips, 'Philips Healthcare')] : [];
      return HttpResponse.json({ rows, total: rows.length, page: 1, pages: 1, limit: 20 });
    }),
    http.get(api('/equipment'), ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      const equipment = [
        device(IDS.monitor, 'IntelliVue MX450', 'DE12345678'),
        device(IDS.pump, 'Spectrum pump', 'SP-9'),
      ].filter((item) => item.name.toLowerCase().includes(q));
      return HttpResponse.json({
        equipment,
        total: equipment.length,
        page: 1,
        pages: 1,
        limit: 20,
        filters: { departments: [], statuses: [], categories: [] },
      });
    }),
  );
  return vendorSearches;
}

/**
 * Renders the form with the lists above: the harness answers its own lists first, so the test's
 * are served after it and a `lists:changed` has the screen ask again, as an Admin's change would.
 */
async function renderForm(ui: React.ReactElement, path: string) {
  const live = new TestLiveEvents();
  const rendered = await renderScreen(ui, { user: engineer, path, live });
  const departments = await screen.findByLabelText('Department');
  servePickers();
  act(() => live.emit('lists:changed', { kind: 'department' }));
  await within(departments).findByRole('option', { name: 'Radiology Department' });
  return rendered;
}

async function pick(user: User, label: RegExp, text: string, option: RegExp) {
  await user.type(screen.getByRole('combobox', { name: label }), text);
  await screen.findByRole('option', { name: option });
  await user.keyboard('{ArrowDown}{Enter}');
}

const edit = (
  <Routes>
    <Route path="/equipment/contracts/:id/edit" element={<EditContractPage />} />
    <Route path="/equipment/contracts/:id" element={<p>Contract page</p>} />
  </Routes>
);
const editPath = `/equipment/contracts/${IDS.contract}/edit`;

describe('New service contract', () => {
  it("refuses an empty save in the form's words, focusing the vendor; nothing is sent", async () => {
    let posted = 0;
    apiServer.use(
      http.post(api('/service-contracts'), () => {
        posted += 1;
        return HttpResponse.json(contractDetail(), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderForm(<NewContractPage />, '/equipment/contracts/new');
    await user.click(screen.getByRole('button', { name: 'Save contract' }));

    const vendorField = screen.getByRole('combobox', { name: /^Vendor/ });
    await waitFor(() => expect(vendorField).toHaveFocus());
    expect(vendorField).toHaveAccessibleDescription(expect.stringContaining('Choose the vendor.'));
    expect(screen.getByLabelText(/^Contract number/)).toHaveAccessibleDescription(
      expect.stringContaining('Contract number is required.'),
    );
    expect(screen.getByLabelText(/^First day/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Annual cost/)).toHaveAccessibleDescription(
      expect.stringContaining('Annual cost is required.'),
    );
    expect(screen.getByRole('combobox', { name: /^Devices/ })).toHaveAccessibleDescription(
      expect.stringContaining('Name what the contract covers: devices, models or a department.'),
    );
    expect(screen.getByLabelText(/^Response time/)).not.toHaveAttribute('aria-invalid');
    expect(posted).toBe(0);
  });

  it('sends the contract as typed, tidy: ids, numbers, the used model rows, nulls for what is left out', async () => {
    const sent: AddServiceContractRequest[] = [];
    apiServer.use(
      http.post(api('/service-contracts'), async ({ request }) => {
        sent.push((await request.json()) as AddServiceContractRequest);
        return HttpResponse.json(contractDetail({ id: 'c-new' }) satisfies ServiceContract, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderForm(
      <Routes>
        <Route path="/equipment/contracts/new" element={<NewContractPage />} />
        <Route path="/equipment/contracts/:id" element={<p>Contract page</p>} />
      </Routes>,
      '/equipment/contracts/new',
    );
    await pick(user, /^Vendor/, 'phil', /Philips Healthcare/);
    expect(screen.getByRole('combobox', { name: /^Vendor/ })).toHaveValue('Philips Healthcare');
    await user.type(screen.getByLabelText(/^Contract number/), '  PH-SC-2026-014 ');
    await user.selectOptions(screen.getByLabelText('Kind'), 'pm-only');
    await user.type(screen.getByLabelText(/^First day/), '2026-04-01');
    await user.type(screen.getByLabelText(/^Last day/), '2029-03-31');
    await user.type(screen.getByLabelText(/^Annual cost/), '18400.50');
    await user.click(screen.getByLabelText('Planned maintenance included'));

    await pick(user, /^Devices/, 'mx', /IntelliVue MX450 \(DE12345678\)/);
    await pick(user, /^Devices/, 'spec', /Spectrum pump \(SP-9\)/);
    // The list stays open for another device; Escape closes it.
    await user.keyboard('{Escape}');
    const chips = screen.getByRole('list', { name: 'Devices named' });
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(chips).getByRole('button', { name: 'Remove Spectrum pump (SP-9)' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add a model' }));
    await user.type(screen.getByLabelText('Manufacturer 1'), ' Philips ');
    await user.type(screen.getByLabelText('Model 1'), 'HeartStart XL+');
    await user.click(screen.getByRole('button', { name: 'Add a model' }));
    // The retired department is not offered for a new contract.
    expect(
      within(screen.getByLabelText('Department')).queryByRole('option', { name: /Old Ward/ }),
    ).toBeNull();
    await user.selectOptions(screen.getByLabelText('Department'), 'Radiology Department');

    await user.click(screen.getByRole('button', { name: 'Save contract' }));
    await waitFor(() => expect(window.location.pathname).toBe('/equipment/contracts/c-new'));
    expect(sent).toEqual([
      {
        vendorId: IDS.philips,
        reference: 'PH-SC-2026-014',
        kind: 'pm-only',
        startsOn: '2026-04-01',
        endsOn: '2029-03-31',
        annualCost: 18400.5,
        responseHours: null,
        pmIncluded: false,
        equipmentIds: [IDS.monitor],
        models: [{ manufacturer: 'Philips', model: 'HeartStart XL+' }],
        departmentId: IDS.radiology,
        notes: null,
      },
    ]);
    expect(await screen.findByText('Service contract recorded.')).toBeInTheDocument();
  });

  it('offers service providers, and every vendor when asked', async () => {
    const user = userEvent.setup();
    await renderForm(<NewContractPage />, '/equipment/contracts/new');
    const searches = servePickers();
    await pick(user, /^Vendor/, 'phil', /Philips Healthcare/);
    expect(searches).toEqual(['status=active&limit=20&kind=service&q=phil']);
    await user.click(screen.getByLabelText('Show every vendor, not only service providers'));
    await user.clear(screen.getByRole('combobox', { name: /^Vendor/ }));
    await user.type(screen.getByRole('combobox', { name: /^Vendor/ }), 'acme');
    expect(await screen.findByText('No vendors match "acme".')).toBeInTheDocument();
    expect(searches.at(-1)).toBe('status=active&limit=20&q=acme');
  });

  it('shows the refusal of a term out of bounds under its field, and the server’s 400 in the alert', async () => {
    apiServer.use(
      http.post(api('/service-contracts'), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'Philips Healthcare is retired: restore it to name it on a contract.',
          } satisfies ApiErrorBody,
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderForm(<NewContractPage />, '/equipment/contracts/new');
    await pick(user, /^Vendor/, 'phil', /Philips Healthcare/);
    await user.type(screen.getByLabelText(/^Contract number/), 'PH-1');
    await user.type(screen.getByLabelText(/^First day/), '2026-04-01');
    await user.type(screen.getByLabelText(/^Last day/), '2036-04-01');
    await user.type(screen.getByLabelText(/^Annual cost/), '12.345');
    await user.selectOptions(screen.getByLabelText('Department'), 'ICU');
    await user.click(screen.getByRole('button', { name: 'Add a model' }));
    await user.type(screen.getByLabelText('Manufacturer 1'), 'Philips');
    await user.click(screen.getByRole('button', { name: 'Save contract' }));
    expect(
      await screen.findByText('A contract runs at most 10 years: record a renewal as a new contract.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Annual cost may have at most two decimals.')).toBeInTheDocument();
    // A model's refusal is under its own row.
    expect(screen.getByLabelText('Model 1')).toHaveAccessibleDescription('Each model names its model.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove model 1' }));

    await user.clear(screen.getByLabelText(/^Last day/));
    await user.type(screen.getByLabelText(/^Last day/), '2027-03-31');
    await user.clear(screen.getByLabelText(/^Annual cost/));
    await user.type(screen.getByLabelText(/^Annual cost/), '1200');
    await user.click(screen.getByRole('button', { name: 'Save contract' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Philips Healthcare is retired: restore it to name it on a contract.',
    );
    expect(window.location.pathname).toBe('/equipment/contracts/new');
  });
});

describe('Edit service contract', () => {
  it('starts from the contract (a retired department kept) and sends the whole contract with its version', async () => {
    const sent: UpdateServiceContractRequest[] = [];
    apiServer.use(
      http.get(api(`/service-contracts/${IDS.contract}`), () =>
        HttpResponse.json(
          contractDetail({ departmentId: IDS.oldWard, departmentName: 'Old Ward', version: 4 }),
        ),
      ),
      http.put(api(`/service-contracts/${IDS.contract}`), async ({ request }) => {
        sent.push((await request.json()) as UpdateServiceContractRequest);
        return HttpResponse.json(contractDetail({ annualCost: 19000, version: 5 }));
      }),
    );
    const user = userEvent.setup();
    await renderForm(edit, editPath);
    expect(screen.getByRole('combobox', { name: /^Vendor/ })).toHaveValue('Philips Healthcare');
    expect(screen.getByLabelText(/^Contract number/)).toHaveValue('PH-SC-2026-014');
    expect(screen.getByLabelText('Department')).toHaveValue(IDS.oldWard);
    expect(
      within(screen.getByLabelText('Department')).getByRole('option', { name: 'Old Ward (retired)' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Manufacturer 1')).toHaveValue('Philips');

    const cost = screen.getByLabelText(/^Annual cost/);
    expect(cost).toHaveValue('18400');
    await user.clear(cost);
    await user.type(cost, '19000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/equipment/contracts/${IDS.contract}`));
    expect(sent).toEqual([
      {
        vendorId: IDS.philips,
        reference: 'PH-SC-2026-014',
        kind: 'full-service',
        startsOn: '2026-04-01',
        endsOn: '2029-03-31',
        annualCost: 19000,
        responseHours: 8,
        pmIncluded: true,
        equipmentIds: [IDS.monitor],
        models: [{ manufacturer: 'Philips', model: 'HeartStart XL+' }],
        departmentId: IDS.oldWard,
        notes: 'Two PM visits a year; parts included except batteries.',
        version: 4,
      },
    ]);
  });

  it('on a 409 says so, reads the contract again, keeps the version it started from until the person starts again', async () => {
    let current = contractDetail();
    const sent: UpdateServiceContractRequest[] = [];
    apiServer.use(
      http.get(api(`/service-contracts/${IDS.contract}`), () => HttpResponse.json(current)),
      http.put(api(`/service-contracts/${IDS.contract}`), async ({ request }) => {
        const body = (await request.json()) as UpdateServiceContractRequest;
        sent.push(body);
        if (body.version !== current.version)
          return HttpResponse.json(
            {
              statusCode: 409,
              code: 'CONFLICT',
              message:
                'Contract PH-SC-2026-014 was changed by someone else since you opened it. Reload it and try again.',
            } satisfies ApiErrorBody,
            { status: 409 },
          );
        current = contractDetail({ ...current, version: current.version + 1 });
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    await renderForm(edit, editPath);
    await user.type(screen.getByLabelText(/^Response time/), '{Backspace}4');

    // Another Engineer raises the cost meanwhile.
    current = contractDetail({ annualCost: 20000, updatedByLabel: 'BME-1002', version: 2 });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'was changed by someone else since you opened it',
    );
    const notice = await screen.findByText(/Someone else changed this contract since you opened it/);
    expect(notice).toHaveTextContent('BME-1002');
    // The draft stays, and saving again still sends the version it started from.
    expect(screen.getByLabelText(/^Response time/)).toHaveValue('4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((body) => body.version)).toEqual([1, 1]);

    await user.click(screen.getByRole('button', { name: 'Start again from the saved contract' }));
    expect(screen.getByLabelText(/^Annual cost/)).toHaveValue('20000');
    expect(screen.queryByText(/Someone else changed this contract/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/equipment/contracts/${IDS.contract}`));
    expect(sent.map((body) => body.version)).toEqual([1, 1, 2]);
  });
});
