import { ROSTER_IMPORT_MAX_BYTES } from '@caliber/contracts';
import {
  applicableRows,
  applyLabel,
  changedFieldLabel,
  importedMessage,
  previewSummaryLine,
  rosterColumnsLine,
  rosterFileProblem,
  rosterFileQuery,
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

  it("builds the upload's query the contract accepts, or says why not", () => {
    expect(rosterFileQuery({ name: 'staff list.csv', size: 52 })).toEqual({
      ok: true,
      query: 'fileName=staff+list.csv',
    });
    expect(rosterFileQuery({ name: 'staff.xlsx', size: ROSTER_IMPORT_MAX_BYTES + 1 })).toEqual({
      ok: false,
      message: 'The roster file is larger than 2 MB: split it, or remove what is not needed.',
    });
    expect(rosterFileQuery({ name: 'staff.txt', size: 1 })).toMatchObject({ ok: false });
    expect(rosterFileQuery({ name: `${'a'.repeat(300)}.csv`, size: 1 })).toEqual({
      ok: false,
      message: 'fileName must have at most 255 characters.',
    });
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
