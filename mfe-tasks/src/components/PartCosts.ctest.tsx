import type {
  ApiErrorBody,
  DocumentPage,
  RecordPartCostsRequest,
  SparePart,
  TaskDetail,
  TaskDto,
  TaskVendorCharges,
  Vendor,
  VendorPage,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { task } from '../utils/task.fixture';
import { viewer } from '../utils/viewer.fixture';
import { TaskDetailDialog } from './TaskDetailDialog';

type User = ReturnType<typeof userEvent.setup>;

// Each test types a form key by key and waits out the supplier picker's search pause: on a busy
// machine that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

const BRAUN = '7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c';
const MEDTRONIC = '2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d';

const vendor = (id: string, name: string): Vendor => ({
  id,
  name,
  kinds: ['supplier'],
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

const part = (changes: Partial<SparePart>): SparePart => ({
  name: 'Pressure sensor',
  quantity: 1,
  description: '',
  unitCost: null,
  supplierId: null,
  supplierName: null,
  ...changes,
});

/** The pump repair's parts: the sensor not priced yet, the fuses priced and bought from B. Braun. */
const SENSOR = part({ name: 'Pressure sensor', description: 'Downstream, OEM' });
const FUSE = part({
  name: 'Fuse',
  quantity: 3,
  description: '5 A',
  unitCost: 1.5,
  supplierId: BRAUN,
  supplierName: 'B. Braun',
});
const RING = part({ name: 'O-ring', quantity: 2 });
const repairParts: SparePart[] = [SENSOR, FUSE, RING];

const charges: TaskVendorCharges = { charges: [], total: 0, currency: 'EUR', version: 0 };

/** The task as the server keeps it, and as `PUT /tasks/t1/part-costs` answers it. */
function taskWith(spareParts: SparePart[], version = 3): TaskDto {
  return task({ _id: 't1', title: 'Repair the infusion pump', spareParts, version });
}

/**
 * The task as `GET /tasks/t1` answers it: to someone who reads costs with its vendor charges, to
 * anyone else with none (null).
 */
function detail(spareParts: SparePart[], vendorCharges: TaskVendorCharges | null, version = 3): TaskDetail {
  return {
    ...taskWith(spareParts, version),
    labourCost: null,
    vendorCharges,
    statusHistory: [],
    statusHistoryTotal: 0,
    audit: [],
    auditTotal: 0,
    addedReports: [],
    addedReportsTotal: 0,
  };
}

/**
 * Serves the task (as `current()` holds it at each ask), its documents (none) and the active
 * vendors; counts the task's reads and notes each vendor search's query.
 */
function serveTask(current: () => TaskDetail) {
  const seen = { taskReads: 0, vendorSearches: [] as string[] };
  apiServer.use(
    http.get(api('/tasks/t1'), () => {
      seen.taskReads += 1;
      return HttpResponse.json(current());
    }),
    http.get(api('/tasks/t1/documents'), () =>
      HttpResponse.json({ items: [], total: 0, page: 1, pages: 0, limit: 20 } satisfies DocumentPage),
    ),
    http.get(api('/vendors'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.vendorSearches.push(params.toString());
      const q = (params.get('q') ?? '').toLowerCase();
      const rows = [vendor(BRAUN, 'B. Braun'), vendor(MEDTRONIC, 'Medtronic Spares')].filter((shown) =>
        shown.name.toLowerCase().includes(q),
      );
      return HttpResponse.json({
        rows,
        total: rows.length,
        page: 1,
        pages: 1,
        limit: 100,
      } satisfies VendorPage);
    }),
  );
  return seen;
}

async function openTask(role: 'Engineer' | 'Manager' | 'Technician') {
  const user = userEvent.setup();
  await renderScreen(<TaskDetailDialog id="t1" onClose={jest.fn()} />, { user: viewer(role) });
  const dialog = await screen.findByRole('dialog', { name: 'Repair the infusion pump' });
  await within(dialog).findByRole('heading', { name: 'Audit trail' });
  return { user, dialog };
}

/** Opens the part costs form from the task's details. */
async function openForm(user: User, dialog: HTMLElement, button: string) {
  await user.click(within(dialog).getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: 'Part costs: Repair the infusion pump' });
}

/** The rows of the task's Part costs table, as text. */
function partCostRows(dialog: HTMLElement): (string | null)[] {
  const table = within(dialog).getByRole('table', { name: 'Part costs' });
  return within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
}

const save = (form: HTMLElement) => within(form).getByRole('button', { name: 'Save part costs' });

describe('Part costs in a task’s details', () => {
  it('lists each part with its unit cost, supplier and cost, the total, and what the total leaves out', async () => {
    serveTask(() =>
      detail(
        [
          part({ name: 'Pressure sensor', unitCost: 86.5, supplierId: BRAUN, supplierName: 'B. Braun' }),
          part({ name: 'Fuse', quantity: 3, unitCost: 0.1 }),
          part({ name: 'O-ring', quantity: 2 }),
          part({ name: 'Tubing set', quantity: 1, unitCost: 12.2 }),
          part({ name: 'Battery', quantity: 1, supplierId: MEDTRONIC, supplierName: 'Medtronic Spares' }),
        ],
        charges,
      ),
    );
    const { dialog } = await openTask('Engineer');
    expect(within(dialog).getByRole('heading', { name: 'Part costs' })).toBeInTheDocument();
    // Just before the vendor charges.
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings.indexOf('Vendor charges') - headings.indexOf('Part costs')).toBe(1);
    expect(partCostRows(dialog)).toEqual([
      'PartQtyUnit costSupplierCost',
      'Pressure sensor1€86.50B. Braun€86.50',
      'Fuse3€0.10—€0.30',
      'O-ring2———',
      'Tubing set1€12.20—€12.20',
      'Battery1—Medtronic Spares—',
      'Total€99.00',
    ]);
    expect(
      within(dialog).getByText('2 of 5 parts have no unit cost yet: the total leaves them out.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit part costs' })).toBeInTheDocument();
    // The work record's parts table writes the unit costs in the hospital currency too.
    const used = within(dialog).getByRole('table', { name: 'Spare parts used' });
    expect(within(used).getAllByRole('row')[1]).toHaveTextContent('Pressure sensor1—€86.50B. Braun');
  });

  it('is not there for someone the server gives no costs to (a Technician), who still sees the suppliers', async () => {
    serveTask(() =>
      detail(
        repairParts.map((shown) => ({ ...shown, unitCost: null })),
        null,
      ),
    );
    const { dialog } = await openTask('Technician');
    expect(within(dialog).queryByRole('heading', { name: 'Part costs' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /part costs/ })).not.toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Spare parts used' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((head) => head.textContent),
    ).toEqual(['Part', 'Qty', 'Description', 'Supplier']);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Fuse35 AB. Braun');
  });

  it('is not there for a task without spare parts', async () => {
    serveTask(() => detail([], charges));
    const { dialog } = await openTask('Engineer');
    expect(within(dialog).getByRole('heading', { name: 'Vendor charges' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Part costs' })).not.toBeInTheDocument();
  });
});

describe('Recording part costs', () => {
  it('a Manager prices a part and picks its supplier: every part is sent with the version; the table and total follow', async () => {
    let current = detail(repairParts, charges);
    const sent: RecordPartCostsRequest[] = [];
    const seen = serveTask(() => current);
    apiServer.use(
      http.put(api('/tasks/t1/part-costs'), async ({ request }) => {
        sent.push((await request.json()) as RecordPartCostsRequest);
        const priced = [
          { ...SENSOR, unitCost: 86.5, supplierId: MEDTRONIC, supplierName: 'Medtronic Spares' },
          FUSE,
          RING,
        ];
        current = detail(priced, charges, 4);
        return HttpResponse.json(taskWith(priced, 4));
      }),
    );
    const { user, dialog } = await openTask('Manager');
    expect(partCostRows(dialog).at(-1)).toBe('Total€4.50');
    const form = await openForm(user, dialog, 'Edit part costs');
    const sensor = within(form).getByRole('group', { name: 'Pressure sensor' });
    expect(sensor).toHaveTextContent('Quantity 1');
    expect(sensor).toHaveTextContent('Downstream, OEM');
    expect(within(form).getByLabelText('Unit cost of Fuse')).toHaveValue(1.5);
    expect(within(within(form).getByRole('group', { name: 'Fuse' })).getByRole('combobox')).toHaveValue(
      'B. Braun',
    );

    const unitCost = within(form).getByLabelText('Unit cost of Pressure sensor');
    expect(unitCost).toHaveAttribute('type', 'number');
    expect(unitCost).toHaveAttribute('inputmode', 'decimal');
    expect(unitCost).toHaveAttribute('step', '0.01');
    expect(unitCost).toHaveAttribute('min', '0');
    await user.type(unitCost, '86.5');
    await user.type(within(sensor).getByRole('combobox', { name: /^Supplier/ }), 'Medt');
    await within(sensor).findByRole('option', { name: /Medtronic Spares/ });
    await user.keyboard('{ArrowDown}{Enter}');
    // Suppliers are offered first: active vendors listed as suppliers.
    expect(seen.vendorSearches.length).toBeGreaterThan(0);
    for (const query of seen.vendorSearches) {
      expect(query).toMatch(/(^|&)status=active(&|$)/);
      expect(query).toMatch(/(^|&)kind=supplier(&|$)/);
    }
    expect(within(form).getByText('€91.00')).toBeInTheDocument();
    expect(
      within(form).getByText('1 of 3 parts has no unit cost yet: the total leaves it out.'),
    ).toBeInTheDocument();

    await user.click(save(form));
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        parts: [
          { unitCost: 86.5, supplierId: MEDTRONIC },
          { unitCost: 1.5, supplierId: BRAUN },
          { unitCost: null, supplierId: null },
        ],
        version: 3,
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Part costs saved.');
    await waitFor(() =>
      expect(partCostRows(dialog)).toEqual([
        'PartQtyUnit costSupplierCost',
        'Pressure sensor1€86.50Medtronic Spares€86.50',
        'Fuse3€1.50B. Braun€4.50',
        'O-ring2———',
        'Total€91.00',
      ]),
    );
    expect(
      within(dialog).getByText('1 of 3 parts has no unit cost yet: the total leaves it out.'),
    ).toBeInTheDocument();
  });

  it('searches every active vendor when asked; an emptied cost and supplier are sent as null', async () => {
    const sent: RecordPartCostsRequest[] = [];
    const seen = serveTask(() => detail(repairParts, charges));
    apiServer.use(
      http.put(api('/tasks/t1/part-costs'), async ({ request }) => {
        sent.push((await request.json()) as RecordPartCostsRequest);
        return HttpResponse.json(taskWith(repairParts, 4));
      }),
    );
    const { user, dialog } = await openTask('Engineer');
    const form = await openForm(user, dialog, 'Edit part costs');
    await user.click(within(form).getByRole('checkbox', { name: 'Show every vendor, not only suppliers' }));
    const ring = within(form).getByRole('group', { name: 'O-ring' });
    await user.type(within(ring).getByRole('combobox', { name: /^Supplier/ }), 'Brau');
    await within(ring).findByRole('option', { name: /B\. Braun/ });
    expect(seen.vendorSearches.at(-1)).toMatch(/(^|&)status=active(&|$)/);
    expect(seen.vendorSearches.at(-1)).not.toMatch(/(^|&)kind=/);
    await user.keyboard('{ArrowDown}{Enter}');

    const fuse = within(form).getByRole('group', { name: 'Fuse' });
    await user.clear(within(fuse).getByLabelText('Unit cost of Fuse'));
    await user.clear(within(fuse).getByRole('combobox', { name: /^Supplier/ }));
    // Leaving the emptied field closes its list.
    await user.tab();
    await user.click(save(form));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      parts: [
        { unitCost: null, supplierId: null },
        { unitCost: null, supplierId: null },
        { unitCost: null, supplierId: BRAUN },
      ],
      version: 3,
    });
  });

  it('parts changed meanwhile (409): the message above Save, the task asked again, and a fresh start offered', async () => {
    const message =
      'The spare parts of this task were changed since you opened them. Reload them and try again.';
    let current = detail(repairParts, charges);
    const seen = serveTask(() => current);
    apiServer.use(
      http.put(api('/tasks/t1/part-costs'), () => {
        current = detail([...repairParts, part({ name: 'Battery' })], charges, 4);
        return HttpResponse.json({ statusCode: 409, code: 'CONFLICT', message } satisfies ApiErrorBody, {
          status: 409,
        });
      }),
    );
    const { user, dialog } = await openTask('Engineer');
    const form = await openForm(user, dialog, 'Edit part costs');
    await user.type(within(form).getByLabelText('Unit cost of O-ring'), '0.8');
    const readsBefore = seen.taskReads;
    await user.click(save(form));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert.compareDocumentPosition(save(form)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(seen.taskReads).toBeGreaterThan(readsBefore));
    // What was typed stays until the person starts again from the parts as they are now.
    const restart = await within(form).findByRole('button', { name: 'Start again from the saved parts' });
    expect(within(form).getByLabelText('Unit cost of O-ring')).toHaveValue(0.8);
    await user.click(restart);
    expect(within(form).getByRole('group', { name: 'Battery' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Unit cost of O-ring')).toHaveValue(null);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refusal (400) shows the server’s message above Save; what was typed stays', async () => {
    const message = 'Medtronic Spares is retired: restore it in Vendors to record a part bought from them.';
    const unpriced = repairParts.map((shown) => ({ ...shown, unitCost: null }));
    serveTask(() => detail(unpriced, charges));
    apiServer.use(
      http.put(api('/tasks/t1/part-costs'), () =>
        HttpResponse.json({ statusCode: 400, code: 'VALIDATION_FAILED', message } satisfies ApiErrorBody, {
          status: 400,
        }),
      ),
    );
    const { user, dialog } = await openTask('Engineer');
    const form = await openForm(user, dialog, 'Record part costs');
    const sensor = within(form).getByRole('group', { name: 'Pressure sensor' });
    await user.type(within(sensor).getByLabelText('Unit cost of Pressure sensor'), '86.5');
    await user.type(within(sensor).getByRole('combobox', { name: /^Supplier/ }), 'Medt');
    await within(sensor).findByRole('option', { name: /Medtronic Spares/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(save(form));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert.compareDocumentPosition(save(form)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(form).getByLabelText('Unit cost of Pressure sensor')).toHaveValue(86.5);
    expect(save(form)).toBeEnabled();
  });

  it('refuses a negative unit cost before sending, under its field', async () => {
    const sent: RecordPartCostsRequest[] = [];
    serveTask(() => detail(repairParts, charges));
    apiServer.use(
      http.put(api('/tasks/t1/part-costs'), async ({ request }) => {
        sent.push((await request.json()) as RecordPartCostsRequest);
        return HttpResponse.json(taskWith(repairParts, 4));
      }),
    );
    const { user, dialog } = await openTask('Engineer');
    const form = await openForm(user, dialog, 'Edit part costs');
    const ring = within(form).getByLabelText('Unit cost of O-ring');
    await user.type(ring, '-2');
    await user.click(save(form));
    await waitFor(() => expect(ring).toHaveFocus());
    expect(ring).toHaveAccessibleDescription('Unit cost cannot be negative.');
    expect(sent).toEqual([]);
  });
});
