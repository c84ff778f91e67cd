import type { SparePart } from '@caliber/contracts';
import { checkWorkDraft, workDraftOf } from './work-form';
import { task } from './task.fixture';

/** A part already on the task, priced and bought from a supplier of the vendor list. */
const FUSE: SparePart = {
  name: 'Fuse',
  quantity: 2,
  description: '5 A',
  unitCost: 1.5,
  supplierId: '7c2e5a1b-3d4f-4e6a-9b8c-1d2e3f4a5b6c',
  supplierName: 'B. Braun Medical Ltd',
};

describe('the work form', () => {
  it('starts from what the task records, parts as editable text', () => {
    const recorded = task({
      faultDescription: 'No power',
      repairDetails: 'Replaced fuse',
      spareParts: [FUSE],
      labourHours: 1.5,
    });
    expect(workDraftOf(recorded)).toEqual({
      faultDescription: 'No power',
      repairDetails: 'Replaced fuse',
      spareParts: 'Fuse x 2 - 5 A',
      labourHours: '1.5',
    });
    expect(workDraftOf(task()).labourHours).toBe('');
  });

  it('builds the request with the parsed parts, the hours and the version', () => {
    const check = checkWorkDraft(
      {
        faultDescription: 'No power',
        repairDetails: 'Fuse',
        spareParts: 'Fuse x 2 - 5 A\n\nO-ring',
        labourHours: '',
      },
      task(),
    );
    expect(check).toEqual({
      ok: true,
      body: {
        faultDescription: 'No power',
        repairDetails: 'Fuse',
        sparePartsUsed: [
          { name: 'Fuse', quantity: 2, description: '5 A' },
          { name: 'O-ring', quantity: 1, description: '' },
        ],
        labourHours: null,
        version: 3,
      },
    });
  });

  it('keeps the unit cost of a part already on the task, and sends no supplier (the server keeps it)', () => {
    const check = checkWorkDraft(
      { faultDescription: '', repairDetails: '', spareParts: 'fuse x 3 - 5 A', labourHours: '2' },
      task({ spareParts: [FUSE] }),
    );
    expect(check.ok && check.body.sparePartsUsed).toEqual([
      { name: 'fuse', quantity: 3, description: '5 A', unitCost: 1.5 },
    ]);
    expect(check.ok && check.body.labourHours).toBe(2);
  });

  it('refuses lines that are not parts and hours out of range, saying why', () => {
    const check = checkWorkDraft(
      {
        faultDescription: '',
        repairDetails: '',
        spareParts: 'Fuse x 0\n- only a description',
        labourHours: '1001',
      },
      task(),
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.partErrors.map((error) => error.line)).toEqual([1, 2]);
    expect(check.fieldErrors.get('labourHours')).toBe('Labour hours must be at most 1000.');
  });
});
