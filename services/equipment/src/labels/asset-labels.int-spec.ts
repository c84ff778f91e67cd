import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import {
  ASSET_LABELS_MAX,
  labelLayout,
  type CreateEquipmentRequest,
  type EquipmentDto,
  type LabelLayoutId,
} from '@caliber/contracts';
import { call } from '@caliber/testing/http';
import { decode, endReadBack, pageCount, pageText, renderPage, save, startReadBack } from './pdf-read-back';
import {
  rosterStaff,
  signIn,
  equipmentDataSource,
  startEquipment,
  uniqueServiceNumber,
  useSignInStack,
} from '@caliber/testing/stack';
import { testFileStore } from '@caliber/testing/file-stores';

const PUBLIC_URL = 'https://cmms.hospital.example';

/**
 * QR asset tags through the gateway, made by the equipment service and streamed back from the file
 * store: the devices chosen or as filtered, read back from the PDF (pdftotext for the words,
 * pdftoppm and a QR decoder for the codes) to the devices' addresses under PUBLIC_URL; and the
 * refusals.
 */
describe('Asset labels (real stack)', () => {
  // A folder of this suite's own for the files kept, so what is left in it is this suite's.
  const files = {
    FILE_STORE: 'disk',
    FILES_DIR: join(tmpdir(), `asset-labels-${process.pid}-${Date.now()}`),
  };
  const stack = useSignInStack('asset-labels', { PUBLIC_URL: `${PUBLIC_URL}/`, ...files });
  let equipment: INestApplication;
  let token = '';
  const marker = `LBL${Date.now().toString(36).toUpperCase()}`;
  const devices: EquipmentDto[] = [];

  beforeAll(async () => {
    equipment = await startEquipment(files);
    await startReadBack();
    const person = await rosterStaff(stack.db, {
      role: 'Technician',
      name: 'Label Printer',
      serviceNumber: uniqueServiceNumber('LBL'),
    });
    token = await signIn(stack.gateway.url, person.serviceNumber);
    for (const [index, name] of ['Infusion Pump', 'Defibrillator', 'Ventilator Évita'].entries()) {
      const device: CreateEquipmentRequest = {
        name: `${marker} ${name}`,
        manufacturer: 'Dräger',
        model: 'M1',
        serialNumber: `${marker}-${index + 1}`,
        department: 'ICU',
        location: 'Bed 1',
        installationDate: '2023-01-02',
        warrantyExpiry: null,
        status: 'Serviceable',
        category: 'Monitor',
      };
      const added = await call<EquipmentDto>(stack.gateway.url, 'POST', '/api/equipment', {
        token,
        body: device,
      });
      expect(added.status).toBe(201);
      devices.push(added.body);
    }
  });
  afterAll(async () => {
    await equipment.close();
    await endReadBack();
    await rm(files.FILES_DIR, { recursive: true, force: true });
  });

  const labels = (body: unknown) =>
    fetch(`${stack.gateway.url}/api/equipment/labels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Each page of a one-label-a-page PDF: its words and the address its QR code holds. */
  async function readBack(
    pdf: Buffer,
    layout: LabelLayoutId,
  ): Promise<{ text: string; url: string | null }[]> {
    const file = await save(pdf);
    const { page } = labelLayout(layout);
    const read: { text: string; url: string | null }[] = [];
    for (let number = 1; number <= (await pageCount(file)); number++)
      read.push({
        text: await pageText(file, number),
        url: decode(await renderPage(file, number), { x: 0, y: 0, ...page }),
      });
    return read;
  }

  it('prints the devices chosen, each label with its words and a QR code of its address under PUBLIC_URL', async () => {
    const chosen = [devices[2], devices[0]].map((device) => device?._id);
    const answer = await labels({ layout: 'roll-62x29', ids: chosen });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="asset-labels-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const pages = await readBack(Buffer.from(await answer.arrayBuffer()), 'roll-62x29');
    // In name order: the pump before the ventilator.
    expect(pages.map((page) => page.url)).toEqual([
      `${PUBLIC_URL}/equipment/${devices[0]?._id}`,
      `${PUBLIC_URL}/equipment/${devices[2]?._id}`,
    ]);
    expect(pages[0]?.text).toContain(`${marker} Infusion Pump`);
    expect(pages[0]?.text).toContain(`S/N ${marker}-1`);
    expect(pages[0]?.text).toContain('ICU');
    expect(pages[1]?.text).toContain('Évita');
    // The service wrote the sheet into the store; the gateway streamed it and removed it.
    expect(await testFileStore(files).list('outgoing/')).toEqual([]);
  });

  it('prints as many devices chosen by id as the contract allows, whatever the usual body limit', async () => {
    // The contract's most labels, each an id the inventory holds (written in one statement), under a
    // tag apart from the marker so that the filtered sheets below stay the three devices.
    const tag = `MAXTAG${Date.now().toString(36).toUpperCase()}`;
    const rows = await equipmentDataSource();
    let ids: string[];
    try {
      ids = (
        (await rows.query(
          `INSERT INTO "equipment"."equipment" ("name", "manufacturer", "model", "serial_number", "department",
                  "location", "installation_date", "status", "category", "created_by_id", "created_by_name",
                  "updated_by_id", "updated_by_name")
           SELECT $1 || ' ' || lpad(i::text, 5, '0'), 'Dräger', 'M1', $1 || '-' || i, 'ICU', 'Bed 1',
                  '2023-01-02', 'Serviceable', 'Monitor', gen_random_uuid(), 'Label Printer', gen_random_uuid(),
                  'Label Printer'
             FROM generate_series(1, $2::int) AS i
           RETURNING "id"`,
          [tag, ASSET_LABELS_MAX],
        )) as { id: string }[]
      ).map((row) => row.id);
    } finally {
      await rows.destroy();
    }
    // Sent as a browser's JSON.stringify writes it: about 190 kB, above the usual 100 kB.
    const answer = await labels({ layout: 'a4-21', ids });
    expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const file = await save(Buffer.from(await answer.arrayBuffer()));
    expect(await pageCount(file)).toBe(Math.ceil(ASSET_LABELS_MAX / 21));
    // One more than the contract allows is the contract's refusal, not the body limit's.
    const over = await labels({ layout: 'a4-21', ids: [...ids, ids[0]] });
    expect([over.status, ((await over.json()) as { message: string }).message]).toEqual([
      400,
      `At most ${ASSET_LABELS_MAX.toLocaleString('en')} labels fit in one file.`,
    ]);
    // They leave the inventory again: other test files print or count the whole inventory.
    const cleanup = await equipmentDataSource();
    try {
      await cleanup.query(
        `UPDATE "equipment"."equipment" SET "deleted_at" = now() WHERE "id" = ANY ($1::uuid[])`,
        [ids],
      );
    } finally {
      await cleanup.destroy();
    }
  });

  it('prints the inventory as filtered', async () => {
    const answer = await labels({ layout: 'roll-2x1', filters: { q: marker } });
    expect(answer.status).toBe(200);
    const pages = await readBack(Buffer.from(await answer.arrayBuffer()), 'roll-2x1');
    expect(pages.map((page) => page.url).sort()).toEqual(
      devices.map((device) => `${PUBLIC_URL}/equipment/${device._id}`).sort(),
    );
  });

  it('refuses a device no longer in the inventory, an empty filter, and a bad request, with a message', async () => {
    const gone = devices[1];
    const removed = await call(stack.gateway.url, 'DELETE', `/api/equipment/${gone?._id}`, {
      token: await signIn(
        stack.gateway.url,
        (
          await rosterStaff(stack.db, {
            role: 'Engineer',
            name: 'Label Engineer',
            serviceNumber: uniqueServiceNumber('LBE'),
          })
        ).serviceNumber,
      ),
    });
    expect(removed.status).toBe(200);
    const missing = await labels({ ids: [devices[0]?._id, gone?._id] });
    expect([missing.status, ((await missing.json()) as { message: string }).message]).toEqual([
      404,
      '1 of the devices chosen are no longer in the inventory: reload the inventory and choose again.',
    ]);
    const none = await labels({ filters: { q: `${marker}-nothing` } });
    expect(none.status).toBe(404);
    const both = await labels({ ids: [devices[0]?._id], filters: {} });
    expect([both.status, ((await both.json()) as { message: string }).message]).toEqual([
      400,
      'Send either ids (the devices chosen) or filters (the inventory as filtered), not both.',
    ]);
    const skip = await labels({ layout: 'a4-21', skip: 21, filters: { q: marker } });
    expect(skip.status).toBe(400);
  });
});
