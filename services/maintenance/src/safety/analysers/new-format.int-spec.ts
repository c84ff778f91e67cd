import type { INestApplication } from '@nestjs/common';
import type { EquipmentDto, Role, SafetyImportApplied, SafetyImportPreview } from '@caliber/contracts';
import { sourceFileWorker } from '@caliber/file-kit/testing';
import { testFileStore } from '@caliber/testing/file-stores';
import { call } from '@caliber/testing/http';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  useSignInStack,
} from '@caliber/testing/stack';
import type { DataSource } from 'typeorm';

/** The maintenance service as released with one analyser format more (its worker entry). */
const WITH_TINY_ANALYSER = sourceFileWorker(
  'services/maintenance/src/safety/analysers/testing/tiny-analyser-worker.fixture.ts',
);

/**
 * A new analyser format ships with the maintenance service alone: the service started with one
 * format more reads it, through the gateway as it is (no module of the gateway names a format).
 */
describe('a new analyser format, released with the maintenance service alone (real stack)', () => {
  const stack = useSignInStack('new-format');
  let equipment: INestApplication;
  let maintenance: INestApplication;
  let rows: DataSource;
  let token = '';
  const serial = `TINY${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    equipment = await startEquipment();
    maintenance = await startMaintenance({}, { fileWorkerThread: WITH_TINY_ANALYSER });
    rows = await equipmentDataSource();
    const staff = await rosterStaff(stack.db, { role: 'Engineer' as Role, preApproved: true });
    token = await signIn(stack.gateway.url, staff.serviceNumber);
  });
  afterAll(async () => {
    await rows.destroy();
    await maintenance.close();
    await equipment.close();
  });

  const send = <T>(path: string, text: string, query: string) =>
    call<T>(stack.gateway.url, 'POST', `/api${path}?fileName=tiny.csv${query}`, {
      token,
      rawBody: text,
      contentType: 'application/octet-stream',
    });

  it('previews and imports a file of the new format through the public routes', async () => {
    const device = await call<EquipmentDto>(stack.gateway.url, 'POST', '/api/equipment', {
      token,
      body: {
        name: 'Infusion pump',
        serialNumber: serial,
        manufacturer: 'B. Braun',
        model: 'Infusomat Space',
        department: 'ICU',
        location: 'Bed 2',
        installationDate: '2024-02-01',
        status: 'Serviceable',
        category: 'Monitor',
      },
    });
    expect(device.status).toBe(201);
    const file = `Tiny Serial,Tiny Date,Tiny Leakage (uA)\n${serial},02/03/2026 10:00,40\n${serial}-NONE,02/03/2026 10:05,40\n`;

    const preview = await send<SafetyImportPreview>('/safety-tests/imports/preview', file, '');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'tiny-analyser',
      formatName: 'Tiny Analyser (a test format)',
      importable: 1,
      refused: 1,
    });
    expect(preview.body.rows.map((row) => [row.line, row.outcome, row.result])).toEqual([
      [2, 'import', 'Pass'],
      [3, 'refused', null],
    ]);

    const applied = await send<SafetyImportApplied>(
      '/safety-tests/imports/apply',
      file,
      '&openRepairTasks=true',
    );
    expect([applied.status, applied.body.imported]).toEqual([200, 1]);
    const kept = (await rows.query(
      `SELECT "source", "result" FROM "maintenance"."safety_tests" WHERE "equipment_serial" = $1`,
      [serial],
    )) as unknown[];
    expect(kept).toEqual([{ source: 'tiny-analyser', result: 'Pass' }]);
    expect(await testFileStore({}).list('incoming/')).toEqual([]);
  });
});
