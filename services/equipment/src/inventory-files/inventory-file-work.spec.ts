import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type {
  Actor,
  EquipmentDto,
  HospitalListsDto,
  InventoryExportPage,
  InventoryImportDto,
  InventoryStageBegin,
  InventoryStageRows,
  OutgoingFile,
} from '@caliber/contracts';
import { INVENTORY_EXPORT_COLUMNS_WITH_COSTS } from '@caliber/contracts';
import { loadWorkbook } from '@caliber/file-kit/testing';
import { DiskFileStore, ServiceError } from '@caliber/service-kit';
import { EQUIPMENT_SOURCE_FILE_WORKER } from '@caliber/testing/file-worker-thread';
import type { EquipmentConfig } from '../config';
import { FileWorkers } from '../files/file-workers';
import { inventoryCsv } from './inventory-csv';
import { hospitalToday } from './inventory-export-cells';
import { InventoryFileExports, type FiguresSource } from './inventory-file-exports';
import { InventoryFileImports, type ImportStaging } from './inventory-file-imports';
import type { InventoryPages } from './inventory-pages';
import { testDevice } from './inventory-test-devices';

const actorOf = (role: Actor['role'], id = 'engineer-1'): Actor =>
  ({ _id: id, role, name: `${role} One` }) as Actor;

const devices = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) =>
    testDevice({
      _id: `0f8c1a2b-1c2d-4e5f-8a9b-${String(from + i).padStart(12, '0')}`,
      serialNumber: `SN-${from + i}`,
    }),
  );

type PageRequest = Parameters<InventoryPages['exportPage']>[0];

/** The inventory as the file work reads it: export pages from a list, and a staging log. */
/** Every device's figures as recorded: the same for each, to see them reach a cost reader's file. */
const FIGURES: FiguresSource = {
  byDevice: (ids) =>
    Promise.resolve(
      new Map(
        ids.map((id) => [
          id,
          {
            acquisitionCost: 1250.5,
            purchaseDate: '2020-01-02',
            supplier: 'Medequip',
            supplierId: 'vendor-medequip',
            expectedLifeYears: 8,
            version: 1,
          },
        ]),
      ),
    ),
};

class FakeInventory implements InventoryPages, ImportStaging {
  readonly pageRequests: PageRequest[] = [];
  readonly staged: { begin?: InventoryStageBegin; chunks: InventoryStageRows['rows'][]; discarded: boolean } =
    { chunks: [], discarded: false };
  /** Set to hold a page back until the test lets it go, or to fail it. */
  hold: ((request: PageRequest) => Promise<void>) | undefined;
  failRows = false;

  constructor(
    private readonly inventory: EquipmentDto[] = [],
    private readonly total = inventory.length,
  ) {}

  async exportPage(request: PageRequest): Promise<InventoryExportPage> {
    this.pageRequests.push(request);
    await this.hold?.(request);
    const start = request.after
      ? this.inventory.findIndex((device) => device._id === request.after?.id) + 1
      : 0;
    const equipment = this.inventory.slice(start, start + request.limit);
    const last = equipment.at(-1);
    const more = start + equipment.length < this.inventory.length;
    return { equipment, total: this.total, next: more && last ? { name: last.name, id: last._id } : null };
  }

  begin(_actor: Actor, begin: InventoryStageBegin): Promise<{ importId: string }> {
    this.staged.begin = begin;
    return Promise.resolve({ importId: '6b0e0000-0000-4000-8000-000000000001' });
  }

  stage(_actor: Actor, rows: InventoryStageRows): Promise<{ staged: number }> {
    if (this.failRows && this.staged.chunks.length === 1)
      return Promise.reject(new ServiceError('SERVICE_UNAVAILABLE', 'The database did not answer in time.'));
    this.staged.chunks.push(rows.rows);
    return Promise.resolve({ staged: rows.rows.length });
  }

