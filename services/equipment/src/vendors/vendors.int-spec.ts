import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Role, Vendor, VendorPage } from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  useSignInStack,
} from '@caliber/testing/stack';

/**
 * The vendors through the gateway, against real PostgreSQL, NATS and Redis: who reads and keeps
 * them, one name per vendor whatever its case, the stale-version refusal, retiring and restoring,
 * paging and search, and the audit rows. Every vendor made here carries the suite's marker.
 */
describe('Vendors (real stack)', () => {
  const stack = useSignInStack('vendors');
  const apps: INestApplication[] = [];
  let rows: DataSource;
  const tokens = new Map<Role, string>();
  const marker = `VND${Date.now().toString(36)}`.toUpperCase();

  beforeAll(async () => {
    apps.push(await startEquipment());
    rows = await equipmentDataSource();
    for (const role of ['Technician', 'Engineer', 'Manager', 'Admin'] as Role[]) {
      const staff = await rosterStaff(stack.db, { role, name: `${role} Vendors`, preApproved: true });
      tokens.set(role, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });
  afterAll(async () => {
    await rows.destroy();
    for (const app of apps.reverse()) await app.close();
  });

  const as = (role: Role) => ({
    send: <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
      call<T & { message?: string }>(stack.gateway.url, method, `/api${path}`, {
        token: tokens.get(role),
        ...(body === undefined ? {} : { body }),
      }),
  });
  const add = (role: Role, body: Record<string, unknown>) => as(role).send<Vendor>('POST', '/vendors', body);
  const audit = async (id: string) =>
    (await rows.query(
      `SELECT "action", "actor_label", "changes" FROM "equipment"."audit_log"
        WHERE "entity" = 'vendor' AND "entity_id" = $1 ORDER BY "id"`,
      [id],
    )) as { action: string; actor_label: string; changes: Record<string, { from: unknown; to: unknown }> }[];

  it('adds a vendor as the form sends it, tidied, audited, and read by every member of staff', async () => {
    const added = await add('Manager', {
      name: `  ${marker}   Philips  Healthcare `,
      kinds: ['service', 'manufacturer'],
      contactName: 'Service desk',
      phone: '+44 20 7946 0321 ext 12',
      email: 'service@philips.example',
      website: 'https://www.philips.example',
      notes: 'Account 4471.\r\nLog calls before noon.',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      name: `${marker} Philips Healthcare`,
      kinds: ['manufacturer', 'service'],
      contactName: 'Service desk',
      phone: '+44 20 7946 0321 ext 12',
      email: 'service@philips.example',
      website: 'https://www.philips.example',
      notes: 'Account 4471.\nLog calls before noon.',
      retired: false,
      retiredAt: null,
      version: 1,
    });
    const read = await as('Technician').send<Vendor>('GET', `/vendors/${added.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(added.body);
    const [row] = await audit(added.body.id);
    expect(row).toMatchObject({ action: 'added' });
    expect(row?.changes).toMatchObject({
      name: { from: null, to: `${marker} Philips Healthcare` },
      kinds: { from: null, to: ['manufacturer', 'service'] },
      phone: { from: null, to: '+44 20 7946 0321 ext 12' },
    });
  });

  it('lets Engineers, Managers and Admins keep vendors, and refuses Technicians', async () => {
    const refused = await add('Technician', { name: `${marker} Refused`, kinds: ['supplier'] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only Engineers, Managers and Admins add and change vendors.');
    for (const role of ['Engineer', 'Admin'] as Role[])
      expect((await add(role, { name: `${marker} Kept by ${role}`, kinds: ['supplier'] })).status).toBe(201);
    const page = await as('Technician').send<VendorPage>('GET', `/vendors?q=${marker}%20kept`);
    expect(page.body.rows.map((vendor) => vendor.name)).toEqual([
      `${marker} Kept by Admin`,
      `${marker} Kept by Engineer`,
    ]);
  });

  it('refuses bad input with a message, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: `${marker} No kinds`, kinds: [] }, 'Choose what the vendor is'],
      [{ name: '   ', kinds: ['supplier'] }, 'Name is required.'],
      [{ name: `${marker} Mail`, kinds: ['supplier'], email: 'not-an-address' }, 'Email must be a valid'],
      [{ name: `${marker} Phone`, kinds: ['supplier'], phone: 'call Bob' }, 'Phone must be a telephone'],
      [{ name: `${marker} Site`, kinds: ['supplier'], website: 'javascript:alert(1)' }, 'Website must be'],
      [{ name: `${marker} Odd`, kinds: ['supplier'], discount: 5 }, 'Only name, kinds'],
      [{ name: `${marker} Kind`, kinds: ['broker'] }, 'Each kind must be one of'],
      [{ name: 'x'.repeat(121), kinds: ['supplier'] }, 'Name must have at most 120 characters.'],
    ];
    for (const [body, message] of cases) {
      const answer = await add('Engineer', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    const [{ count }] = (await rows.query(
      `SELECT count(*)::int AS "count" FROM "equipment"."vendors" WHERE "name" LIKE $1`,
      [`${marker} %`],
    )) as [{ count: number }];
    expect(count).toBe(3);
  });

  it('keeps a name to one vendor whatever its case, pointing to the retired one to restore', async () => {
    const first = await add('Engineer', { name: `${marker} Mindray`, kinds: ['manufacturer'] });
    const again = await add('Admin', { name: `${marker} MINDRAY`, kinds: ['supplier'] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${marker} Mindray is on the list already.`);
    const retired = await as('Engineer').send<Vendor>('PUT', `/vendors/${first.body.id}`, {
      name: `${marker} Mindray`,
      kinds: ['manufacturer'],
      retired: true,
      version: 1,
    });
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ retired: true, version: 2 });
    const afterRetiring = await add('Admin', { name: `${marker} mindray`, kinds: ['supplier'] });
    expect(afterRetiring.status).toBe(409);
    expect(afterRetiring.body.message).toBe(
      `${marker} Mindray is on the list already, retired: restore it rather than adding it again.`,
    );
    const other = await add('Engineer', { name: `${marker} Draeger`, kinds: ['manufacturer'] });
    const rename = await as('Engineer').send('PUT', `/vendors/${other.body.id}`, {
      name: `${marker} mindray`,
      kinds: ['manufacturer'],
      retired: false,
      version: 1,
    });
    expect(rename.status).toBe(409);
  });

  it('refuses a stale change, writes nothing for a change of nothing, and audits retiring and restoring', async () => {
    const vendor = (
      await add('Engineer', { name: `${marker} GE`, kinds: ['manufacturer'], phone: '0302 555 100' })
    ).body;
    const same = { name: vendor.name, kinds: vendor.kinds, phone: vendor.phone, retired: false, version: 1 };
    const unchanged = await as('Manager').send<Vendor>('PUT', `/vendors/${vendor.id}`, same);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.version).toBe(1);
    const renamed = await as('Manager').send<Vendor>('PUT', `/vendors/${vendor.id}`, {
      ...same,
      name: `${marker} GE HealthCare`,
      kinds: ['manufacturer', 'service'],
    });
    expect(renamed.body).toMatchObject({
      name: `${marker} GE HealthCare`,
      version: 2,
      phone: '0302 555 100',
    });
    const stale = await as('Admin').send('PUT', `/vendors/${vendor.id}`, { ...same, phone: null });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `${marker} GE HealthCare was changed by someone else since you opened it. Reload it and try again.`,
    );
    const retire = {
      name: `${marker} GE HealthCare`,
      kinds: ['manufacturer', 'service'],
      phone: '0302 555 100',
    };
    await as('Admin').send('PUT', `/vendors/${vendor.id}`, { ...retire, retired: true, version: 2 });
    const restored = await as('Admin').send<Vendor>('PUT', `/vendors/${vendor.id}`, {
      ...retire,
      retired: false,
      version: 3,
    });
    expect(restored.body).toMatchObject({ retired: false, retiredAt: null, version: 4 });
    expect((await audit(vendor.id)).map((row) => [row.action, Object.keys(row.changes).sort()])).toEqual([
      ['added', ['kinds', 'name', 'phone']],
      ['changed', ['kinds', 'name']],
      ['retired', ['retired']],
      ['restored', ['retired']],
    ]);
    const missing = await as('Technician').send('GET', '/vendors/0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No such vendor.');
  });

  it('pages the list by name, by kind and by status, and bounds the page', async () => {
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta'])
      await add('Engineer', {
        name: `${marker} Page ${name}`,
        kinds: name === 'Delta' ? ['service'] : ['supplier'],
      });
    const first = await as('Technician').send<VendorPage>('GET', `/vendors?q=${marker}%20page&limit=3`);
    expect(first.body).toMatchObject({ total: 4, page: 1, pages: 2, limit: 3 });
    expect(first.body.rows.map((vendor) => vendor.name.slice(marker.length + 6))).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
    const second = await as('Technician').send<VendorPage>(
      'GET',
      `/vendors?q=${marker}%20page&limit=3&page=2`,
    );
    expect(second.body.rows.map((vendor) => vendor.name)).toEqual([`${marker} Page Delta`]);
    const services = await as('Technician').send<VendorPage>('GET', `/vendors?q=${marker}&kind=service`);
    expect(services.body.rows.map((vendor) => vendor.name)).toEqual([
      `${marker} GE HealthCare`,
      `${marker} Page Delta`,
      `${marker} Philips Healthcare`,
    ]);
    const retired = await as('Technician').send<VendorPage>('GET', `/vendors?q=${marker}&status=retired`);
    expect(retired.body.rows.map((vendor) => vendor.name)).toEqual([`${marker} Mindray`]);
    const all = await as('Technician').send<VendorPage>('GET', `/vendors?q=${marker}&status=all&limit=100`);
    expect(all.body.total).toBe(10);
    const tooMany = await as('Technician').send('GET', '/vendors?limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('limit must be at most 100.');
  });
});
