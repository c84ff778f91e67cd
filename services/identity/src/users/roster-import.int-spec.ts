import ExcelJS from 'exceljs';
import type { Role, RosterImportPreview, RosterImportResult, UserListResponse } from '@caliber/contracts';
import { testFileStore } from '@caliber/testing/file-stores';
import { call } from '@caliber/testing/http';
import { rosterStaff, signIn, uniqueServiceNumber, useSignInStack } from '@caliber/testing/stack';

/**
 * Roster import and export through the gateway, against the real identity service: a file (the
 * request's body, streamed into the file store and read by identity) with every kind of bad row is
 * previewed row by row, applied in one transaction with only its valid rows, and an export
 * (written by identity into the store, streamed by the gateway) reads back as the roster.
 */
describe('Roster import and export (real stack)', () => {
  const stack = useSignInStack('roster-import');
  const tokens = new Map<string, string>();
  const serials = new Map<string, string>();

  beforeAll(async () => {
    for (const [key, role] of [
      ['tech', 'Technician'],
      ['engineer', 'Engineer'],
      ['admin', 'Admin'],
    ] as [string, Role][]) {
      const staff = await rosterStaff(stack.db, { role, name: `${key} Import` });
      serials.set(key, staff.serviceNumber);
      tokens.set(key, await signIn(stack.gateway.url, staff.serviceNumber));
    }
  });

  const post = <T>(who: string, path: string, fileName: string, bytes: Buffer) =>
    call<T>(stack.gateway.url, 'POST', `/api${path}?fileName=${encodeURIComponent(fileName)}`, {
      token: tokens.get(who),
      rawBody: bytes,
      contentType: 'application/octet-stream',
    });

  const csv = (lines: string[]) =>
    Buffer.from(['Service Number,Full Name,Email,Phone,Role,Department,Active', ...lines].join('\n'));

  it('previews a 50-row file with three bad rows, refusing exactly those, then writes the others in one go', async () => {
    const tag = uniqueServiceNumber('IMP');
    const good = Array.from(
      { length: 47 },
      (_, i) => `${tag}-${i},Imported Person ${i},,+1 555 010 ${String(1000 + i)},Technician,ICU,Yes`,
    );
    const lines = [
      ...good.slice(0, 10),
      `,No Number,,+15550102000,Technician,ICU,Yes`, // line 12
      ...good.slice(10, 30),
      `${tag}-BADPHONE,Bad Phone,,12,Technician,ICU,Yes`, // line 33
      ...good.slice(30),
      `${tag}-NOWHERE,Lost Person,,+15550102001,Technician,Basement Ward,Yes`, // line 51
    ];
    const file = csv(lines);
    const preview = await post<RosterImportPreview>('engineer', '/users/import/preview', 'roster.csv', file);
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toEqual({ add: 47, change: 0, unchanged: 0, refused: 3 });
    const refused = preview.body.rows.filter((row) => row.action === 'refused');
    expect(refused.map((row) => [row.line, row.errors])).toEqual([
      [12, ['Service number is required.']],
      [33, ['Phone number must have 7 to 15 digits.']],
      [51, ['Department "Basement Ward" is not one of the hospital\'s departments.']],
    ]);
    // Nothing was written by the preview.
    const before = await call<UserListResponse>(stack.gateway.url, 'GET', `/api/users?q=${tag}`, {
      token: tokens.get('engineer'),
    });
    expect(before.body.total).toBe(0);

    const applied = await post<RosterImportResult>('engineer', '/users/import', 'roster.csv', file);
    expect(applied.body.applied).toEqual({ added: 47, changed: 0 });
    const after = await call<UserListResponse>(stack.gateway.url, 'GET', `/api/users?q=${tag}&limit=100`, {
      token: tokens.get('engineer'),
    });
    expect(after.body.total).toBe(47);
    expect(after.body.users.find((user) => user.serviceNumber === `${tag}-7`)?.phoneNumber).toBe(
      '+15550101007',
    );
    const [{ audited }] = (await stack.db.query(
      `SELECT count(*)::int AS "audited" FROM "identity"."audit_log" a JOIN "identity"."users" u ON u."id"::text = a."entity_id"
        WHERE a."action" = 'imported' AND u."service_number" LIKE $1`,
      [`${tag}-%`],
    )) as [{ audited: number }];
    expect(audited).toBe(47);

    // The same file again: everyone is there already and unchanged; a changed row is a change.
    const again = await post<RosterImportPreview>(
      'engineer',
      '/users/import/preview',
      'roster.csv',
      csv([...good.slice(0, 2), `${tag}-2,Imported Person 2,,+1 555 010 1002,Technician,NICU,No`]),
    );
    expect(again.body.rows.map((row) => [row.action, row.changes])).toEqual([
      ['unchanged', []],
      ['unchanged', []],
      ['change', ['department', 'isActive']],
    ]);
  });

  it('refuses a service number or e-mail twice in the file, and an e-mail of someone else', async () => {
    const tag = uniqueServiceNumber('DUP');
    const taken = await rosterStaff(stack.db, {
      role: 'Technician',
      name: 'Has Mail',
      email: `${tag.toLowerCase()}@hospital.example`,
    });
    const preview = await post<RosterImportPreview>(
      'engineer',
      '/users/import/preview',
      'roster.csv',
      csv([
        `${tag}-1,One,,+15550103001,Technician,ICU,Yes`,
        `${tag}-1,One Again,,+15550103002,Technician,ICU,Yes`,
        `${tag}-3,Three,${taken.email?.toUpperCase()},+15550103003,Technician,ICU,Yes`,
      ]),
    );
    expect(preview.body.rows.map((row) => row.errors)).toEqual([
      ['The same service number is on lines 2, 3 of the file.'],
      ['The same service number is on lines 2, 3 of the file.'],
      [`The e-mail address ${taken.email?.toUpperCase()} belongs to ${taken.serviceNumber}.`],
    ]);
  });

  it('refuses the rows an Engineer may not apply, with the roster rule, and leaves them out', async () => {
    const tag = uniqueServiceNumber('RUL');
    const admin = await rosterStaff(stack.db, { role: 'Admin', name: 'Imported Admin' });
    const me = serials.get('engineer') ?? '';
    const file = csv([
      `${tag}-ADM,Would Be Admin,,+15550106001,Admin,ICU,Yes`, // line 2: grants Admin
      `${me},engineer Import,,+15550100999,Technician,TSEU,Yes`, // line 3: the importer's own role
      `${admin.serviceNumber},Imported Admin,,+15550100999,Admin,TSEU,No`, // line 4: deactivates an Admin
      `${tag}-OK,Allowed Person,,+15550106002,Technician,ICU,Yes`, // line 5
    ]);
    const preview = await post<RosterImportPreview>('engineer', '/users/import/preview', 'roster.csv', file);
    expect(preview.status).toBe(200);
    expect(preview.body.rows.map((row) => [row.line, row.action, row.changes, row.errors])).toEqual([
      [2, 'refused', [], ['Only an Admin may grant the Admin role.']],
      [3, 'refused', ['role'], ['Nobody changes their own role or deactivates themselves.']],
      [
        4,
        'refused',
        ['isActive'],
        [
          "Only an Admin may grant or remove the Admin role, or change an Admin's account.",
          'An Admin is demoted or deactivated on the Users screen, one at a time.',
        ],
      ],
      [5, 'add', [], []],
    ]);
    expect(preview.body.summary).toEqual({ add: 1, change: 0, unchanged: 0, refused: 3 });

    const applied = await post<RosterImportResult>('engineer', '/users/import', 'roster.csv', file);
    expect(applied.status).toBe(200);
    expect(applied.body.applied).toEqual({ added: 1, changed: 0 });
    expect(applied.body.rows.filter((row) => row.action === 'refused').map((row) => row.line)).toEqual([
      2, 3, 4,
    ]);
    const roster: { service_number: string; role: string; is_active: boolean }[] = await stack.db.query(
      `SELECT "service_number", "role", "is_active" FROM "identity"."users" WHERE "service_number" = ANY($1)`,
      [[`${tag}-ADM`, me, admin.serviceNumber, `${tag}-OK`]],
    );
    expect(Object.fromEntries(roster.map((row) => [row.service_number, [row.role, row.is_active]]))).toEqual({
      [me]: ['Engineer', true],
      [admin.serviceNumber]: ['Admin', true],
      [`${tag}-OK`]: ['Technician', true],
    });

    // An Admin may change an Admin's account, but not deactivate one by import either.
    const byAdmin = await post<RosterImportPreview>(
      'admin',
      '/users/import/preview',
      'roster.csv',
      csv([`${admin.serviceNumber},Imported Admin,,+15550100999,Admin,TSEU,No`]),
    );
    expect(byAdmin.body.rows.map((row) => row.errors)).toEqual([
      ['An Admin is demoted or deactivated on the Users screen, one at a time.'],
    ]);
  });

  it('reads an Excel workbook, and says what is wrong with a file it cannot use', async () => {
    const tag = uniqueServiceNumber('XLS');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Staff');
    sheet.addRow(['Full Name', 'Service Number', 'Phone Number', 'Department']);
    sheet.addRow(['Workbook Person', tag, 5550104001, 'Dialysis']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = await post<RosterImportPreview>('engineer', '/users/import/preview', 'staff.xlsx', xlsx);
    expect(preview.body.rows).toEqual([
      { line: 2, serviceNumber: tag, name: 'Workbook Person', action: 'add', changes: [], errors: [] },
    ]);
    const noHeader = await post<Record<string, unknown>>(
      'engineer',
      '/users/import/preview',
      'roster.csv',
      Buffer.from('a,b\n1,2\n'),
    );
    expect([noHeader.status, noHeader.body['message']]).toEqual([
      400,
      'The first row must name the columns; missing: Service Number, Full Name, Phone.',
    ]);
    const notExcel = await post<Record<string, unknown>>(
      'engineer',
      '/users/import/preview',
      'roster.xlsx',
      Buffer.from('not a workbook'),
    );
    expect([notExcel.status, notExcel.body['message']]).toEqual([
      400,
      'The roster file could not be read as an Excel workbook (.xlsx).',
    ]);
    const wrongType = await post<Record<string, unknown>>(
      'engineer',
      '/users/import/preview',
      'roster.pdf',
      Buffer.from('x'),
    );
    expect([wrongType.status, wrongType.body['message']]).toEqual([
      400,
      'The roster file must be .xlsx or .csv.',
    ]);
    expect((await post('tech', '/users/import/preview', 'roster.csv', csv([]))).status).toBe(403);
  });

  it('exports the roster as a workbook an import reads', async () => {
    const person = await rosterStaff(stack.db, {
      role: 'Engineer',
      name: 'Exported Person',
      department: 'CSSD',
    });
    // What other suites left in the shared store is theirs: this export must add nothing to it.
    const outgoingBefore = (await testFileStore({}).list('outgoing/')).map((file) => file.key);
    const answer = await fetch(`${stack.gateway.url}/api/users/export`, {
      headers: { authorization: `Bearer ${tokens.get('engineer')}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="roster-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await answer.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Service Number',
      'Full Name',
      'Email',
      'Phone',
      'Role',
      'Department',
      'Active',
      'May Receive Tasks',
    ]);
    const rows: unknown[][] = [];
    // An empty cell (no e-mail) is left out of the sheet, as the streaming writer writes it: read as ''.
    sheet?.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (cell) => cell ?? '')));
    expect(rows).toContainEqual([
      person.serviceNumber,
      'Exported Person',
      '',
      '+15550100999',
      'Engineer',
      'CSSD',
      'Yes',
      'No',
    ]);
    const techExport = await fetch(`${stack.gateway.url}/api/users/export`, {
      headers: { authorization: `Bearer ${tokens.get('tech')}` },
    });
    expect(techExport.status).toBe(403);
    // The export was written for its answer alone: nothing of it is left in the store.
    const outgoingAfter = (await testFileStore({}).list('outgoing/')).map((file) => file.key);
    expect(outgoingAfter.filter((key) => !outgoingBefore.includes(key))).toEqual([]);
  });
});
