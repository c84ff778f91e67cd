import ExcelJS from 'exceljs';
import type { RosterImportPreview } from '@caliber/contracts';
import { fileStoreTestEnvs, testFileStore, type FileStoreTestEnv } from '@caliber/testing/file-stores';
import { call } from '@caliber/testing/http';
import { rosterStaff, signIn, uniqueServiceNumber, useSignInStack } from '@caliber/testing/stack';

/**
 * Roster files pass between the gateway and identity through the file store: an upload the gateway
 * stored is read by identity, an export identity stored is streamed by the gateway, on the local
 * disk and on a real S3-API server alike, and neither is left behind.
 */
describe.each(fileStoreTestEnvs('roster'))(
  'Roster files on $name (real stack)',
  ({ env }: FileStoreTestEnv) => {
    const stack = useSignInStack(`roster-files-${env['FILE_STORE'] ?? 'disk'}`, env, () => env);
    const store = testFileStore(env);
    let token = '';

    beforeAll(async () => {
      const engineer = await rosterStaff(stack.db, { role: 'Engineer', name: 'Stores Engineer' });
      token = await signIn(stack.gateway.url, engineer.serviceNumber);
    });

    it('reads an upload the gateway stored and streams back an export identity stored, keeping neither', async () => {
      const tag = uniqueServiceNumber('STO');
      const preview = await call<RosterImportPreview>(
        stack.gateway.url,
        'POST',
        '/api/users/import/preview?fileName=roster.csv',
        {
          token,
          rawBody: `Service Number,Full Name,Phone,Department\n${tag},Stored Person,+15550107001,ICU\n`,
          contentType: 'text/csv',
        },
      );
      expect([preview.status, preview.body.summary]).toEqual([
        200,
        { add: 1, change: 0, unchanged: 0, refused: 0 },
      ]);

      const exported = await fetch(`${stack.gateway.url}/api/users/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(exported.status).toBe(200);
      const bytes = await exported.arrayBuffer();
      expect(Number(exported.headers.get('content-length'))).toBe(bytes.byteLength);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes);
      expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe('Service Number');

      expect(await store.list('incoming/')).toEqual([]);
      expect(await store.list('outgoing/')).toEqual([]);
    });
  },
);
