import type {
  AddVendorRequest,
  ApiErrorBody,
  UpdateVendorRequest,
  Vendor,
  VendorPage,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { renderScreen } from '@caliber/web-testing/harness';
import { personFixture } from '@caliber/web-testing/people';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { engineer } from '../utils/engineer.fixture';
import { VendorsPage } from './VendorsPage';

/** A vendor as the API answers one: Philips, a manufacturer and service provider, unless told. */
function vendorFixture(changes: Partial<Vendor> = {}): Vendor {
  return {
    id: 'v-1',
    name: 'Philips Healthcare',
    kinds: ['manufacturer', 'service'],
    contactName: 'Service desk',
    phone: '+44 20 7946 0321 ext 204',
    email: 'service.uk@philips.example',
    website: 'https://www.philips.example/healthcare',
    notes: 'Field engineer on site within 8 working hours under contract.',
    retired: false,
    retiredAt: null,
    createdAt: '2026-01-12T09:30:00.000Z',
    updatedAt: '2026-05-03T14:02:11.220Z',
    updatedByLabel: 'BME-1001',
    version: 3,
    ...changes,
  };
}

const named = (from: number, count: number) =>
  Array.from({ length: count }, (_, at) =>
    vendorFixture({ id: `v-${from + at}`, name: `Vendor ${from + at}` }),
  );

function pageOf(rows: Vendor[], page = 1, total = rows.length, limit = 50): VendorPage {
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / limit)), limit };
}

const CODES = { 400: 'VALIDATION_FAILED', 409: 'CONFLICT' } as const;
const refusal = (status: keyof typeof CODES, message: string) =>
  HttpResponse.json({ statusCode: status, code: CODES[status], message } satisfies ApiErrorBody, {
    status,
  });

/** Answers the list with `answer(params)` each time, keeping the query strings asked. */
function serveList(answer: (params: URLSearchParams) => VendorPage) {
  const asked: URLSearchParams[] = [];
  apiServer.use(
    http.get(api('/vendors'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(answer(params));
    }),
  );
  return asked;
}

const technician = personFixture({ role: 'Technician' });

