import { Writable } from 'node:stream';
import type {
  EquipmentDto,
  InventoryExportPage,
  InventoryExportPageRequest,
  InventoryImportDto,
  InventoryStageBegin,
  InventoryStageRows,
  UserDto,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import { SOURCE_FILE_WORKER } from '@caliber/testing/file-worker-thread';
import type { Response } from 'express';
import type { GatewaySession } from '../auth/session';
import type { GatewayConfig } from '../config';
import { FileWorkers } from '../files/file-workers';
import { loadWorkbook } from '@caliber/file-kit/testing';
import type { EquipmentClient } from './equipment.client';
import { inventoryCsv } from './inventory-csv';
import { hospitalToday } from './inventory-export-cells';
import { InventoryFilesController } from './inventory-files.controller';
import { testDevice } from './inventory-test-devices';

/** A response as the controller writes a file to it: its headers, its bytes, and whether it was cut. */
class WrittenResponse extends Writable {
  readonly headers = new Map<string, string>();
  private readonly chunks: Buffer[] = [];

  constructor() {
    super({
      write: (chunk: Buffer | string, _encoding, done) => {
        this.chunks.push(Buffer.from(chunk));
        done();
      },
    });
  }

  setHeader(name: string, value: string): this {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }

  get body(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

const sessionOf = (role: UserDto['role'], id = 'engineer-1'): GatewaySession => ({
  user: { _id: id, role, name: `${role} One`, serviceNumber: `BME-${id}` } as UserDto,
  sessionId: 'session-1',
  expiresAt: Date.now() + 3_600_000,
});

const devices = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) =>
    testDevice({
      _id: `0f8c1a2b-1c2d-4e5f-8a9b-${String(from + i).padStart(12, '0')}`,
      serialNumber: `SN-${from + i}`,
    }),
  );

/** The equipment service as the routes ask it: export pages from a list, and a staging log. */
class FakeEquipment {
  readonly pageRequests: InventoryExportPageRequest[] = [];
  readonly staged: { begin?: InventoryStageBegin; chunks: InventoryStageRows['rows'][]; discarded: boolean } =
    {
      chunks: [],
      discarded: false,
    };
  /** Set to hold a page back until the test lets it go, or to fail it. */
  hold: ((request: InventoryExportPageRequest) => Promise<void>) | undefined;
  failRows = false;

  constructor(
    private readonly inventory: EquipmentDto[] = [],
    private readonly total = inventory.length,
  ) {}

  async exportPage(
    _session: GatewaySession,
    request: InventoryExportPageRequest,
  ): Promise<InventoryExportPage> {
    this.pageRequests.push(request);
    await this.hold?.(request);
    const start = request.after
      ? this.inventory.findIndex((device) => device._id === request.after?.id) + 1
      : 0;
    const equipment = this.inventory.slice(start, start + (request.limit ?? 500));
    const last = equipment.at(-1);
    const more = start + equipment.length < this.inventory.length;
    return { equipment, total: this.total, next: more && last ? { name: last.name, id: last._id } : null };
  }

  importBegin(_session: GatewaySession, begin: InventoryStageBegin): Promise<{ importId: string }> {
    this.staged.begin = begin;
    return Promise.resolve({ importId: '6b0e0000-0000-4000-8000-000000000001' });
  }

  importRows(_session: GatewaySession, rows: InventoryStageRows): Promise<{ staged: number }> {
    if (this.failRows && this.staged.chunks.length === 1)
      return Promise.reject(
        new ServiceError('SERVICE_UNAVAILABLE', 'The equipment service did not answer in time.'),
      );
    this.staged.chunks.push(rows.rows);
    return Promise.resolve({ staged: rows.rows.length });
  }

  importPreview(_session: GatewaySession, importId: string): Promise<InventoryImportDto> {
    return Promise.resolve({ _id: importId, rows: this.staged.chunks.flat().length } as InventoryImportDto);
  }

  importDiscard(_session: GatewaySession, importId: string): Promise<{ _id: string }> {
    this.staged.discarded = true;
    return Promise.resolve({ _id: importId });
  }
}

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the inventory file routes', () => {
  let workers: FileWorkers;
  const controllerOf = (equipment: FakeEquipment) =>
    new InventoryFilesController(equipment as unknown as EquipmentClient, workers, {
      timeZone: 'Europe/London',
    } as GatewayConfig);
  const exportOf = (
    controller: InventoryFilesController,
    format: 'csv' | 'xlsx',
    session = sessionOf('Technician'),
  ) => {
    const response = new WrittenResponse();
    const filters = {
      q: '',
      department: 'ICU',
      status: '',
      category: '',
      riskClass: '',
      pmProgram: '',
      recall: '',
    } as const;
    const done = controller.export(session, { format, ...filters }, response as unknown as Response);
    return { response, done };
  };

  beforeEach(() => {
    workers = new FileWorkers(SOURCE_FILE_WORKER);
  });
  afterEach(() => workers.onModuleDestroy());

  it('refuses an export of more than 50,000 devices from the first page, before writing anything', async () => {
    const equipment = new FakeEquipment(devices(3), 50_001);
    const { response, done } = exportOf(controllerOf(equipment), 'csv');
    expect(await failureOf(done)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message:
        'The inventory as filtered holds 50,001 devices; one export holds at most 50,000. Filter it (by department, status or category) and export each part.',
    });
    expect([equipment.pageRequests.length, response.headers.size, response.body.length]).toEqual([1, 0, 0]);
  });

  it('streams a CSV export page by page, following the cursor, with the filters asked for', async () => {
    const inventory = devices(1_050);
    const equipment = new FakeEquipment(inventory);
    const { response, done } = exportOf(controllerOf(equipment), 'csv');
    await done;
    expect(response.body.toString('utf8')).toBe(inventoryCsv(inventory, 'Europe/London'));
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="inventory-${hospitalToday('Europe/London')}.csv"`,
      'cache-control': 'private, no-store',
    });
    expect(
      equipment.pageRequests.map((request) => [request.filters?.department, request.after?.id ?? null]),
    ).toEqual([
      ['ICU', null],
      ['ICU', inventory[499]?._id],
      ['ICU', inventory[999]?._id],
    ]);
  });

  it("holds one export per person: a second one meanwhile is 429, someone else's is not held up", async () => {
    const equipment = new FakeEquipment(devices(600));
    let release: () => void = () => undefined;
    equipment.hold = (request) =>
      request.after ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
    const controller = controllerOf(equipment);
    const first = exportOf(controller, 'csv');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await failureOf(exportOf(controller, 'csv').done)).toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'Your previous inventory export is still being written. Wait for it to download, then ask for the next.',
    });
    equipment.hold = undefined;
    const other = exportOf(controller, 'csv', sessionOf('Manager', 'manager-1'));
    await other.done;
    expect(other.response.body.length).toBeGreaterThan(0);
    release();
    await first.done;
    await exportOf(controller, 'csv').done;
  });

  it('cuts the connection when a page fails after the file has begun, so the download fails instead of ending short', async () => {
    const equipment = new FakeEquipment(devices(600));
    equipment.hold = (request) =>
      request.after
        ? Promise.reject(
            new ServiceError('SERVICE_UNAVAILABLE', 'The equipment service did not answer in time.'),
          )
        : Promise.resolve();
    const { response, done } = exportOf(controllerOf(equipment), 'csv');
    await done;
    expect(response.destroyed).toBe(true);
    expect(response.writableFinished).toBe(false);
  });

  it('writes an XLSX export in a file worker from the pages', async () => {
    const equipment = new FakeEquipment(devices(1_001));
    const { response, done } = exportOf(controllerOf(equipment), 'xlsx');
    await done;
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="inventory-${hospitalToday('Europe/London')}.xlsx"`,
    );
    const workbook = await loadWorkbook(response.body);
    const sheet = workbook.getWorksheet('Inventory');
    expect([sheet?.rowCount, sheet?.getRow(1002).getCell(4).value]).toEqual([1_002, 'SN-1000']);
  });

  const FILE = [
    'Name,Manufacturer,Model,Serial Number,Department,Location,Installation Date,Status,Category,Asset Tag',
    ...Array.from(
      { length: 1_201 },
      (_, i) => `Monitor,Mindray,N12,SN-${i},ICU,Bed 3,2021-03-04,Serviceable,Monitor,T-${i}`,
    ),
  ].join('\r\n');
  const upload = {
    fileName: 'inventory.csv',
    content: Buffer.from(FILE).toString('base64'),
    dateOrder: 'auto' as const,
  };

  it('reads an upload in a file worker and stages its rows in chunks of at most 500, then answers the preview', async () => {
    const equipment = new FakeEquipment();
    const preview = await controllerOf(equipment).stage(sessionOf('Engineer'), upload);
    expect(preview).toEqual({ _id: '6b0e0000-0000-4000-8000-000000000001', rows: 1_201 });
    expect(equipment.staged.begin).toEqual({
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
    expect(equipment.staged.chunks.map((chunk) => [chunk.length, chunk[0]?.line])).toEqual([
      [500, 2],
      [500, 502],
      [201, 1_002],
    ]);
  });

  it('discards a half-staged import when staging fails, and says why', async () => {
    const equipment = new FakeEquipment();
    equipment.failRows = true;
    expect(await failureOf(controllerOf(equipment).stage(sessionOf('Admin'), upload))).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(equipment.staged.discarded).toBe(true);
  });

  it("refuses a Technician's or Manager's file before reading it", async () => {
    const equipment = new FakeEquipment();
    for (const role of ['Technician', 'Manager'] as const)
      expect(await failureOf(controllerOf(equipment).stage(sessionOf(role), upload))).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only Engineers and Admins may import equipment.',
      });
    expect([equipment.staged.begin, workers.load.threads]).toEqual([undefined, 0]);
  });
});
