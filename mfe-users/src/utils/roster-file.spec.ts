import { ROSTER_IMPORT_MAX_BYTES } from '@caliber/contracts';
import {
  applicableRows,
  applyLabel,
  changedFieldLabel,
  importedMessage,
  previewSummaryLine,
  rosterColumnsLine,
  rosterFileProblem,
  rosterImportRequest,
} from './roster-file';

describe('roster file', () => {
  it('refuses the wrong kind of file, an empty one and one over the limit before reading it', () => {
    expect(rosterFileProblem({ name: 'roster.xlsx', size: 10 })).toBeNull();
    expect(rosterFileProblem({ name: 'ROSTER.CSV', size: ROSTER_IMPORT_MAX_BYTES })).toBeNull();
    expect(rosterFileProblem({ name: 'roster.xls', size: 10 })).toBe(
      'The roster file must be .xlsx or .csv.',
    );
    expect(rosterFileProblem({ name: 'roster.csv', size: 0 })).toBe('The roster file is empty.');
    expect(rosterFileProblem({ name: 'roster.csv', size: ROSTER_IMPORT_MAX_BYTES + 1 })).toBe(
      'The roster file is larger than 2 MB: split it, or remove what is not needed.',
    );
    expect(rosterFileProblem({ name: 'roster.xlsx', size: 3.4 * 1024 * 1024 })).toBe(
      'The roster file is larger than 2 MB (this one is 3.4 MB): split it, or remove what is not needed.',
    );
  });

  it('builds the request body the contract accepts, or says why not', async () => {
    const csv = 'Service Number,Full Name,Phone\nT-1,Ama,+15550100001\n';
    const ok = await rosterImportRequest(new File([csv], 'staff.csv', { type: 'text/csv' }));
    expect(ok).toEqual({
      ok: true,
      body: { fileName: 'staff.csv', content: Buffer.from(csv).toString('base64') },
    });
    const big = new File([new Uint8Array(ROSTER_IMPORT_MAX_BYTES + 1)], 'staff.xlsx');
    await expect(rosterImportRequest(big)).resolves.toEqual({
      ok: false,
      message: 'The roster file is larger than 2 MB: split it, or remove what is not needed.',
    });
    await expect(rosterImportRequest(new File(['x'], 'staff.txt'))).resolves.toMatchObject({ ok: false });
  });

  it("names the file's columns from the contract, the required ones first", () => {
    expect(rosterColumnsLine()).toBe(
      "The file's first row names its columns, in any order: Service Number, Full Name and Phone are needed; " +
        'Email, Role, Department, Active and May Receive Tasks may be added.',
    );
  });

  it('says what the preview found and what applying writes', () => {
    const summary = { add: 47, change: 1, unchanged: 2, refused: 3 };
    expect(previewSummaryLine(summary)).toBe('47 to add, 1 to change, 2 unchanged, 3 refused');
    expect(applicableRows(summary)).toBe(48);
    expect(applyLabel(48)).toBe('Apply 48 rows');
    expect(applyLabel(1)).toBe('Apply 1 row');
    expect(applyLabel(0)).toBe('Apply 0 rows');
    expect(importedMessage({ applied: { added: 47, changed: 0 } })).toBe(
      'Roster imported: 47 added, 0 changed.',
    );
  });

  it("names a changed field as the file's header", () => {
    expect(changedFieldLabel('phoneNumber')).toBe('Phone');
    expect(changedFieldLabel('Department')).toBe('Department');
    expect(changedFieldLabel('preApproved')).toBe('May Receive Tasks');
    expect(changedFieldLabel('isActive')).toBe('Active');
    expect(changedFieldLabel('something else')).toBe('something else');
  });
});