describe('Vendors', () => {
  it('shows the vendors with their kinds, contact links and notes, and Add and Edit to an Engineer', async () => {
    serveList(() =>
      pageOf([
        vendorFixture(),
        vendorFixture({
          id: 'v-2',
          name: 'MedSupply Ltd',
          kinds: ['supplier'],
          contactName: null,
          phone: null,
          email: null,
          website: null,
          notes: null,
          retired: true,
          retiredAt: '2026-06-01T10:00:00.000Z',
        }),
      ]),
    );
    await renderScreen(<VendorsPage />, { user: engineer, path: '/equipment/vendors' });
    expect(screen.getByRole('heading', { name: 'Vendors', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText('Manufacturers, suppliers and service providers, with who to call.'),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Vendors' });
    expect(screen.getByText('2 vendors')).toBeInTheDocument();

    const philips = within(list).getByRole('listitem', { name: 'Philips Healthcare' });
    expect(within(philips).getByText('Manufacturer')).toBeInTheDocument();
    expect(within(philips).getByText('Service provider')).toBeInTheDocument();
    expect(within(philips).queryByText('Retired')).not.toBeInTheDocument();
    expect(within(philips).getByText('Service desk')).toBeInTheDocument();
    expect(within(philips).getByRole('link', { name: '+44 20 7946 0321 ext 204' })).toHaveAttribute(
      'href',
      'tel:+442079460321;ext=204',
    );
    expect(within(philips).getByRole('link', { name: 'service.uk@philips.example' })).toHaveAttribute(
      'href',
      'mailto:service.uk@philips.example',
    );
    const website = within(philips).getByRole('link', { name: 'www.philips.example/healthcare' });
    expect(website).toHaveAttribute('href', 'https://www.philips.example/healthcare');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(
      within(philips).getByText('Field engineer on site within 8 working hours under contract.'),
    ).toBeInTheDocument();

    const medSupply = within(list).getByRole('listitem', { name: 'MedSupply Ltd' });
    expect(within(medSupply).getByText('Supplier')).toBeInTheDocument();
    expect(within(medSupply).getByText('Retired')).toBeInTheDocument();
    expect(within(medSupply).getByText('No contact recorded.')).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Add vendor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Philips Healthcare' })).toBeInTheDocument();
  });

  it('a Technician reads the list without Add vendor or Edit', async () => {
    serveList(() => pageOf([vendorFixture()]));
    await renderScreen(<VendorsPage />, { user: technician, path: '/equipment/vendors' });
    await screen.findByRole('listitem', { name: 'Philips Healthcare' });
    expect(screen.queryByRole('button', { name: 'Add vendor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('asks for the active vendors first, then puts the search, kind and status into the request and the address', async () => {
    const asked = serveList((params) => pageOf(params.get('q') === 'phil' ? [vendorFixture()] : named(1, 2)));
    const user = userEvent.setup();
    await renderScreen(<VendorsPage />, { user: engineer, path: '/equipment/vendors' });
    await screen.findByRole('listitem', { name: 'Vendor 1' });
    expect(asked[0]?.toString()).toBe('status=active&page=1');

    await user.type(screen.getByLabelText('Search'), 'phil');
    expect(await screen.findByRole('listitem', { name: 'Philips Healthcare' })).toBeInTheDocument();
    expect(window.location.search).toBe('?q=phil');
    await user.selectOptions(screen.getByLabelText('Kind'), 'service');
    await user.selectOptions(screen.getByLabelText('Status'), 'retired');
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('q=phil&kind=service&status=retired&page=1'));
    expect(window.location.search).toBe('?q=phil&kind=service&status=retired');

    // Active is the plain address, though the request says it: choosing it again takes status out.
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(window.location.search).toBe('?q=phil&kind=service');
    expect(asked.map(String)).toContain('q=phil&kind=service&status=active&page=1');
  });

  it('reads the filters from the address and pages, the page in the address', async () => {
    const asked = serveList((params) =>
      params.get('page') === '2' ? pageOf(named(51, 1), 2, 51) : pageOf(named(1, 50), 1, 51),
    );
    const user = userEvent.setup();
    await renderScreen(<VendorsPage />, {
      user: engineer,
      path: '/equipment/vendors?kind=supplier&status=all',
    });
    await screen.findByRole('listitem', { name: 'Vendor 1' });
    expect(screen.getByLabelText('Kind')).toHaveValue('supplier');
    expect(screen.getByLabelText('Status')).toHaveValue('all');
    expect(asked[0]?.toString()).toBe('kind=supplier&status=all&page=1');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('listitem', { name: 'Vendor 51' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Vendor 1' })).not.toBeInTheDocument();
    expect(window.location.search).toBe('?kind=supplier&status=all&page=2');
    expect(asked.at(-1)?.toString()).toBe('kind=supplier&status=all&page=2');
  });

  it('says so when no vendor matches', async () => {
    serveList(() => pageOf([]));
    await renderScreen(<VendorsPage />, { user: engineer, path: '/equipment/vendors?q=zzz' });
    expect(await screen.findByText('No vendors found')).toBeInTheDocument();
    expect(screen.getByText('None matches the search and filters: try others.')).toBeInTheDocument();
  });

  it('an Engineer adds a vendor: the tidy body is sent and the new vendor shows', async () => {
    let rows: Vendor[] = [];
    serveList(() => pageOf(rows));
    const sent: AddVendorRequest[] = [];
    apiServer.use(
      http.post(api('/vendors'), async ({ request }) => {
        const body = (await request.json()) as AddVendorRequest;
        sent.push(body);
        const added = vendorFixture({
          id: 'v-9',
          name: body.name,
          kinds: body.kinds as Vendor['kinds'],
          contactName: body.contactName ?? null,
          phone: body.phone ?? null,
          email: body.email ?? null,
          website: body.website ?? null,
          notes: body.notes ?? null,
          version: 1,
        });
        rows = [added];
        return HttpResponse.json(added, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<VendorsPage />, { user: engineer, path: '/equipment/vendors' });
    expect(await screen.findByText('No vendors found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add vendor' }));
    const dialog = screen.getByRole('dialog', { name: 'Add vendor' });
    // A new vendor is never added retired.
    expect(within(dialog).queryByLabelText('Retired')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), '  Draeger   Medical  ');
    await user.click(within(dialog).getByLabelText('Service provider'));
    await user.click(within(dialog).getByLabelText('Manufacturer'));
    await user.type(within(dialog).getByLabelText('Contact'), ' Hotline ');
    await user.type(within(dialog).getByLabelText('Phone'), '+49 451 882 0');
    await user.type(within(dialog).getByLabelText('Email'), '   ');
    await user.type(within(dialog).getByLabelText('Website'), 'https://www.draeger.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add vendor' }));

    expect(await screen.findByText('Draeger Medical added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'Draeger Medical',
        kinds: ['manufacturer', 'service'],
        contactName: 'Hotline',
        phone: '+49 451 882 0',
        email: null,
        website: 'https://www.draeger.example',
        notes: null,
      },
    ]);
    expect(await screen.findByRole('listitem', { name: 'Draeger Medical' })).toBeInTheDocument();
  });

  it('refuses what the contract refuses, under its field, and sends nothing', async () => {
    serveList(() => pageOf([]));
    const posts = { count: 0 };
    apiServer.use(
      http.post(api('/vendors'), () => {
        posts.count += 1;
        return HttpResponse.json(vendorFixture(), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<VendorsPage />, { user: engineer, path: '/equipment/vendors' });
    await user.click(await screen.findByRole('button', { name: 'Add vendor' }));
    const dialog = screen.getByRole('dialog', { name: 'Add vendor' });
    await user.type(within(dialog).getByLabelText('Phone'), 'call us');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-address');
    await user.type(within(dialog).getByLabelText('Website'), 'www.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add vendor' }));

    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    expect(
      within(dialog).getByText('Choose what the vendor is: manufacturer, supplier or service provider.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Phone must be a telephone number (digits, spaces, +, brackets and an extension).',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Email must be a valid e-mail address.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Website must be an address starting with https:// or http://.'),
    ).toBeInTheDocument();
    expect(posts.count).toBe(0);

    // A fixed field's message goes as it is fixed.
    await user.type(within(dialog).getByLabelText('Name'), 'Acme');
    await waitFor(() => expect(within(dialog).queryByText('Name is required.')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of a name taken in an alert, keeping the form', async () => {
    serveList(() => pageOf([]));
    apiServer.use(
      http.post(api('/vendors'), () =>
        refusal(
          409,
          'Philips Healthcare is on the list already, retired: restore it rather than adding it again.',
        ),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<VendorsPage />, { user: engineer, path: '/equipment/vendors' });
    await user.click(await screen.findByRole('button', { name: 'Add vendor' }));
    const dialog = screen.getByRole('dialog', { name: 'Add vendor' });
    await user.type(within(dialog).getByLabelText('Name'), 'philips healthcare');
    await user.click(within(dialog).getByLabelText('Supplier'));
    await user.click(within(dialog).getByRole('button', { name: 'Add vendor' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Philips Healthcare is on the list already, retired: restore it rather than adding it again.',
    );
    expect(within(dialog).getByLabelText('Name')).toHaveValue('philips healthcare');
  });

  it('Edit starts from the vendor, sends the whole record with its version, and retiring says so', async () => {
    let current = vendorFixture();
    serveList((params) => pageOf(params.get('status') === 'active' && current.retired ? [] : [current]));
    const sent: UpdateVendorRequest[] = [];
    apiServer.use(
      http.put(api('/vendors/v-1'), async ({ request }) => {
        const body = (await request.json()) as UpdateVendorRequest;
        sent.push(body);
        current = vendorFixture({
          phone: body.phone ?? null,
          retired: body.retired,
          retiredAt: body.retired ? '2026-06-01T10:00:00.000Z' : null,
          version: 4,
        });
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<VendorsPage />, { user: engineer, path: '/equipment/vendors' });
    await user.click(await screen.findByRole('button', { name: 'Edit Philips Healthcare' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Philips Healthcare' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Philips Healthcare');
    expect(within(dialog).getByLabelText('Manufacturer')).toBeChecked();
    expect(within(dialog).getByLabelText('Supplier')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Service provider')).toBeChecked();
    const retired = within(dialog).getByLabelText('Retired');
    expect(retired).not.toBeChecked();
    expect(retired).toHaveAccessibleDescription(
      'A retired vendor is no longer offered for new records and stays on those that name it.',
    );

    const phone = within(dialog).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0999');
    await user.click(retired);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Philips Healthcare retired.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        name: 'Philips Healthcare',
        kinds: ['manufacturer', 'service'],
        contactName: 'Service desk',
        phone: '+44 20 7946 0999',
        email: 'service.uk@philips.example',
        website: 'https://www.philips.example/healthcare',
        notes: 'Field engineer on site within 8 working hours under contract.',
        retired: true,
        version: 3,
      },
    ]);
    // Gone from the active vendors.
    expect(await screen.findByText('No vendors found')).toBeInTheDocument();
  });

  it('a name taken (409) on Edit keeps the draft as typed, with the refusal in an alert', async () => {
    serveList(() => pageOf([vendorFixture()]));
    apiServer.use(
      http.get(api('/vendors/v-1'), () => HttpResponse.json(vendorFixture())),
      http.put(api('/vendors/v-1'), () => refusal(409, 'GE Healthcare is on the list already.')),
    );
    const user = userEvent.setup();
    await renderScreen(<VendorsPage />, { user: engineer, path: '/equipment/vendors' });
    await user.click(await screen.findByRole('button', { name: 'Edit Philips Healthcare' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Philips Healthcare' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'GE Healthcare');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'GE Healthcare is on the list already.',
    );
    expect(name).toHaveValue('GE Healthcare');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('on a stale version (409) shows the message, reloads the vendor into the form and saves with its version', async () => {
    let current = vendorFixture();
    serveList(() => pageOf([current]));
    const sent: UpdateVendorRequest[] = [];
    apiServer.use(
      http.get(api('/vendors/v-1'), () => HttpResponse.json(current)),
      http.put(api('/vendors/v-1'), async ({ request }) => {
        const body = (await request.json()) as UpdateVendorRequest;
        sent.push(body);
        if (body.version !== current.version)
          return refusal(
            409,
            `${current.name} was changed by someone else since you opened it. Reload it and try again.`,
          );
        current = vendorFixture({ ...current, notes: body.notes ?? null, version: current.version + 1 });
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<VendorsPage />, { user: engineer, path: '/equipment/vendors' });
    await user.click(await screen.findByRole('button', { name: 'Edit Philips Healthcare' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Philips Healthcare' });
    const notes = within(dialog).getByLabelText('Notes');
    await user.clear(notes);
    await user.type(notes, 'Account 4471.');

    // Someone else changes the phone meanwhile.
    current = vendorFixture({ phone: '+44 20 7946 0000', version: 4 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Philips Healthcare was changed by someone else since you opened it. Reload it and try again.',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'The form now shows the vendor as it is saved now',
    );
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+44 20 7946 0000');
    expect(notes).toHaveValue('Field engineer on site within 8 working hours under contract.');

    await user.clear(notes);
    await user.type(notes, 'Account 4471.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Philips Healthcare saved.')).toBeInTheDocument();
    expect(sent.map((body) => body.version)).toEqual([3, 4]);
    expect(sent[1]).toMatchObject({ phone: '+44 20 7946 0000', notes: 'Account 4471.' });
    expect(await screen.findByText('Account 4471.')).toBeInTheDocument();
  });
});
