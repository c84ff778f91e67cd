import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { INestApplication } from '@nestjs/common';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import {
  SUBJECTS,
  type ActingUser,
  type CreateEquipmentRequest,
  type DocumentDto,
  type DocumentPage,
  type EquipmentDto,
  type TaskCreatedResponse,
} from '@caliber/contracts';
import { natsConnectionOptions } from '@caliber/service-kit';
import { firstValueFrom } from 'rxjs';
import { testSigner } from '@caliber/testing/statement-keys';
import { call } from '@caliber/testing/http';
import { fileStoreTestEnvs, testFileStore, type FileStoreTestEnv } from '@caliber/testing/file-stores';
import {
  equipmentDataSource,
  rosterStaff,
  signIn,
  startEquipment,
  startMaintenance,
  uniqueServiceNumber,
  useSignInStack,
} from '@caliber/testing/stack';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { IncomingUploads } from './incoming-uploads';

/** A photo as a phone takes it: a JPEG whose EXIF says where it was taken. */
async function phonePhoto(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .toBuffer();
}

/** A PDF small enough to write by hand, valid enough for any reader. */
const MANUAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Documents and photos through the gateway, end to end on the real servers, once with the files
 * on the local disk and once in a real S3-API server: what is kept (type from the bytes, a photo
 * without its location, its thumbnail, its SHA-256 in the audit trail), who may read and remove
 * it, and that a refused upload leaves nothing behind.
 */
