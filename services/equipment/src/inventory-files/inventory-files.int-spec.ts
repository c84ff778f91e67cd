import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type {
  EquipmentDto,
  EquipmentListResponse,
  InventoryImportDto,
  InventoryImportRowsPage,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  uniqueServiceNumber,
  useSignInStack,
} from '@caliber/testing/stack';
import { loadWorkbook, sheetXml, workbookDeclaring, workbookWithRows } from '@caliber/file-kit/testing';
import { testFileStore } from '@caliber/testing/file-stores';

const HEADER = 'Name,Manufacturer,Model,Serial Number,Department,Location,Installation Date,Status,Category';

/** An inventory file of these CSV lines under the import's header. */
const csvOf = (lines: readonly string[]) => Buffer.from([HEADER, ...lines].join('\r\n'));

/**
 * The inventory's files through the gateway against the equipment service: the template, an
 * import streamed into the file store, read by the equipment service, staged, previewed, paged and
 * applied (or discarded), who may do what, and the export written by the service and streamed back.
 */
describe('Inventory import, export and template (real stack)', () => {
  // A folder of this suite's own for the files the gateway and the service keep, so what is left
  // in it is this suite's.
  const files = {
    FILE_STORE: 'disk',
    FILES_DIR: join(tmpdir(), `inventory-files-${process.pid}-${Date.now()}`),
  };
  const stack = useSignInStack('inventory-files', files);
  let equipment: INestApplication;
  const tokens: Record<'engineer' | 'otherEngineer' | 'technician' | 'manager', string> = {
    engineer: '',
    otherEngineer: '',
    technician: '',
    manager: '',
  };
  const run = Date.now().toString(36).toUpperCase();
  const serial = (name: string) => `IMP-${run}-${name}`;

  beforeAll(async () => {
    equipment = await startEquipment(files);
    for (const [key, role] of [
      ['engineer', 'Engineer'],
      ['otherEngineer', 'Engineer'],
      ['technician', 'Technician'],
      ['manager', 'Manager'],
    ] as const) {
      const person = await rosterStaff(stack.db, {
        role,
        name: `Inventory ${key}`,
        serviceNumber: uniqueServiceNumber('INV'),
      });
      tokens[key] = await signIn(stack.gateway.url, person.serviceNumber);
    }
  });
  afterAll(async () => {
    await equipment.close();
    await rm(files.FILES_DIR, { recursive: true, force: true });
  });

  const api = <T = Record<string, unknown>>(method: string, path: string, token: string, body?: unknown) =>
    call<T>(stack.gateway.url, method, path, { token, ...(body === undefined ? {} : { body }) });
  /** Sends a file to be staged, as the inventory screen does: the file is the body, its name in the query. */
  const stage = async (token: string, bytes: Buffer, fileName = 'inventory.csv') => {
    const answer = await fetch(
      `${stack.gateway.url}/api/inventory-imports?fileName=${encodeURIComponent(fileName)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(bytes),
      },
    );
    return {
      status: answer.status,
      body: (await answer.json()) as InventoryImportDto & { message?: string },
    };
  };
  /** Files the gateway and the service keep (the disk of this run): none is left after an answer. */
  const store = testFileStore(files);
  const leftovers = async () => [...(await store.list('incoming/')), ...(await store.list('outgoing/'))];
  const download = (path: string, token: string) =>
    fetch(`${stack.gateway.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('gives anyone signed in the template, as CSV or as a workbook with the hospital lists', async () => {
    const csv = await download('/api/equipment/import/template?format=csv', tokens.technician);
    expect([csv.status, csv.headers.get('content-type'), csv.headers.get('content-disposition')]).toEqual([
      200,
      'text/csv; charset=utf-8',
      'attachment; filename="inventory-template.csv"',
    ]);
    // Read as bytes: a text() reading would take the byte-order mark off.
    expect(Buffer.from(await csv.arrayBuffer()).toString('utf8')).toBe(
      '\uFEFFName,Manufacturer,Model,Serial Number,UDI (optional),Department,Location,Installation Date,Warranty Expiry (optional),Status,Category\r\n',
    );
    const xlsx = await download('/api/equipment/import/template', tokens.technician);
    expect([xlsx.status, xlsx.headers.get('content-disposition')]).toEqual([
      200,
      'attachment; filename="inventory-template.xlsx"',
    ]);
    const workbook = await loadWorkbook(new Uint8Array(await xlsx.arrayBuffer()));
    const guide: string[] = [];
    workbook
      .getWorksheet('How to fill')
      ?.eachRow((row) => row.eachCell((cell) => guide.push(String(cell.value))));
    expect(guide).toEqual(expect.arrayContaining(['Departments', 'ICU', 'Categories', 'Monitor']));
    // The service wrote each file into the store; the gateway streamed it and removed it.
    expect(await leftovers()).toEqual([]);
  });

  it('stages a file, previews each row, pages the rows, and applies it: the inventory changes only then', async () => {
    const existing = await api<EquipmentDto>('POST', '/api/equipment', tokens.engineer, {
      name: 'Old Monitor',
      manufacturer: 'Mindray',
      model: 'N12',
      serialNumber: serial('UPD'),
      department: 'ICU',
      location: 'Bed 1',
      installationDate: '2020-01-01',
      status: 'Serviceable',
      category: 'Monitor',
    });
    expect(existing.status).toBe(201);
    const staged = await stage(
      tokens.engineer,
      csvOf([
        `New Pump,B. Braun,Infusomat,${serial('NEW')},ICU,Bay 2,04/03/2021,Serviceable,Monitor`,
        `Broken Row,B. Braun,Infusomat,${serial('BAD')},ICU,Bay 2,2021-03-04,Broken,Monitor`,
        `Old Monitor,Mindray,N12,${serial('UPD')},ICU,Bed 9,2020-01-01,Serviceable,Monitor`,
      ]),
    );
    expect(staged.status).toBe(201);
    expect(staged.body).toMatchObject({
      fileName: 'inventory.csv',
      state: 'previewed',
      rows: 3,
      summary: { add: 1, update: 1, unchanged: 0, refused: 1 },
      columnsIgnored: [],
    });
    const importId = staged.body._id;
    // Nothing is written before Apply.
    const before = await api<EquipmentListResponse>(
      'GET',
      `/api/equipment?q=${serial('NEW')}`,
      tokens.engineer,
    );
    expect(before.body.total).toBe(0);

    const refused = await api<InventoryImportRowsPage>(
      'GET',
      `/api/inventory-imports/${importId}/rows?action=refused`,
      tokens.engineer,
    );
    expect(refused.status).toBe(200);
    expect(refused.body.rows.map((row) => [row.line, row.action, row.serialNumber])).toEqual([
      [3, 'refused', serial('BAD')],
    ]);
    expect(refused.body.rows[0]?.problems[0]?.cell).toBe('H3');
    const updated = await api<InventoryImportRowsPage>(
      'GET',
      `/api/inventory-imports/${importId}/rows?action=update`,
      tokens.engineer,
    );
    expect(updated.body.rows[0]?.changes).toEqual([{ field: 'Location', from: 'Bed 1', to: 'Bed 9' }]);

    // The import is its stager's own.
    expect((await api('GET', `/api/inventory-imports/${importId}`, tokens.otherEngineer)).status).toBe(404);
    expect((await api('POST', `/api/inventory-imports/${importId}/apply`, tokens.otherEngineer)).status).toBe(
      404,
    );

    const applied = await api<InventoryImportDto>(
      'POST',
      `/api/inventory-imports/${importId}/apply`,
      tokens.engineer,
    );
    expect([applied.status, applied.body.state, applied.body.applied]).toEqual([
      200,
      'applied',
      { added: 1, updated: 1 },
    ]);
    const added = await api<EquipmentListResponse>(
      'GET',
      `/api/equipment?q=${serial('NEW')}`,
      tokens.engineer,
    );
    expect(added.body.equipment.map((device) => [device.name, device.installationDate])).toEqual([
      ['New Pump', '2021-03-04'],
    ]);
    const changed = await api<EquipmentDto>('GET', `/api/equipment/${existing.body._id}`, tokens.engineer);
    expect(changed.body.location).toBe('Bed 9');
  });

  it("audits every device an import writes, records its status changes, and moves maintenance's feed", async () => {
    const existing = await api<EquipmentDto>('POST', '/api/equipment', tokens.engineer, {
      name: 'Feed Pump',
      manufacturer: 'B. Braun',
      model: 'Infusomat',
      serialNumber: serial('FEED'),
      department: 'ICU',
      location: 'Bay 1',
      installationDate: '2020-01-01',
      status: 'Serviceable',
      category: 'Monitor',
    });
    expect(existing.status).toBe(201);
    const rows = await equipmentDataSource();
    try {
      const feedOf = async (id: string) =>
        Number(
          (
            (await rows.query(`SELECT "feed_seq" FROM "equipment"."equipment" WHERE "id" = $1`, [id])) as {
              feed_seq: string;
            }[]
          )[0]?.feed_seq,
        );
      const fedBefore = await feedOf(existing.body._id);
      const staged = await stage(
        tokens.engineer,
        csvOf([
          `Feed Pump Renamed,B. Braun,Infusomat,${serial('FEED')},ICU,Bay 1,2020-01-01,Under Maintenance,Monitor`,
          `Feed Monitor,Mindray,N12,${serial('FEED-NEW')},ICU,Bay 2,2021-03-04,Serviceable,Monitor`,
        ]),
      );
      expect(staged.body.summary).toMatchObject({ add: 1, update: 1 });
      const applied = await api<InventoryImportDto>(
        'POST',
        `/api/inventory-imports/${staged.body._id}/apply`,
        tokens.engineer,
      );
      expect(applied.body.applied).toEqual({ added: 1, updated: 1 });
      const added = await api<EquipmentListResponse>(
        'GET',
        `/api/equipment?q=${serial('FEED-NEW')}`,
        tokens.engineer,
      );
      const addedId = added.body.equipment[0]?._id ?? '';
      const source = `inventory.csv (import ${staged.body._id})`;

      const audit = (await rows.query(
        `SELECT "entity_id", "action", "changes", "actor_id", "equipment_id" FROM "equipment"."audit_log"
          WHERE "entity" = 'equipment' AND "entity_id" = ANY($1) AND "changes" ? 'import' ORDER BY "id"`,
        [[existing.body._id, addedId]],
      )) as {
        entity_id: string;
        action: string;
        changes: Record<string, unknown>;
        actor_id: string | null;
        equipment_id: string | null;
      }[];
      // Each row names its device, for the audit viewer's device filter.
      expect(audit.map((row) => [row.entity_id, row.action, row.equipment_id])).toEqual([
        [addedId, 'created', addedId],
        [existing.body._id, 'updated', existing.body._id],
      ]);
      expect(audit.every((row) => row.actor_id !== null)).toBe(true);
      expect(audit[0]?.changes).toMatchObject({
        name: { from: null, to: 'Feed Monitor' },
        serialNumber: { from: null, to: serial('FEED-NEW') },
        import: { from: null, to: source },
      });
      expect(audit[1]?.changes).toEqual({
        name: { from: 'Feed Pump', to: 'Feed Pump Renamed' },
        status: { from: 'Serviceable', to: 'Under Maintenance' },
        import: { from: null, to: source },
      });

      const history = (await rows.query(
        `SELECT "equipment_id", "from_status", "to_status", "reason" FROM "equipment"."status_history"
          WHERE "equipment_id" = ANY($1) ORDER BY "id"`,
        [[existing.body._id, addedId]],
      )) as { equipment_id: string; from_status: string | null; to_status: string; reason: string | null }[];
      expect(history.map((row) => [row.equipment_id, row.from_status, row.to_status, row.reason])).toEqual([
        [existing.body._id, null, 'Serviceable', 'Added to the inventory'],
        [addedId, null, 'Serviceable', 'Added to the inventory by an import'],
        [existing.body._id, 'Serviceable', 'Under Maintenance', 'Changed by an inventory import'],
      ]);

      // Maintenance's copy follows the feed: a renamed device moves on in it, and a new one joins it.
      expect(await feedOf(existing.body._id)).toBeGreaterThan(fedBefore);
      expect(await feedOf(addedId)).toBeGreaterThan(fedBefore);
    } finally {
      await rows.destroy();
    }
  });

  it('writes only what the preview showed: a device changed after the preview keeps its change', async () => {
    const device = await api<EquipmentDto>('POST', '/api/equipment', tokens.engineer, {
      name: 'Held Monitor',
      manufacturer: 'Mindray',
      model: 'N12',
      serialNumber: serial('HELD'),
      department: 'ICU',
      location: 'Bed 1',
      installationDate: '2020-01-01',
      status: 'Serviceable',
      category: 'Monitor',
    });
    expect(device.status).toBe(201);
    const staged = await stage(
      tokens.engineer,
      csvOf([
        `Held Monitor,Mindray,N12,${serial('HELD')},ICU,Bed 1,2020-01-01,Serviceable,Monitor`,
        `Later Pump,B. Braun,Infusomat,${serial('LATER')},ICU,Bay 2,2021-03-04,Serviceable,Monitor`,
      ]),
    );
    expect(staged.body.summary).toMatchObject({ add: 1, unchanged: 1 });
    // After the preview: the monitor is reported out of use, and someone adds the pump by hand.
    const reported = await api('PUT', `/api/equipment/${device.body._id}/status`, tokens.technician, {
      status: 'Unserviceable',
      reason: 'Alarm fails',
    });
    expect(reported.status).toBe(200);
    const byHand = await api('POST', '/api/equipment', tokens.engineer, {
      name: 'Later Pump',
      manufacturer: 'B. Braun',
      model: 'Infusomat',
      serialNumber: serial('LATER'),
      department: 'ICU',
      location: 'Bay 3',
      installationDate: '2021-03-04',
      status: 'Serviceable',
      category: 'Monitor',
    });
    expect(byHand.status).toBe(201);

    const applied = await api<InventoryImportDto>(
      'POST',
      `/api/inventory-imports/${staged.body._id}/apply`,
      tokens.engineer,
    );
    expect(applied.status).toBe(200);
    expect(applied.body.applied).toEqual({ added: 0, updated: 0 });
    expect(applied.body.summary).toMatchObject({ refused: 2 });
    const rows = await api<InventoryImportRowsPage>(
      'GET',
      `/api/inventory-imports/${staged.body._id}/rows?action=refused`,
      tokens.engineer,
    );
    expect(rows.body.rows.map((row) => row.problems.at(-1)?.message)).toEqual([
      `Someone changed the device with serial number ${serial('HELD')} after the preview: upload the file again to see what this row would change now.`,
      `A device with serial number ${serial('LATER')} was added to the inventory after the preview: upload the file again to see what this row would change.`,
    ]);
    const monitor = await api<EquipmentDto>('GET', `/api/equipment/${device.body._id}`, tokens.engineer);
    expect(monitor.body.status).toBe('Unserviceable');
  });

  it('holds at most 20 open imports in the hospital, and forgets an upload whose staging broke off', async () => {
    const rows = await equipmentDataSource();
    try {
      // Twenty imports of others waiting to be applied, and one whose upload broke off an hour ago.
      await rows.query(
        `INSERT INTO "equipment"."import_batches" ("owner_id", "file_name", "date_order_asked", "columns",
                "columns_ignored", "expected_rows", "state", "expires_at")
         SELECT gen_random_uuid(), 'other.csv', 'auto', '{}', '[]', 1, 'previewed', now() + interval '1 day'
           FROM generate_series(1, 20)`,
      );
      await rows.query(
        `INSERT INTO "equipment"."import_batches" ("owner_id", "file_name", "date_order_asked", "columns",
                "columns_ignored", "expected_rows", "state", "created_at", "expires_at")
         VALUES (gen_random_uuid(), 'broken.csv', 'auto', '{}', '[]', 5, 'staging', now() - interval '1 hour',
                 now() + interval '23 hours')`,
      );
      const full = await stage(
        tokens.otherEngineer,
        csvOf([`Pump,B. Braun,Infusomat,${serial('FULL')},ICU,Bay 2,2021-03-04,Serviceable,Monitor`]),
      );
      expect(full.status).toBe(503);
      expect(full.body.message).toMatch(/^20 inventory imports are waiting to be applied or discarded/);
      const [broken] = (await rows.query(
        `SELECT count(*)::int AS "left" FROM "equipment"."import_batches" WHERE "file_name" = 'broken.csv'`,
      )) as { left: number }[];
      expect(broken?.left).toBe(0);
    } finally {
      await rows.query(`DELETE FROM "equipment"."import_batches" WHERE "file_name" = 'other.csv'`);
      await rows.destroy();
    }
    const room = await stage(
      tokens.otherEngineer,
      csvOf([`Pump,B. Braun,Infusomat,${serial('ROOM')},ICU,Bay 2,2021-03-04,Serviceable,Monitor`]),
    );
    expect(room.status).toBe(201);
    await api('DELETE', `/api/inventory-imports/${room.body._id}`, tokens.otherEngineer);
  });

  it('reads an upload only from someone signed in: a large body without a valid token is 401 unread', async () => {
    // Larger than the file's limit: read first, it would be answered 413.
    const body = Buffer.alloc(12 * 1024 * 1024, 0x41);
    for (const [authorization, message] of [
      [undefined, 'Sign in to continue.'],
      ['Bearer not-a-token', 'Your session is not valid. Please sign in again.'],
    ] as const) {
      const answer = await fetch(`${stack.gateway.url}/api/inventory-imports?fileName=inventory.csv`, {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          ...(authorization ? { authorization } : {}),
        },
        body,
      });
      expect([answer.status, ((await answer.json()) as { message: string }).message]).toEqual([401, message]);
    }
  });

  it('discards a staged import: it is gone, and nothing was written', async () => {
    const staged = await stage(
      tokens.engineer,
      csvOf([`Discarded,Mindray,N12,${serial('DISC')},ICU,Bed 3,2021-03-04,Serviceable,Monitor`]),
    );
    expect(staged.status).toBe(201);
    const discarded = await api('DELETE', `/api/inventory-imports/${staged.body._id}`, tokens.engineer);
    expect([discarded.status, discarded.body]).toEqual([200, { _id: staged.body._id }]);
    expect((await api('GET', `/api/inventory-imports/${staged.body._id}`, tokens.engineer)).status).toBe(404);
    const list = await api<EquipmentListResponse>(
      'GET',
      `/api/equipment?q=${serial('DISC')}`,
      tokens.engineer,
    );
    expect(list.body.total).toBe(0);
  });

  it("refuses a Technician's file before reading it, a zip bomb included", async () => {
    const bomb = workbookDeclaring(sheetXml([[HEADER]]), 1024 * 1024 * 1024);
    const answer = await stage(tokens.technician, bomb, 'inventory.xlsx');
    expect([answer.status, answer.body.message]).toEqual([
      403,
      'Only Engineers and Admins may import equipment.',
    ]);
    // An Engineer's zip bomb is refused from its ZIP directory, by the equipment service.
    const engineers = await stage(tokens.engineer, bomb, 'inventory.xlsx');
    expect([engineers.status, engineers.body.message]).toEqual([
      413,
      'The inventory file unpacks to 1,024.0 MB; an inventory workbook may unpack to at most 96 MB (enough for 20,000 devices in many columns).',
    ]);
    expect(await leftovers()).toEqual([]);
  });

  it('stages a large file in chunks, and refuses one past the row cap or the size', async () => {
    const lines = Array.from(
      { length: 2_000 },
      (_, i) =>
        `Bulk Monitor ${i},Mindray,N12,${serial(`BULK-${i}`)},ICU,Bed ${i},2021-03-04,Serviceable,Monitor`,
    );
    const staged = await stage(tokens.engineer, csvOf(lines));
    expect([staged.status, staged.body.rows, staged.body.summary.add]).toEqual([201, 2_000, 2_000]);
    await api('DELETE', `/api/inventory-imports/${staged.body._id}`, tokens.engineer);

    const farDown = await workbookWithRows(HEADER.split(','), { 1_048_576: ['Last'] });
    const capped = await stage(tokens.engineer, farDown, 'inventory.xlsx');
    expect([capped.status, capped.body.message]).toEqual([
      400,
      'An inventory file may hold at most 20,000 devices, on rows 2 to 20,001; this one has a row 1,048,576. Empty rows count too: delete the rows below the inventory.',
    ]);
    // Past 8 MB the gateway cuts the body off as it arrives, and keeps nothing of it.
    const large = await stage(tokens.engineer, Buffer.alloc(8 * 1024 * 1024 + 3, 0x41));
    expect([large.status, large.body.message]).toEqual([
      413,
      'The file is larger than 8 MB, the most its purpose takes.',
    ]);
    expect(await leftovers()).toEqual([]);
    // A name the import cannot read is refused before any byte is kept.
    const named = await stage(tokens.engineer, csvOf([]), 'inventory.txt');
    expect([named.status, named.body.message]).toEqual([400, 'The inventory file must be .xlsx or .csv.']);
  });

  it('exports the inventory as filtered, as CSV and as a workbook, to anyone signed in', async () => {
    const csv = await download(`/api/equipment/export?format=csv&q=${serial('NEW')}`, tokens.technician);
    expect([csv.status, csv.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = Buffer.from(await csv.arrayBuffer())
      .toString('utf8')
      .split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFName,Manufacturer,Model,Serial Number,UDI,/);
    expect(lines.slice(1, -1).map((line) => line.split(',')[3])).toEqual([serial('NEW')]);

    const xlsx = await download(`/api/equipment/export?q=${serial('NEW')}`, tokens.technician);
    expect(xlsx.headers.get('content-disposition')).toMatch(
      /^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = await loadWorkbook(new Uint8Array(await xlsx.arrayBuffer()));
    const sheet = workbook.getWorksheet('Inventory');
    expect([sheet?.rowCount, sheet?.getRow(2).getCell(4).value]).toEqual([2, serial('NEW')]);
    expect((await api('GET', '/api/equipment/export?format=pdf', tokens.technician)).status).toBe(400);
    expect(await leftovers()).toEqual([]);
  });

  it('exports devices whose texts are long and not Latin: a page of them never outgrows the bus', async () => {
    // 600 devices whose texts fill their columns with characters of three bytes each: about 2.7 KB
    // of JSON a device, so 500 of them are more than the 1 MiB one NATS answer may carry.
    const tag = `LONG${run}`;
    const wide = (length: number) => '語'.repeat(length);
    const rows = await equipmentDataSource();
    try {
      await rows.query(
        `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
                "location", "installation_date", "status", "category", "created_by_id", "created_by_name",
                "updated_by_id", "updated_by_name")
         SELECT $1 || ' ' || lpad(i::text, 4, '0') || ' ' || $2, $3, $3, $1 || '-' || i, 'ICU', $3,
                '2021-03-04', 'Serviceable', 'Monitor', gen_random_uuid(), $3, gen_random_uuid(), $3
           FROM generate_series(1, 600) AS i`,
        [tag, wide(100), wide(120)],
      );
    } finally {
      await rows.destroy();
    }
    const csv = await download(`/api/equipment/export?format=csv&q=${tag}`, tokens.technician);
    expect(csv.status).toBe(200);
    const lines = Buffer.from(await csv.arrayBuffer())
      .toString('utf8')
      .split('\r\n')
      .slice(1, -1);
    expect(lines).toHaveLength(600);
    expect(new Set(lines.map((line) => line.split(',')[3])).size).toBe(600);
    const xlsx = await download(`/api/equipment/export?q=${tag}`, tokens.technician);
    expect(xlsx.status).toBe(200);
    const sheet = (await loadWorkbook(new Uint8Array(await xlsx.arrayBuffer()))).getWorksheet('Inventory');
    expect(sheet?.rowCount).toBe(601);
  });

  describe('acquisition figures', () => {
    const FIGURES_HEADER = `${HEADER},Acquisition Cost,Purchase Date,Supplier,Expected Life (Years)`;
    /** An inventory file of these CSV lines under the import's header and the acquisition columns. */
    const withFigures = (lines: readonly string[]) => Buffer.from([FIGURES_HEADER, ...lines].join('\r\n'));
    const device = (name: string, serialNumber: string) =>
      api<EquipmentDto>('POST', '/api/equipment', tokens.engineer, {
        name,
        manufacturer: 'Mindray',
        model: 'N12',
        serialNumber,
        department: 'ICU',
        location: 'Bed 1',
        installationDate: '2020-01-01',
        status: 'Serviceable',
        category: 'Monitor',
      });
    /** The suppliers the files name: vendors of the list, named for this run (the list is shared). */
    const medequip = `Medequip ${run}, Ltd`;
    const other = `Medequip ${run} Trading`;
    beforeAll(async () => {
      for (const name of [medequip, other]) {
        const added = await api('POST', '/api/vendors', tokens.engineer, { name, kinds: ['supplier'] });
        expect(added.status).toBe(201);
      }
    });
    interface Figures {
      equipment_id: string;
      acquisition_cost: string | null;
      purchase_date: string | null;
      supplier: string | null;
      expected_life_years: number | null;
      version: number;
    }
    const figuresOf = async (ids: readonly string[]) => {
      const rows = await equipmentDataSource();
      try {
        return (await rows.query(
          `SELECT "equipment_id", "acquisition_cost"::text AS "acquisition_cost",
                  "purchase_date"::text AS "purchase_date", v."name" AS "supplier", "expected_life_years", a."version"
             FROM "equipment"."device_acquisitions" AS a
             LEFT JOIN "equipment"."vendors" AS v ON v."id" = a."supplier_vendor_id"
            WHERE "equipment_id" = ANY($1) ORDER BY "acquisition_cost"`,
          [ids],
        )) as Figures[];
      } finally {
        await rows.destroy();
      }
    };
    const auditOf = async (ids: readonly string[]) => {
      const rows = await equipmentDataSource();
      try {
        return (await rows.query(
          `SELECT "entity_id", "action", "changes" FROM "equipment"."audit_log"
            WHERE "entity_id" = ANY($1) AND "action" = 'acquisition-changed' ORDER BY "id"`,
          [ids],
        )) as { entity_id: string; action: string; changes: Record<string, unknown> }[];
      } finally {
        await rows.destroy();
      }
    };
    const apply = (importId: string) =>
      api<InventoryImportDto>('POST', `/api/inventory-imports/${importId}/apply`, tokens.engineer);
    const rowsOf = async (importId: string, action: string) =>
      (
        await api<InventoryImportRowsPage>(
          'GET',
          `/api/inventory-imports/${importId}/rows?action=${action}`,
          tokens.engineer,
        )
      ).body.rows;
    const csvExport = async (token: string, q: string) =>
      Buffer.from(await (await download(`/api/equipment/export?format=csv&q=${q}`, token)).arrayBuffer())
        .toString('utf8')
        .split('\r\n');
    /** Devices whose figures the tests below write: FIG-NEW added with them, FIG-UPD given them. */
    const ids: { added: string; updated: string } = { added: '', updated: '' };

    it('gives the template its acquisition columns for those who may set them', async () => {
      const csv = await download('/api/equipment/import/template?format=csv', tokens.engineer);
      expect(Buffer.from(await csv.arrayBuffer()).toString('utf8')).toMatch(
        /,Category,Acquisition Cost \(optional\),Purchase Date \(optional\),Supplier \(optional\),Expected Life \(Years\) \(optional\)\r\n$/,
      );
      const manager = await download('/api/equipment/import/template?format=csv', tokens.manager);
      expect(Buffer.from(await manager.arrayBuffer()).toString('utf8')).toMatch(/,Status,Category\r\n$/);
    });

    it("imports a device's figures with it, audited as the acquisition card's change; the device's own record is left alone", async () => {
      const existing = await device('Figures Monitor', serial('FIG-UPD'));
      expect(existing.status).toBe(201);
      ids.updated = existing.body._id;
      const staged = await stage(
        tokens.engineer,
        withFigures([
          `Figures Pump,B. Braun,Infusomat,${serial('FIG-NEW')},ICU,Bay 2,2021-03-04,Serviceable,Monitor,"48,500.50",01/02/2021,"${medequip.toUpperCase()}",10`,
          `Figures Monitor,Mindray,N12,${serial('FIG-UPD')},ICU,Bed 1,2020-01-01,Serviceable,Monitor,1200,,,`,
        ]),
      );
      expect(staged.status).toBe(201);
      expect(staged.body.summary).toMatchObject({ add: 1, update: 1, refused: 0 });
      expect(staged.body.columnsRead).toEqual(
        expect.arrayContaining(['Acquisition Cost', 'Expected Life (Years)']),
      );
      expect((await rowsOf(staged.body._id, 'update'))[0]?.changes).toEqual([
        { field: 'Acquisition Cost', from: '', to: '1200.00' },
      ]);
      expect(await figuresOf([ids.updated])).toEqual([]);

      const applied = await apply(staged.body._id);
      expect([applied.status, applied.body.applied]).toEqual([200, { added: 1, updated: 1 }]);
      const added = await api<EquipmentListResponse>(
        'GET',
        `/api/equipment?q=${serial('FIG-NEW')}`,
        tokens.engineer,
      );
      ids.added = added.body.equipment[0]?._id ?? '';
      expect(await figuresOf([ids.added, ids.updated])).toEqual([
        {
          equipment_id: ids.updated,
          acquisition_cost: '1200.00',
          purchase_date: null,
          supplier: null,
          expected_life_years: null,
          version: 1,
        },
        {
          equipment_id: ids.added,
          acquisition_cost: '48500.50',
          purchase_date: '2021-02-01',
          supplier: medequip,
          expected_life_years: 10,
          version: 1,
        },
      ]);
      // Only the figures changed: the device's record keeps its version.
      const monitor = await api<EquipmentDto>('GET', `/api/equipment/${ids.updated}`, tokens.engineer);
      expect(monitor.body.version).toBe(existing.body.version);
      const source = { from: null, to: `inventory.csv (import ${staged.body._id})` };
      expect(await auditOf([ids.added, ids.updated])).toEqual([
        {
          entity_id: ids.added,
          action: 'acquisition-changed',
          changes: {
            acquisitionCost: { from: null, to: 48500.5 },
            purchaseDate: { from: null, to: '2021-02-01' },
            supplier: { from: null, to: medequip },
            expectedLifeYears: { from: null, to: 10 },
            import: source,
          },
        },
        {
          entity_id: ids.updated,
          action: 'acquisition-changed',
          changes: { acquisitionCost: { from: null, to: 1200 }, import: source },
        },
      ]);
    });

    it('refuses a supplier the vendor list does not have, suggesting the vendor meant', async () => {
      const misspelt = medequip.replace('Ltd', 'Ldt');
      const staged = await stage(
        tokens.engineer,
        withFigures([
          `Figures Scale,Seca,874,${serial('FIG-BAD')},ICU,Bay 3,2021-03-04,Serviceable,Monitor,900,,"${misspelt}",`,
        ]),
      );
      expect(staged.status).toBe(201);
      expect(staged.body.summary).toMatchObject({ add: 0, refused: 1 });
      const problems = (await rowsOf(staged.body._id, 'refused'))[0]?.problems ?? [];
      expect(problems).toMatchObject([{ cell: 'L2', column: 'Supplier' }]);
      // The list is shared with other runs' vendors: the one meant comes first.
      expect(problems[0]?.message).toContain(
        `Supplier "${misspelt}" is not on the vendor list: choose one that is, or add it under Vendors first. Did you mean "${medequip}"`,
      );
    });

    it('exports the figures only to those who read costs, and a Technician its export as before', async () => {
      const technician = await csvExport(tokens.technician, serial('FIG-'));
      expect(technician[0]).toMatch(/,Status,Category,GTIN,/);
      expect(technician.join('\n')).not.toContain('48500.50');

      const manager = await csvExport(tokens.manager, serial('FIG-'));
      expect(manager[0]).toMatch(
        /,Category,Acquisition Cost,Purchase Date,Supplier,Expected Life \(Years\),GTIN,/,
      );
      expect(manager.find((line) => line.includes(serial('FIG-NEW')))).toContain(
        `,48500.50,2021-02-01,"${medequip}",10,`,
      );
      expect(manager.find((line) => line.includes(serial('FIG-UPD')))).toContain(',1200.00,,,,');

      const xlsx = await download(`/api/equipment/export?q=${serial('FIG-NEW')}`, tokens.manager);
      const sheet = (await loadWorkbook(new Uint8Array(await xlsx.arrayBuffer()))).getWorksheet('Inventory');
      const header = (sheet?.getRow(1).values ?? []) as unknown[];
      const cost = header.indexOf('Acquisition Cost');
      expect([sheet?.getRow(2).getCell(cost).value, sheet?.getRow(2).getCell(cost + 3).value]).toEqual([
        48500.5, 10,
      ]);
    });

    it('takes back its own export, as CSV or as a workbook, as changing nothing', async () => {
      const auditBefore = (await auditOf([ids.added, ids.updated])).length;
      const csv = await download(`/api/equipment/export?format=csv&q=${serial('FIG-')}`, tokens.engineer);
      const fromCsv = await stage(tokens.engineer, Buffer.from(await csv.arrayBuffer()), 'export.csv');
      expect([fromCsv.status, fromCsv.body.summary]).toEqual([
        201,
        { add: 0, update: 0, unchanged: 2, refused: 0 },
      ]);
      const xlsx = await download(`/api/equipment/export?q=${serial('FIG-')}`, tokens.engineer);
      const fromXlsx = await stage(tokens.engineer, Buffer.from(await xlsx.arrayBuffer()), 'export.xlsx');
      expect([fromXlsx.status, fromXlsx.body.summary]).toEqual([
        201,
        { add: 0, update: 0, unchanged: 2, refused: 0 },
      ]);
      expect((await apply(fromXlsx.body._id)).body.applied).toEqual({ added: 0, updated: 0 });
      expect((await figuresOf([ids.added, ids.updated])).map((row) => row.version)).toEqual([1, 1]);
      expect(await auditOf([ids.added, ids.updated])).toHaveLength(auditBefore);

      // A Technician's export has no cost columns: imported, it leaves every figure as it is.
      const plain = await download(`/api/equipment/export?format=csv&q=${serial('FIG-')}`, tokens.technician);
      const fromPlain = await stage(tokens.engineer, Buffer.from(await plain.arrayBuffer()), 'plain.csv');
      expect(fromPlain.body.summary).toEqual({ add: 0, update: 0, unchanged: 2, refused: 0 });
      await api('DELETE', `/api/inventory-imports/${fromPlain.body._id}`, tokens.engineer);
    });

    it('refuses a bad figure in its cell and writes nothing of its row', async () => {
      const staged = await stage(
        tokens.engineer,
        withFigures([
          `Figures Monitor,Mindray,N12,${serial('FIG-UPD')},ICU,Bed 7,2020-01-01,Serviceable,Monitor,GHS 1200,2999-01-01,,ten`,
          `Bad Cost Pump,B. Braun,Infusomat,${serial('FIG-BAD')},ICU,Bay 2,2021-03-04,Serviceable,Monitor,-5,,,51`,
        ]),
      );
      expect([staged.status, staged.body.summary]).toEqual([
        201,
        { add: 0, update: 0, unchanged: 0, refused: 2 },
      ]);
      const refused = await rowsOf(staged.body._id, 'refused');
      expect(refused.map((row) => row.problems.map(({ cell, message }) => [cell, message]))).toEqual([
        [
          [
            'J2',
            'Acquisition Cost "GHS 1200" is not an amount: write the number alone, such as 48500.00, in the hospital currency and without a currency sign.',
          ],
          [
            'K2',
            expect.stringMatching(
              /^Purchase Date 2999-01-01 is in the future: today is \d{4}-\d{2}-\d{2} at the hospital\.$/,
            ),
          ],
          ['M2', 'Expected Life (Years) "ten" is not a number: write the whole years, such as 10.'],
        ],
        [
          ['J3', 'Acquisition Cost cannot be negative.'],
          ['M3', 'Expected Life (Years) must be at most 50.'],
        ],
      ]);
      expect((await apply(staged.body._id)).body.applied).toEqual({ added: 0, updated: 0 });
      const monitor = await api<EquipmentDto>('GET', `/api/equipment/${ids.updated}`, tokens.engineer);
      expect(monitor.body.location).toBe('Bed 1');
      expect((await figuresOf([ids.updated]))[0]?.acquisition_cost).toBe('1200.00');
    });

    it("refuses at Apply a row whose device's figures someone changed after the preview", async () => {
      const staged = await stage(
        tokens.engineer,
        withFigures([
          `Figures Monitor,Mindray,N12,${serial('FIG-UPD')},ICU,Bed 1,2020-01-01,Serviceable,Monitor,1300,,,`,
        ]),
      );
      expect(staged.body.summary).toMatchObject({ update: 1 });
      // Meanwhile, someone records the supplier on the device's page.
      const rows = await equipmentDataSource();
      try {
        await rows.query(
          `UPDATE "equipment"."device_acquisitions"
              SET "supplier_vendor_id" = (SELECT "id" FROM "equipment"."vendors" WHERE "name" = $2),
                  "version" = "version" + 1
            WHERE "equipment_id" = $1`,
          [ids.updated, other],
        );
      } finally {
        await rows.destroy();
      }
      const applied = await apply(staged.body._id);
      expect([applied.status, applied.body.applied, applied.body.summary.refused]).toEqual([
        200,
        { added: 0, updated: 0 },
        1,
      ]);
      expect((await rowsOf(staged.body._id, 'refused'))[0]?.problems.at(-1)?.message).toBe(
        `Someone changed the acquisition figures of the device with serial number ${serial('FIG-UPD')} after the preview: upload the file again to see what this row would change now.`,
      );
      expect(await figuresOf([ids.updated])).toMatchObject([
        { acquisition_cost: '1200.00', supplier: other },
      ]);
    });
  });
});
