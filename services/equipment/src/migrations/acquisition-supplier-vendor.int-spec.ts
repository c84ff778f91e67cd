import { randomUUID } from 'node:crypto';
import { serviceDataSource } from '@caliber/testing/service-databases';
import type { DataSource } from 'typeorm';
import { AcquisitionSupplierVendor1768000000000 } from './1768000000000-acquisition-supplier-vendor';

/**
 * The migration that makes a device's supplier a vendor, on the real, migrated test database: taken
 * down (the suppliers back to text) and put up again over devices whose suppliers were typed in
 * every spelling; then the previous release's writes of the text and this release's of the vendor
 * are kept together. In one transaction that is rolled back, so the shared database is left as it was.
 */
describe('AcquisitionSupplierVendor1768000000000 (equipment, real PostgreSQL)', () => {
  let db: DataSource;
  beforeAll(async () => {
    db = await serviceDataSource('equipment');
  });
  afterAll(() => db.destroy());

  it('adds each typed supplier to the vendor list once and points every device at its vendor', async () => {
    const migration = new AcquisitionSupplierVendor1768000000000();
    const marker = `MIG${Date.now().toString(36)}`.toUpperCase();
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      const [listed] = (await runner.query(
        `INSERT INTO "equipment"."vendors" ("name", "kinds", "updated_by_label")
         VALUES ($1, ARRAY['manufacturer'], 'test') RETURNING "id"`,
        [`${marker} Listed Medical`],
      )) as { id: string }[];
      await migration.down(runner);
      // Four devices: two spellings of a new supplier (case, runs of spaces), the listed vendor in
      // another case, and none.
      const typed = [
        `${marker} Medequip`,
        ` ${marker.toLowerCase()}   MEDEQUIP `,
        `${marker} listed medical`,
        null,
      ];
      const devices: string[] = [];
      for (const [index, supplier] of typed.entries()) {
        const [device] = (await runner.query(
          `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
                  "location", "installation_date", "status", "category")
           VALUES ('Pump', 'B. Braun', 'Infusomat', $1, 'ICU', 'Bay 1', '2022-01-01', 'Serviceable', 'Infusion Pump')
           RETURNING "id"`,
          [`${marker}-${index}-${randomUUID().slice(0, 8)}`],
        )) as { id: string }[];
        await runner.query(
          `INSERT INTO "equipment"."device_acquisitions" ("equipment_id", "supplier", "updated_by_label")
           VALUES ($1, $2, 'test')`,
          [device?.id, supplier],
        );
        devices.push(device?.id ?? '');
      }
      await migration.up(runner);

      const added = (await runner.query(
        `SELECT "name", "kinds", "updated_by_label" FROM "equipment"."vendors"
          WHERE "name" ILIKE $1 || '%' ORDER BY "name"`,
        [marker],
      )) as { name: string; kinds: string[]; updated_by_label: string }[];
      expect(added).toEqual([
        { name: `${marker} Listed Medical`, kinds: ['manufacturer'], updated_by_label: 'test' },
        // The first spelling in alphabetical order, trimmed; once for both devices.
        { name: `${marker} Medequip`, kinds: ['supplier'], updated_by_label: 'migration' },
      ]);
      const suppliers = (await runner.query(
        `SELECT a."equipment_id", v."name", a."supplier_vendor_id" = $2 AS "listed"
           FROM "equipment"."device_acquisitions" AS a
           LEFT JOIN "equipment"."vendors" AS v ON v."id" = a."supplier_vendor_id"
          WHERE a."equipment_id" = ANY($1::uuid[])`,
        [devices, listed?.id],
      )) as { equipment_id: string; name: string | null; listed: boolean | null }[];
      const byDevice = new Map(suppliers.map((row) => [row.equipment_id, row]));
      expect(devices.map((id) => byDevice.get(id)?.name ?? null)).toEqual([
        `${marker} Medequip`,
        `${marker} Medequip`,
        `${marker} Listed Medical`,
        null,
      ]);
      expect(byDevice.get(devices[2] ?? '')?.listed).toBe(true);

      // The previous release types a name: the row points at its vendor, added when none has it.
      const nameOf = async (device: string | undefined) =>
        (
          (await runner.query(
            `SELECT a."supplier", v."name" AS "vendor", v."updated_by_label"
               FROM "equipment"."device_acquisitions" AS a
               LEFT JOIN "equipment"."vendors" AS v ON v."id" = a."supplier_vendor_id"
              WHERE a."equipment_id" = $1`,
            [device],
          )) as { supplier: string | null; vendor: string | null; updated_by_label: string | null }[]
        )[0];
      await runner.query(
        `UPDATE "equipment"."device_acquisitions" SET "supplier" = $2 WHERE "equipment_id" = $1`,
        [devices[3], `  ${marker}   Typed Later `],
      );
      expect(await nameOf(devices[3])).toEqual({
        supplier: `  ${marker}   Typed Later `,
        vendor: `${marker} Typed Later`,
        updated_by_label: 'previous release',
      });
      // This release points at a vendor: the text follows it, for the previous release to read.
      await runner.query(
        `UPDATE "equipment"."device_acquisitions" SET "supplier_vendor_id" = $2 WHERE "equipment_id" = $1`,
        [devices[3], listed?.id],
      );
      expect(await nameOf(devices[3])).toMatchObject({
        supplier: `${marker} Listed Medical`,
        vendor: `${marker} Listed Medical`,
      });
      await runner.query(
        `UPDATE "equipment"."device_acquisitions" SET "supplier_vendor_id" = NULL WHERE "equipment_id" = $1`,
        [devices[3]],
      );
      expect(await nameOf(devices[3])).toMatchObject({ supplier: null, vendor: null });
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