describe.each(fileStoreTestEnvs('documents'))(
  'Documents and photos, files on $name (real stack)',
  ({ env }: FileStoreTestEnv) => {
    const stack = useSignInStack(`documents-${env['FILE_STORE'] ?? 'disk'}`, env);
    const store = testFileStore(env);
    let equipment: INestApplication;
    let maintenance: INestApplication;
    let equipmentDb: DataSource;
    const marker = `DOC${Date.now().toString(36).toUpperCase()}${env['FILE_STORE'] ?? ''}`.toUpperCase();
    const tokens: Record<'reporter' | 'other' | 'engineer', string> = {
      reporter: '',
      other: '',
      engineer: '',
    };
    const devices: EquipmentDto[] = [];
    let taskId = '';

    const upload = (
      path: string,
      bytes: Buffer,
      query: string,
      token: string,
      headers: Record<string, string> = {},
    ) =>
      fetch(`${stack.gateway.url}${path}?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', ...headers },
        body: new Uint8Array(bytes),
      });
    const read = (path: string, token: string) =>
      fetch(`${stack.gateway.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

    let client: ClientProxy;
    const send = <T>(subject: string, payload: unknown, user: ActingUser) =>
      firstValueFrom(client.send<T>(subject, testSigner('gateway').sign(subject, payload, user)));
    const nurse = (ward: string): ActingUser => ({
      id: randomUUID(),
      role: 'Clinical',
      name: `Nurse of ${ward}`,
      serviceNumber: `DOC-NURSE-${ward}`.toUpperCase(),
      sessionId: randomUUID(),
      ward,
    });

    beforeAll(async () => {
      client = ClientProxyFactory.create({
        transport: Transport.NATS,
        options: natsConnectionOptions(
          {
            servers: [process.env['NATS_URL'] ?? ''],
            user: process.env['NATS_USER'] ?? '',
            pass: process.env['NATS_PASSWORD'] ?? '',
          },
          'documents-spec',
        ),
      });
      await client.connect();
      equipment = await startEquipment(env);
      maintenance = await startMaintenance(env);
      equipmentDb = await equipmentDataSource();
      const people = {
        reporter: await rosterStaff(stack.db, {
          role: 'Technician',
          serviceNumber: uniqueServiceNumber('DOCR'),
        }),
        other: await rosterStaff(stack.db, {
          role: 'Technician',
          serviceNumber: uniqueServiceNumber('DOCO'),
          department: 'Radiology',
        }),
        engineer: await rosterStaff(stack.db, {
          role: 'Engineer',
          serviceNumber: uniqueServiceNumber('DOCE'),
        }),
      };
      for (const [who, person] of Object.entries(people))
        tokens[who as keyof typeof tokens] = await signIn(stack.gateway.url, person.serviceNumber);
      // Models of this run only (the database is shared): the second is the first, spaced and cased otherwise.
      const models = [
        [`Evita V500 ${marker}`, 'Dräger'],
        [`  evita   v500 ${marker.toLowerCase()} `, 'DRÄGER'],
        [`Evita Infinity ${marker}`, 'Dräger'],
      ] as const;
      for (const [index, [model, manufacturer]] of models.entries()) {
        const device: CreateEquipmentRequest = {
          name: `${marker} Ventilator ${index + 1}`,
          manufacturer,
          model,
          serialNumber: `${marker}-${index + 1}`,
          department: 'ICU',
          location: 'Bed 4',
          installationDate: '2023-01-02',
          warrantyExpiry: null,
          status: 'Serviceable',
          category: 'Ventilator',
        };
        const added = await call<EquipmentDto>(stack.gateway.url, 'POST', '/api/equipment', {
          token: tokens.engineer,
          body: device,
        });
        expect(added.status).toBe(201);
        devices.push(added.body);
      }
      const report = await call<TaskCreatedResponse>(stack.gateway.url, 'POST', '/api/maintenance/report', {
        token: tokens.reporter,
        body: {
          equipment: devices[0]?._id,
          title: 'Cracked housing',
          description: 'The housing is cracked by the handle.',
        },
      });
      expect(report.status).toBe(201);
      taskId = report.body.task._id;
    });
    afterAll(async () => {
      await client.close();
      await maintenance.close();
      await equipment.close();
      await equipmentDb.destroy();
    });

    it("keeps a fault report's photo without its location, with a thumbnail and its SHA-256 in the audit trail", async () => {
      const answer = await upload(
        `/api/tasks/${taskId}/documents`,
        await phonePhoto(),
        'purpose=photo&fileName=IMG_2041.JPG',
        tokens.reporter,
      );
      expect(answer.status).toBe(201);
      const kept = (await answer.json()) as DocumentDto;
      expect(kept).toMatchObject({
        target: 'task',
        targetId: taskId,
        purpose: 'photo',
        mediaType: 'image/jpeg',
        hasThumbnail: true,
      });
      expect(kept.fileName).toBe('IMG_2041.jpg');

      const file = await read(`/api/tasks/${taskId}/documents/${kept._id}`, tokens.engineer);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('content-security-policy')).toContain('sandbox');
      expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="IMG_2041.jpg"/);
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(sha256(bytes)).toBe(kept.sha256);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.width).toBe(1200);

      const thumbnail = await read(`/api/tasks/${taskId}/documents/${kept._id}/thumbnail`, tokens.reporter);
      expect(thumbnail.status).toBe(200);
      const small = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect(Math.max(small.width ?? 0, small.height ?? 0)).toBeLessThanOrEqual(320);

      const maintenanceDb = stack.db;
      const [audit] = (await maintenanceDb.query(
        `SELECT "action", "changes" FROM "maintenance"."audit_log" WHERE "entity" = 'document' AND "entity_id" = $1`,
        [kept._id],
      )) as { action: string; changes: Record<string, { to: unknown }> }[];
      expect(audit?.action).toBe('attached');
      expect(audit?.changes['sha256']?.to).toBe(kept.sha256);

      const list = await call<DocumentPage>(stack.gateway.url, 'GET', `/api/tasks/${taskId}/documents`, {
        token: tokens.reporter,
      });
      expect(list.body.items.map((item) => item._id)).toContain(kept._id);
    });

    it("refuses a task's documents to a Technician who neither reported nor works it", async () => {
      const [document] = (
        await call<DocumentPage>(stack.gateway.url, 'GET', `/api/tasks/${taskId}/documents`, {
          token: tokens.reporter,
        })
      ).body.items;
      expect(document).toBeDefined();
      const list = await call(stack.gateway.url, 'GET', `/api/tasks/${taskId}/documents`, {
        token: tokens.other,
      });
      expect(list.status).toBe(404);
      const file = await read(`/api/tasks/${taskId}/documents/${document?._id ?? ''}`, tokens.other);
      expect(file.status).toBe(404);
      expect(file.headers.get('content-type')).toContain('application/json');
    });

    it("shows a manual added to one device's model on every device of that model, and on no other", async () => {
      const [first, sameModel, otherModel] = devices;
      const answer = await upload(
        `/api/equipment/${first?._id}/documents`,
        MANUAL_PDF,
        'purpose=manual&fileName=Evita%20V500%20service%20manual.pdf',
        tokens.reporter,
      );
      expect(answer.status).toBe(201);
      const manual = (await answer.json()) as DocumentDto;
      expect(manual).toMatchObject({
        target: 'model',
        mediaType: 'application/pdf',
        hasThumbnail: false,
        sha256: sha256(MANUAL_PDF),
      });

      const onSame = await call<DocumentPage>(
        stack.gateway.url,
        'GET',
        `/api/equipment/${sameModel?._id}/documents`,
        { token: tokens.other },
      );
      expect(onSame.body.items.map((item) => item._id)).toEqual([manual._id]);
      const download = await read(`/api/equipment/${sameModel?._id}/documents/${manual._id}`, tokens.other);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(
        /^attachment; filename="Evita V500 service manual.pdf"/,
      );
      expect(Buffer.from(await download.arrayBuffer()).equals(MANUAL_PDF)).toBe(true);

      const onOther = await call<DocumentPage>(
        stack.gateway.url,
        'GET',
        `/api/equipment/${otherModel?._id}/documents`,
        { token: tokens.other },
      );
      expect(onOther.body.items).toEqual([]);
      expect(
        (await read(`/api/equipment/${otherModel?._id}/documents/${manual._id}`, tokens.other)).status,
      ).toBe(404);
    });

    it("keeps a device's documents from clinical staff of another ward", async () => {
      const answer = await upload(
        `/api/equipment/${devices[0]?._id}/documents`,
        MANUAL_PDF,
        'purpose=certificate&fileName=cert.pdf',
        tokens.engineer,
      );
      expect(answer.status).toBe(201);
      const certificate = (await answer.json()) as DocumentDto;
      // Clinical staff sign in through the hospital's directory only: the service is asked as the
      // gateway asks it for a nurse of Radiology, and of the device's own ward.
      const ref = { target: 'device', id: devices[0]?._id };
      const open = { ref, documentId: certificate._id };
      await expect(send(SUBJECTS.equipment.documentsOpen, open, nurse('Radiology'))).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await expect(
        send(SUBJECTS.equipment.documentsList, { ref, query: { page: 1, limit: 20 } }, nurse('Radiology')),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(send(SUBJECTS.equipment.documentsOpen, open, nurse('ICU'))).resolves.toMatchObject({
        fileName: 'cert.pdf',
      });
    });

    it('refuses a file whose bytes are not what its purpose takes, and keeps nothing of it', async () => {
      const page = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
      const answer = await upload(
        `/api/equipment/${devices[0]?._id}/documents`,
        page,
        'purpose=report&fileName=report.pdf',
        tokens.reporter,
      );
      expect(answer.status).toBe(415);
      expect(((await answer.json()) as { message: string }).message).toMatch(/report/i);
      const photo = await upload(
        `/api/tasks/${taskId}/documents`,
        MANUAL_PDF,
        'purpose=photo&fileName=photo.jpg',
        tokens.reporter,
      );
      expect(photo.status).toBe(415);
      expect(await store.list('incoming/')).toEqual([]);
    });

    it('refuses a file larger than its purpose takes, whether or not it says its length', async () => {
      const big = Buffer.alloc(21 * 1024 * 1024, 1);
      const declared = await upload(
        `/api/tasks/${taskId}/documents`,
        big,
        'purpose=photo&fileName=big.jpg',
        tokens.reporter,
      );
      expect(declared.status).toBe(413);
      const streamed = await fetch(
        `${stack.gateway.url}/api/tasks/${taskId}/documents?purpose=photo&fileName=big.jpg`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.reporter}`, 'content-type': 'application/octet-stream' },
          body: new Blob([big]).stream(),
          duplex: 'half',
        } as RequestInit,
      );
      expect(streamed.status).toBe(413);
      expect(await store.list('incoming/')).toEqual([]);
    });

    it('lets who added a document, or an Engineer, remove it; the audit trail keeps it', async () => {
      const answer = await upload(
        `/api/equipment/${devices[1]?._id}/documents`,
        MANUAL_PDF,
        'purpose=report&fileName=visit.pdf',
        tokens.reporter,
      );
      const report = (await answer.json()) as DocumentDto;
      const path = `/api/equipment/${devices[1]?._id}/documents/${report._id}`;
      expect((await call(stack.gateway.url, 'DELETE', path, { token: tokens.other })).status).toBe(403);
      expect((await call(stack.gateway.url, 'DELETE', path, { token: tokens.reporter })).status).toBe(204);
      expect((await read(path, tokens.reporter)).status).toBe(404);
      const [row] = (await equipmentDb.query(
        `SELECT "storage_key" FROM "equipment"."documents" WHERE "id" = $1`,
        [report._id],
      )) as {
        storage_key: string;
      }[];
      expect(await store.size(row?.storage_key ?? '')).toBeNull();
      const audit = (await equipmentDb.query(
        `SELECT "action", "changes" FROM "equipment"."audit_log" WHERE "entity" = 'document' AND "entity_id" = $1 ORDER BY "id"`,
        [report._id],
      )) as { action: string; changes: Record<string, { from: unknown }> }[];
      expect(audit.map((entry) => entry.action)).toEqual(['attached', 'removed']);
      expect(audit[1]?.changes['sha256']?.from).toBe(report.sha256);
    });

    it('refuses an upload whose purpose or name is wrong, and keeps a name that tries to leave its folder harmless', async () => {
      const photo = await phonePhoto(200, 100);
      for (const query of [
        'fileName=a.jpg',
        'purpose=photo',
        'purpose=program&fileName=a.jpg',
        `purpose=photo&fileName=${'a'.repeat(300)}.jpg`,
      ]) {
        const answer = await upload(`/api/tasks/${taskId}/documents`, photo, query, tokens.reporter);
        expect({ query, status: answer.status }).toEqual({ query, status: 400 });
        expect(typeof ((await answer.json()) as { message: unknown }).message).toBe('string');
      }
      const unknown = await upload(
        `/api/tasks/${randomUUID()}/documents`,
        photo,
        'purpose=photo&fileName=a.jpg',
        tokens.reporter,
      );
      expect(unknown.status).toBe(404);
      const traversal = await upload(
        `/api/tasks/${taskId}/documents`,
        photo,
        `purpose=photo&fileName=${encodeURIComponent('../../etc/"passwd"\u202e.jpg')}`,
        tokens.reporter,
      );
      expect(traversal.status).toBe(201);
      const kept = (await traversal.json()) as DocumentDto;
      expect(kept.fileName).not.toMatch(/[/\\"\u202e]/);
      expect(kept.fileName.endsWith('.jpg')).toBe(true);
      expect(await store.list('incoming/')).toEqual([]);
    });

    it('sweeps incoming files a stopped process left behind, and no file still in use', async () => {
      const uploads = stack.gateway.app.get(IncomingUploads);
      await store.put('incoming/00000000-0000-4000-8000-00000000dead', Readable.from([Buffer.from('left')]), {
        maxBytes: 10,
      });
      expect(await uploads.sweepLeftovers(Date.now())).toBe(0);
      expect(await uploads.sweepLeftovers(Date.now() + 2 * 60 * 60_000)).toBe(1);
      expect(await store.list('incoming/')).toEqual([]);
    });
  },
);
