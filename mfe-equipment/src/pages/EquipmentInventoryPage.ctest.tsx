import type {
  ApiErrorBody,
  CreateEquipmentRequest,
  EquipmentDto,
  HospitalListsDto,
  ListEntryDto,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { departmentEntry, renderScreen } from '@caliber/web-testing/harness';
import { TestLiveEvents } from '@caliber/web-testing/live-events';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { devices, equipmentFixture, inventoryPage, staffFixture } from '../utils/equipment.fixture';
import { EquipmentInventoryPage } from './EquipmentInventoryPage';

const technician = staffFixture({ role: 'Technician' });

const category = (name: string): ListEntryDto => ({
  _id: `cat-${name}`,
  kind: 'category',
  name,
  parentId: null,
  retired: false,
  retiredAt: null,
  formerNames: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  version: 1,
});

const refusal = (statusCode: number, message: string, requestId?: string): ApiErrorBody => ({
  statusCode,
  code: statusCode === 503 ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST',
  message,
  ...(requestId ? { requestId } : {}),
});

/** Opens the inline Add Equipment form, with the hospital's categories to choose from. */
async function openAddForm(user: UserEvent) {
  const lists: HospitalListsDto = {
    departments: [departmentEntry('ICU'), departmentEntry('TSEU')],
    categories: [category('Ventilator')],
  };
  apiServer.use(http.get(api('/lists'), () => HttpResponse.json(lists)));
  await user.click(screen.getByRole('button', { name: 'Add Equipment' }));
  const form = screen.getByRole('form', { name: 'Add Equipment' });
  // The hospital lists are asked for once per tab: wait for the categories.
  await within(form).findByRole('option', { name: 'Ventilator' });
  return form;
}

async function fillDevice(user: UserEvent, form: HTMLElement, name: string) {
  const field = (label: string) => within(form).getByLabelText(label);
  await user.type(field('Name'), name);
  await user.type(field('Manufacturer'), 'Hamilton Medical');
  await user.type(field('Model'), 'C6');
  await user.type(field('Serial Number'), `${name}-SN`);
  await user.selectOptions(field('Category'), 'Ventilator');
  await user.selectOptions(field('Department'), 'ICU');
  await user.type(field('Location'), 'ICU Bed 7');
  await user.type(field('Installation Date'), '2024-05-02');
}

describe('Equipment Inventory', () => {
  it('shows loading, then a page of cards with its count lines', async () => {
    apiServer.use(http.get(api('/equipment'), () => HttpResponse.json(inventoryPage(devices(1, 9), 1, 12))));
    await renderScreen(<EquipmentInventoryPage />, { user: technician, path: '/equipment' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading equipment…');
    expect(await screen.findByRole('article', { name: 'Device 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(9);
    expect(
      screen.getByText('12 equipment(s) found in All Departments with status All Statuses'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 1-9 of 12 total')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Equipment pages' })).toBeInTheDocument();
  });

  it('says so when nothing matches, naming the search', async () => {
    const asked: string[] = [];
    apiServer.use(
      http.get(api('/equipment'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(inventoryPage([]));
      }),
    );
    await renderScreen(<EquipmentInventoryPage />, { user: technician, path: '/equipment?q=nothing' });
    expect(await screen.findByText('No equipment found')).toBeInTheDocument();
    expect(
      screen.getByText("Try adjusting your search or filter to find what you're looking for."),
    ).toBeInTheDocument();
    expect(
      screen.getByText('0 equipment(s) found in All Departments with status All Statuses matching "nothing"'),
    ).toBeInTheDocument();
    expect(asked).toEqual(['?page=1&limit=9&q=nothing']);
  });

  it('a server fault is tried twice more, then shown with its reference and Retry, which loads the page', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/equipment'), () => {
        calls += 1;
        if (calls <= 3) return HttpResponse.json(refusal(503, '', 'req-9'), { status: 503 });
        return HttpResponse.json(inventoryPage(devices(1, 2)));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<EquipmentInventoryPage />, { user: technician, path: '/equipment' });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to fetch equipment Reference: req-9');
    expect(calls).toBe(3);
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Device 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refusal is shown at once, not tried again', async () => {
    let calls = 0;
    apiServer.use(
      http.get(api('/equipment'), () => {
        calls += 1;
        return HttpResponse.json(refusal(400, 'department must be a department of this hospital.'), {
          status: 400,
        });
      }),
    );
    await renderScreen(<EquipmentInventoryPage />, { user: technician, path: '/equipment?department=Mars' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'department must be a department of this hospital.',
    );
    expect(calls).toBe(1);
  });

  it('keeps the page shown, and what it was asked for, while the next one loads', async () => {
    apiServer.use(
      http.get(api('/equipment'), async ({ request }) => {
        const number = Number(new URL(request.url).searchParams.get('page'));
        if (number === 2) {
          await delay(150);
          return HttpResponse.json(inventoryPage(devices(10, 3), 2, 12));
        }
        return HttpResponse.json(inventoryPage(devices(1, 9), 1, 12));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<EquipmentInventoryPage />, { user: technician, path: '/equipment' });
    await screen.findByRole('article', { name: 'Device 1' });
    const pager = screen.getByRole('navigation', { name: 'Equipment pages' });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    // Page 1 stays, marked as updating, until page 2 arrives.
    expect(screen.getByRole('article', { name: 'Device 1' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Updating' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1-9 of 12 total')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Device 10' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Device 1' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 10-12 of 12 total')).toBeInTheDocument();
    expect(window.location.search).toBe('?page=2');
  });

  it('follows live events: a changed device at once, an added one on the reload, a deleted one goes', async () => {
    let inventory = devices(1, 2);
    let calls = 0;
    apiServer.use(
      http.get(api('/equipment'), async () => {
        calls += 1;
        // The reloads answer late: what shows before them came from the event itself.
        if (calls > 1) await delay(300);
        return HttpResponse.json(inventoryPage(inventory));
      }),
    );
    const live = new TestLiveEvents();
    await renderScreen(<EquipmentInventoryPage />, { user: technician, path: '/equipment', live });
    const first = await screen.findByRole('article', { name: 'Device 1' });
    expect(within(first).getByText('Serviceable')).toBeInTheDocument();

    const changed: EquipmentDto = { ...(inventory[0] as EquipmentDto), status: 'Unserviceable', version: 2 };
    inventory = [changed, inventory[1] as EquipmentDto, equipmentFixture({ _id: 'e3', name: 'Device 3' })];
    act(() =>
      live.emit('equipment:statusChanged', { equipment: changed, from: 'Serviceable', to: 'Unserviceable' }),
    );
    expect(
      await within(screen.getByRole('article', { name: 'Device 1' })).findByText('Unserviceable'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Device 3' })).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Device 3' })).toBeInTheDocument();
    expect(calls).toBe(2);

    inventory = inventory.filter((item) => item._id !== 'e2');
    act(() => live.emit('equipment:deleted', { _id: 'e2' }));
    // Gone before the reload (which answers after 300 ms) comes back.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Device 2' })).not.toBeInTheDocument(), {
      timeout: 200,
    });
    expect(calls).toBe(3);
  });

  it('Add Equipment: an empty save names the required fields and focuses the first; a save says so and reloads the list', async () => {
    let inventory = devices(1, 1);
    const sent: CreateEquipmentRequest[] = [];
    apiServer.use(
      http.get(api('/equipment'), () => HttpResponse.json(inventoryPage(inventory))),
      http.post(api('/equipment'), async ({ request }) => {
        const body = (await request.json()) as CreateEquipmentRequest;
        sent.push(body);
        const added = equipmentFixture({ _id: 'new', name: body.name, serialNumber: body.serialNumber });
        inventory = [...inventory, added];
        return HttpResponse.json(added, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<EquipmentInventoryPage />, { user: technician, path: '/equipment' });
    await screen.findByRole('article', { name: 'Device 1' });
    const form = await openAddForm(user);
    await user.click(within(form).getByRole('button', { name: 'Save Equipment' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Please fill in all required fields');
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveFocus();
    for (const label of [
      'Name',
      'Serial Number',
      'Manufacturer',
      'Model',
      'Category',
      'Department',
      'Location',
    ])
      expect(within(form).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Installation Date')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Status')).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByLabelText('Warranty Expiry')).not.toHaveAttribute('aria-invalid');
    expect(sent).toEqual([]);
    // Fixed as it is typed.
    await user.type(name, 'x');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.clear(name);

    await fillDevice(user, form, 'Ventilator 7');
    await user.click(within(form).getByRole('button', { name: 'Save Equipment' }));
    expect(await screen.findByText('Equipment added successfully!')).toHaveAttribute('role', 'status');
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(await screen.findByRole('article', { name: 'Ventilator 7' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'Ventilator 7',
        manufacturer: 'Hamilton Medical',
        model: 'C6',
        serialNumber: 'Ventilator 7-SN',
        department: 'ICU',
        location: 'ICU Bed 7',
        installationDate: '2024-05-02',
        warrantyExpiry: null,
        status: 'Serviceable',
        category: 'Ventilator',
        udi: null,
      },
    ]);
  });

  it("Add Equipment: the server's refusal is shown and the form kept; a success that is not 201 is unexpected", async () => {
    let answer: 'refuse' | 'ok' = 'refuse';
    apiServer.use(
      http.get(api('/equipment'), () => HttpResponse.json(inventoryPage(devices(1, 1)))),
      http.post(api('/equipment'), () =>
        answer === 'refuse'
          ? HttpResponse.json(
              refusal(409, 'Serial number Monitor-SN is already in the inventory (Monitor).'),
              { status: 409 },
            )
          : HttpResponse.json({}, { status: 200 }),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<EquipmentInventoryPage />, { user: technician, path: '/equipment' });
    await screen.findByRole('article', { name: 'Device 1' });
    const form = await openAddForm(user);
    await fillDevice(user, form, 'Monitor');
    await user.click(within(form).getByRole('button', { name: 'Save Equipment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Serial number Monitor-SN is already in the inventory (Monitor).',
    );
    expect(within(form).getByLabelText('Name')).toHaveValue('Monitor');

    answer = 'ok';
    await user.click(within(form).getByRole('button', { name: 'Save Equipment' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Unexpected response from server'),
    );
    expect(screen.queryByText('Equipment added successfully!')).not.toBeInTheDocument();
  });

  it('Add Equipment: a read UDI fills the serial number; one whose serial is not the serial number is said on the field, and nothing is sent', async () => {
    const sent: unknown[] = [];
    apiServer.use(
      http.get(api('/equipment'), () => HttpResponse.json(inventoryPage(devices(1, 1)))),
      http.post(api('/equipment'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(equipmentFixture(), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<EquipmentInventoryPage />, { user: technician, path: '/equipment' });
    await screen.findByRole('article', { name: 'Device 1' });
    const form = await openAddForm(user);
    await fillDevice(user, form, 'Pump');
    const serial = within(form).getByLabelText('Serial Number');
    await user.type(within(form).getByLabelText('UDI (optional)'), '(01)04012345678901(21)OTHER{Enter}');
    expect(serial).toHaveValue('OTHER');

    await user.clear(serial);
    await user.type(serial, 'Pump-SN');
    const refusalText = "The serial number Pump-SN is not the UDI's serial (21) OTHER.";
    expect(serial).toHaveAccessibleDescription(refusalText);
    await user.click(within(form).getByRole('button', { name: 'Save Equipment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusalText);
    expect(serial).toHaveFocus();
    expect(sent).toEqual([]);
  });
});
