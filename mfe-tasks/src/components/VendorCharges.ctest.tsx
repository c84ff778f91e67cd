import type {
  ApiErrorBody,
  DocumentPage,
  RecordVendorChargesRequest,
  TaskDetail,
  TaskVendorCharges,
  Vendor,
  VendorPage,
} from '@caliber/contracts';
import { formatDate } from '@caliber/ui-kit';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { task } from '../utils/task.fixture';
import { viewer } from '../utils/viewer.fixture';
import { TaskDetailDialog } from './TaskDetailDialog';

type User = ReturnType<typeof userEvent.setup>;

// Each test types a form key by key and waits out the vendor picker's search pause: on a busy
// machine that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

const PHILIPS = '4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d';
const DRAEGER = '7c2d1e4f-5a6b-4c8d-9e0f-1a2b3c4d5e6f';

const vendor = (id: string, name: string): Vendor => ({
  id,
  name,
  kinds: ['manufacturer', 'service'],
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

const twoCharges: TaskVendorCharges = {
  charges: [
    {
      vendorId: PHILIPS,
      vendorName: 'Philips Healthcare',
      visitDate: '2026-03-14',
      invoiceNumber: 'INV-2026-0412',
      amount: 480,
      notes: 'Call-out and replacement of the flow sensor.',
    },
    {
      vendorId: DRAEGER,
      vendorName: 'Dräger Service',
      visitDate: '2026-03-20',
      invoiceNumber: null,
      amount: 120.5,
      notes: null,
    },
  ],
  total: 600.5,
  currency: 'EUR',
  version: 4,
};

const none: TaskVendorCharges = { charges: [], total: 0, currency: 'EUR', version: 0 };

/** The task as `GET /tasks/t1` answers someone who reads costs (`vendorCharges`), or who does not (null). */
function detail(vendorCharges: TaskVendorCharges | null): TaskDetail {
  return {
    ...task({ _id: 't1', title: 'Replace the flow sensor' }),
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
 * vendors; notes each vendor search's query.
 */
function serveTask(current: () => TaskDetail) {
  const vendorSearches: string[] = [];
  apiServer.use(
    http.get(api('/tasks/t1'), () => HttpResponse.json(current())),
    http.get(api('/tasks/t1/documents'), () =>
      HttpResponse.json({ items: [], total: 0, page: 1, pages: 0, limit: 20 } satisfies DocumentPage),
    ),
    http.get(api('/vendors'), ({ request }) => {
      vendorSearches.push(new URL(request.url).searchParams.toString());
      const rows = [vendor(PHILIPS, 'Philips Healthcare'), vendor(DRAEGER, 'Dräger Service')];
      return HttpResponse.json({
        rows,
        total: rows.length,
        page: 1,
        pages: 1,
        limit: 100,
      } satisfies VendorPage);
    }),
  );
  return { vendorSearches };
}

async function openTask(role: 'Engineer' | 'Technician') {
  const user = userEvent.setup();
  const onClose = jest.fn();
  await renderScreen(<TaskDetailDialog id="t1" onClose={onClose} />, { user: viewer(role) });
  const dialog = await screen.findByRole('dialog', { name: 'Replace the flow sensor' });
  await within(dialog).findByRole('heading', { name: 'Audit trail' });
  return { user, dialog, onClose };
}

/** Opens the charges form from the task's details. */
async function openCharges(user: User, dialog: HTMLElement, button: string) {
  await user.click(within(dialog).getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: 'Vendor charges: Replace the flow sensor' });
}

const charge = (form: HTMLElement, n: number) => within(form).getByRole('group', { name: `Charge ${n}` });

/** Fills a charge's row: the vendor picked from the list as typed, then the other fields. */
async function fillCharge(
  user: User,
  row: HTMLElement,
  fields: { vendor: string; visitDate: string; invoiceNumber?: string; amount: string; notes?: string },
) {
  await user.type(within(row).getByRole('combobox', { name: /^Vendor/ }), fields.vendor.slice(0, 4));
  await within(row).findByRole('option', { name: new RegExp(fields.vendor) });
  await user.keyboard('{ArrowDown}{Enter}');
  await user.type(within(row).getByLabelText(/^Visit date/), fields.visitDate);
  if (fields.invoiceNumber)
    await user.type(within(row).getByLabelText(/^Invoice number/), fields.invoiceNumber);
  await user.type(within(row).getByLabelText(/^Amount/), fields.amount);
  if (fields.notes) await user.type(within(row).getByLabelText(/^Notes/), fields.notes);
}

const conflict: ApiErrorBody = {
  statusCode: 409,
  code: 'CONFLICT',
  message:
    'The vendor charges were changed by someone else since you opened them. Reload them and try again.',
};

describe('Vendor charges in a task’s details', () => {
  it('lists each charge with its vendor, visit date, invoice number, amount and notes, and their total', async () => {
    serveTask(() => detail(twoCharges));
    const { dialog } = await openTask('Engineer');
    expect(within(dialog).getByRole('heading', { name: 'Vendor charges' })).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Vendor charges' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'VendorVisit dateInvoice numberAmountNotes',
      `Philips Healthcare${formatDate('2026-03-14')}INV-2026-0412€480.00Call-out and replacement of the flow sensor.`,
      `Dräger Service${formatDate('2026-03-20')}—€120.50—`,
      'Total€600.50',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Edit vendor charges' })).toBeInTheDocument();
  });

  it('says when none are recorded, and offers to record them', async () => {
    serveTask(() => detail(none));
    const { dialog } = await openTask('Engineer');
    expect(within(dialog).getByText('No vendor charges recorded.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: 'Vendor charges' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Record vendor charges' })).toBeInTheDocument();
  });

  it('is not there for someone the server gives no costs to (a Technician)', async () => {
    serveTask(() => detail(null));
    const { dialog } = await openTask('Technician');
    expect(within(dialog).getByRole('heading', { name: 'Work record' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Vendor charges' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('No vendor charges recorded.')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /vendor charges/ })).not.toBeInTheDocument();
  });
});

describe('Recording vendor charges', () => {
  it('records a charge picked from the active vendors: the whole list with the version read; the task shows it', async () => {
    let current = detail(none);
    const sent: RecordVendorChargesRequest[] = [];
    const { vendorSearches } = serveTask(() => current);
    apiServer.use(
      http.put(api('/tasks/t1/vendor-charges'), async ({ request }) => {
        sent.push((await request.json()) as RecordVendorChargesRequest);
        const saved: TaskVendorCharges = {
          charges: [
            {
              vendorId: PHILIPS,
              vendorName: 'Philips Healthcare',
              visitDate: '2026-03-14',
              invoiceNumber: 'INV-0412',
              amount: 480.25,
              notes: 'Flow sensor replaced.',
            },
          ],
          total: 480.25,
          currency: 'EUR',
          version: 1,
        };
        current = detail(saved);
        return HttpResponse.json(saved);
      }),
    );
    const { user, dialog } = await openTask('Engineer');
    const form = await openCharges(user, dialog, 'Record vendor charges');
    await fillCharge(user, charge(form, 1), {
      vendor: 'Philips Healthcare',
      visitDate: '2026-03-14',
      invoiceNumber: ' INV-0412 ',
      amount: '480.25',
      notes: 'Flow sensor replaced.',
    });
    expect(vendorSearches.every((query) => /(^|&)status=active(&|$)/.test(query))).toBe(true);
    expect(vendorSearches.some((query) => /(^|&)limit=100(&|$)/.test(query))).toBe(true);
    expect(within(form).getByText('€480.25')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save vendor charges' }));
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        charges: [
          {
            vendorId: PHILIPS,
            visitDate: '2026-03-14',
            invoiceNumber: 'INV-0412',
            amount: 480.25,
            notes: 'Flow sensor replaced.',
          },
        ],
        version: 0,
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Vendor charges saved.');
    const table = await within(dialog).findByRole('table', { name: 'Vendor charges' });
    expect(table).toHaveTextContent('Philips Healthcare');
    expect(table).toHaveTextContent('Total€480.25');
    expect(within(dialog).getByRole('button', { name: 'Edit vendor charges' })).toBeInTheDocument();
  });

  it('refuses a row without its vendor or amount before sending, under each field; a row removed is not sent', async () => {
    const sent: RecordVendorChargesRequest[] = [];
    serveTask(() => detail(twoCharges));
    apiServer.use(
      http.put(api('/tasks/t1/vendor-charges'), async ({ request }) => {
        sent.push((await request.json()) as RecordVendorChargesRequest);
        return HttpResponse.json({ ...twoCharges, version: 5 });
      }),
    );
    const { user, dialog } = await openTask('Engineer');
    const form = await openCharges(user, dialog, 'Edit vendor charges');
    expect(within(charge(form, 1)).getByRole('combobox', { name: /^Vendor/ })).toHaveValue(
      'Philips Healthcare',
    );
    expect(within(charge(form, 2)).getByLabelText(/^Amount/)).toHaveValue('120.50');

    await user.click(within(form).getByRole('button', { name: 'Add a charge' }));
    await user.type(within(charge(form, 3)).getByLabelText(/^Visit date/), '2026-03-21');
    await user.click(within(form).getByRole('button', { name: 'Save vendor charges' }));
    const third = charge(form, 3);
    const vendorField = within(third).getByRole('combobox', { name: /^Vendor/ });
    await waitFor(() => expect(vendorField).toHaveFocus());
    expect(vendorField).toHaveAccessibleDescription('Choose the vendor.');
    expect(within(third).getByLabelText(/^Amount/)).toHaveAccessibleDescription('Amount is required.');
    expect(sent).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Remove charge 3' }));
    await user.click(within(form).getByRole('button', { name: 'Remove charge 1' }));
    await user.click(within(form).getByRole('button', { name: 'Save vendor charges' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      charges: [
        { vendorId: DRAEGER, visitDate: '2026-03-20', invoiceNumber: null, amount: 120.5, notes: null },
      ],
      version: 4,
    });
  });

  it('shows the server’s refusal of a field under that field of its row, and its message above the form', async () => {
    const message = 'Visit date cannot be after today (2026-03-14).';
    serveTask(() => detail(none));
    apiServer.use(
      http.put(api('/tasks/t1/vendor-charges'), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message,
            details: [{ path: 'charges.0.visitDate', message }],
          } satisfies ApiErrorBody,
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await openTask('Engineer');
    const form = await openCharges(user, dialog, 'Record vendor charges');
    await fillCharge(user, charge(form, 1), {
      vendor: 'Dräger Service',
      visitDate: '2026-03-15',
      amount: '75',
    });
    await user.click(within(form).getByRole('button', { name: 'Save vendor charges' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    const visitDate = within(charge(form, 1)).getByLabelText(/^Visit date/);
    expect(visitDate).toHaveAttribute('aria-invalid', 'true');
    expect(visitDate).toHaveAccessibleDescription(message);
    expect(visitDate).toHaveFocus();
    expect(within(charge(form, 1)).getByLabelText(/^Amount/)).toHaveValue('75');
  });

  it('a list changed meanwhile (409) shows the message; the person starts again from the charges as saved now', async () => {
    let current = detail(none);
    serveTask(() => current);
    apiServer.use(
      http.put(api('/tasks/t1/vendor-charges'), () => {
        current = detail(twoCharges);
        return HttpResponse.json(conflict, { status: 409 });
      }),
    );
    const { user, dialog } = await openTask('Engineer');
    const form = await openCharges(user, dialog, 'Record vendor charges');
    await fillCharge(user, charge(form, 1), {
      vendor: 'Philips Healthcare',
      visitDate: '2026-03-15',
      amount: '90',
    });
    await user.click(within(form).getByRole('button', { name: 'Save vendor charges' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(conflict.message);
    // The task is asked again: the form offers to start from what is saved now; what was typed stays meanwhile.
    const restart = await within(form).findByRole('button', { name: 'Start again from the saved charges' });
    expect(within(charge(form, 1)).getByLabelText(/^Amount/)).toHaveValue('90');
    await user.click(restart);
    expect(within(charge(form, 2)).getByRole('combobox', { name: /^Vendor/ })).toHaveValue('Dräger Service');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Escape closes the charges form and leaves the task’s details open', async () => {
    serveTask(() => detail(twoCharges));
    const { user, dialog, onClose } = await openTask('Engineer');
    const form = await openCharges(user, dialog, 'Edit vendor charges');
    await user.click(within(charge(form, 1)).getByLabelText(/^Invoice number/));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit vendor charges' })).toHaveFocus();
  });
});