  preview(_actor: Actor, { importId }: { importId: string }): Promise<InventoryImportDto> {
    return Promise.resolve({ _id: importId, rows: this.staged.chunks.flat().length } as InventoryImportDto);
  }

  discard(_actor: Actor, { importId }: { importId: string }): Promise<{ _id: string }> {
    this.staged.discarded = true;
    return Promise.resolve({ _id: importId });
  }
}

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

const LISTS = { departments: [], categories: [] } as unknown as HospitalListsDto;
const FILTERS = {
  q: '',
  department: 'ICU',
  status: '',
  category: '',
  riskClass: '',
  pmProgram: '',
  recall: '',
} as const;

describe("the inventory's file work in the equipment service", () => {
  let workers: FileWorkers;
  let root: string;
  let store: DiskFileStore;

  beforeEach(async () => {
    workers = new FileWorkers(EQUIPMENT_SOURCE_FILE_WORKER);
    root = await mkdtemp(join(tmpdir(), 'inventory-files-'));
    store = new DiskFileStore(root);
  });
  afterEach(async () => {
    await workers.onModuleDestroy();
    await rm(root, { recursive: true, force: true });
  });

  const exportsOf = (inventory: FakeInventory) =>
    new InventoryFileExports(
      store,
      workers,
      inventory,
      { lists: () => Promise.resolve(LISTS) },
      { timeZone: 'Europe/London' } as EquipmentConfig,
      FIGURES,
    );
  const importsOf = (inventory: FakeInventory) => new InventoryFileImports(store, workers, inventory);
  const storedKeys = async (prefix: string) => (await store.list(prefix)).map((file) => file.key);
  const bytesOf = async (file: OutgoingFile) => {
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.get(file.outgoingKey)) as AsyncIterable<Buffer>)
      chunks.push(chunk);
    return Buffer.concat(chunks);
  };

  it('refuses an export of more than 50,000 devices from the first page, before writing anything', async () => {
    const inventory = new FakeInventory(devices(3), 50_001);
    expect(await failureOf(exportsOf(inventory).export(actorOf('Technician'), 'csv', FILTERS))).toMatchObject(
      {
        code: 'PAYLOAD_TOO_LARGE',
        message:
          'The inventory as filtered holds 50,001 devices; one export holds at most 50,000. Filter it (by department, status or category) and export each part.',
      },
    );
    expect([inventory.pageRequests.length, await storedKeys('outgoing/')]).toEqual([1, []]);
  });

  it('writes a CSV export into the store page by page, following the cursor, with the filters asked for', async () => {
    const devicesOf = devices(1_050);
    const inventory = new FakeInventory(devicesOf);
    const file = await exportsOf(inventory).export(actorOf('Technician'), 'csv', FILTERS);
    expect(file).toEqual({
      outgoingKey: expect.stringMatching(/^outgoing\/[a-f0-9-]{36}$/),
      fileName: `inventory-${hospitalToday('Europe/London')}.csv`,
      bytes: Buffer.byteLength(inventoryCsv(devicesOf, 'Europe/London')),
    });
    expect((await bytesOf(file)).toString('utf8')).toBe(inventoryCsv(devicesOf, 'Europe/London'));
    expect(
      inventory.pageRequests.map((request) => [request.filters?.department, request.after?.id ?? null]),
    ).toEqual([
      ['ICU', null],
      ['ICU', devicesOf[499]?._id],
      ['ICU', devicesOf[999]?._id],
    ]);
  });

  it("holds one export per person: a second one meanwhile is 429, someone else's is not held up", async () => {
    const inventory = new FakeInventory(devices(600));
    let release: () => void = () => undefined;
    inventory.hold = (request) =>
      request.after ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    const exports = exportsOf(inventory);
    const first = exports.export(actorOf('Technician'), 'csv', FILTERS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await failureOf(exports.export(actorOf('Technician'), 'csv', FILTERS))).toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'Your previous inventory export is still being written. Wait for it to download, then ask for the next.',
    });
    inventory.hold = undefined;
    const other = await exports.export(actorOf('Manager', 'manager-1'), 'csv', FILTERS);
    expect(other.bytes).toBeGreaterThan(0);
    release();
    await first;
    await exports.export(actorOf('Technician'), 'csv', FILTERS);
  });

  it('keeps nothing when a page fails after the file has begun, and says why', async () => {
    const inventory = new FakeInventory(devices(600));
    inventory.hold = (request) =>
      request.after
        ? Promise.reject(new ServiceError('SERVICE_UNAVAILABLE', 'The database did not answer in time.'))
        : Promise.resolve();
    expect(await failureOf(exportsOf(inventory).export(actorOf('Technician'), 'csv', FILTERS))).toMatchObject(
      {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database did not answer in time.',
      },
    );
    expect(await storedKeys('outgoing/')).toEqual([]);
  });

  it('writes an XLSX export in a file worker from the pages', async () => {
    const file = await exportsOf(new FakeInventory(devices(1_001))).export(actorOf('Admin'), 'xlsx', FILTERS);
    expect(file.fileName).toBe(`inventory-${hospitalToday('Europe/London')}.xlsx`);
    const sheet = (await loadWorkbook(await bytesOf(file))).getWorksheet('Inventory');
    expect([sheet?.rowCount, sheet?.getRow(1002).getCell(4).value]).toEqual([1_002, 'SN-1000']);
  });

  it("writes a cost reader's export with each page's acquisition figures, and anyone else's without them", async () => {
    const devicesOf = devices(2);
    const withCosts = INVENTORY_EXPORT_COLUMNS_WITH_COSTS;
    const manager = await exportsOf(new FakeInventory(devicesOf)).export(
      actorOf('Manager', 'manager-1'),
      'csv',
      FILTERS,
    );
    const figures = {
      acquisitionCost: 1250.5,
      purchaseDate: '2020-01-02',
      supplier: 'Medequip',
      expectedLifeYears: 8,
    };
    expect((await bytesOf(manager)).toString('utf8')).toBe(
      inventoryCsv(
        devicesOf.map((device) => ({ ...device, acquisition: figures })),
        'Europe/London',
        withCosts,
      ),
    );
    const lines = (await bytesOf(manager)).toString('utf8').split('\r\n');
    expect(lines[0]).toContain(
      ',Category,Acquisition Cost,Purchase Date,Supplier,Expected Life (Years),GTIN,',
    );
    expect(lines[1]).toContain(',1250.50,2020-01-02,Medequip,8,');

    const technician = await exportsOf(new FakeInventory(devicesOf)).export(
      actorOf('Technician'),
      'csv',
      FILTERS,
    );
    expect((await bytesOf(technician)).toString('utf8')).toBe(inventoryCsv(devicesOf, 'Europe/London'));

    const workbook = await exportsOf(new FakeInventory(devicesOf)).export(
      actorOf('Engineer'),
      'xlsx',
      FILTERS,
    );
    const sheet = (await loadWorkbook(await bytesOf(workbook))).getWorksheet('Inventory');
    const cost = withCosts.findIndex((column) => column.header === 'Acquisition Cost') + 1;
    expect([sheet?.getRow(1).getCell(cost).value, sheet?.getRow(2).getCell(cost).value]).toEqual([
      'Acquisition Cost',
      1250.5,
    ]);
  });

  it('gives the acquisition columns in the template only to those who may set them', async () => {
    const exports = exportsOf(new FakeInventory());
    const header = async (role: Actor['role']) =>
      (await bytesOf(await exports.template(actorOf(role), 'csv'))).toString('utf8');
    expect(await header('Admin')).toMatch(
      /,Category,Acquisition Cost \(optional\),Purchase Date \(optional\),Supplier \(optional\),Expected Life \(Years\) \(optional\)\r\n$/,
    );
    for (const role of ['Technician', 'Manager'] as const)
      expect(await header(role)).toMatch(/,Status,Category\r\n$/);
    const sheet = (
      await loadWorkbook(await bytesOf(await exports.template(actorOf('Technician'), 'xlsx')))
    ).getWorksheet('Inventory');
    expect(sheet?.getRow(1).values).not.toContain('Acquisition Cost (optional)');
  });

  it('writes the template into the store, as CSV or as a workbook', async () => {
    const exports = exportsOf(new FakeInventory());
    const csv = await exports.template(actorOf('Engineer'), 'csv');
    expect(csv.fileName).toBe('inventory-template.csv');
    expect((await bytesOf(csv)).toString('utf8')).toMatch(/^\uFEFFName,Manufacturer,/);
    const xlsx = await exports.template(actorOf('Engineer'), 'xlsx');
    expect(xlsx.fileName).toBe('inventory-template.xlsx');
    expect((await loadWorkbook(await bytesOf(xlsx))).getWorksheet('How to fill')).toBeDefined();
  });

  const FILE = [
    'Name,Manufacturer,Model,Serial Number,Department,Location,Installation Date,Status,Category,Asset Tag',
    ...Array.from(
      { length: 1_201 },
      (_, i) => `Monitor,Mindray,N12,SN-${i},ICU,Bed 3,2021-03-04,Serviceable,Monitor,T-${i}`,
    ),
  ].join('\r\n');
  const KEY = 'incoming/5b2d7c1e-0f3a-4c8b-9e6d-1a2b3c4d5e6f';
  const upload = async (text = FILE) => {
    await store.put(KEY, Readable.from([Buffer.from(text)]), { maxBytes: 16 * 1024 * 1024 });
    return { incomingKey: KEY, fileName: 'inventory.csv', dateOrder: 'auto' as const };
  };

  it('reads a stored upload in a file worker, stages its rows in chunks of at most 500, answers the preview, and removes the file', async () => {
    const inventory = new FakeInventory();
    const preview = await importsOf(inventory).stage(actorOf('Engineer'), await upload());
    expect(preview).toEqual({ _id: '6b0e0000-0000-4000-8000-000000000001', rows: 1_201 });
    expect(inventory.staged.begin).toEqual({
      fileName: 'inventory.csv',
      dateOrder: 'auto',
      rows: 1_201,
      columns: {
        name: 1,
        manufacturer: 2,
        model: 3,
        serialNumber: 4,
        department: 5,
        location: 6,
        installationDate: 7,
        status: 8,
        category: 9,
      },
      columnsIgnored: ['Asset Tag'],
    });
    expect(inventory.staged.chunks.map((chunk) => [chunk.length, chunk[0]?.line])).toEqual([
      [500, 2],
      [500, 502],
      [201, 1_002],
    ]);
    expect(await storedKeys('incoming/')).toEqual([]);
  });

  it('discards a half-staged import when staging fails, says why, and removes the file', async () => {
    const inventory = new FakeInventory();
    inventory.failRows = true;
    expect(await failureOf(importsOf(inventory).stage(actorOf('Admin'), await upload()))).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect([inventory.staged.discarded, await storedKeys('incoming/')]).toEqual([true, []]);
  });

  it('refuses a stored file past 8 MB from its size, before reading it', async () => {
    const inventory = new FakeInventory();
    const large = await upload('A'.repeat(8 * 1024 * 1024 + 1));
    expect(await failureOf(importsOf(inventory).stage(actorOf('Engineer'), large))).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The inventory file is larger than 8 MB.',
    });
    expect([workers.load.threads, await storedKeys('incoming/')]).toEqual([0, []]);
  });

  it("refuses a Technician's or Manager's file before reading it, and removes it", async () => {
    const inventory = new FakeInventory();
    for (const role of ['Technician', 'Manager'] as const)
      expect(await failureOf(importsOf(inventory).stage(actorOf(role), await upload()))).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only Engineers and Admins may import equipment.',
      });
    expect([inventory.staged.begin, workers.load.threads, await storedKeys('incoming/')]).toEqual([
      undefined,
      0,
      [],
    ]);
  });
});
