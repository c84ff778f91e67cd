import {
  INVENTORY_IMPORT_KEYS,
  ListIndex,
  type InventoryFileColumns,
  type InventoryFileRow,
  type ResolvableEntry,
} from '@caliber/contracts';
import { evaluateRows, type ImportContext } from './import-rows';
import { closestNames } from './suggestions';
import type * as Suggestions from './suggestions';

// The real suggestions, counted: each call compares a text with every name of a list.
jest.mock('./suggestions', () => {
  const actual = jest.requireActual<typeof Suggestions>('./suggestions');
  return { ...actual, closestNames: jest.fn(actual.closestNames) };
});
const computed = jest.mocked(closestNames);

const entry = (kind: 'department' | 'category', name: string): ResolvableEntry => ({
  kind,
  name,
  parentId: null,
  retired: false,
  formerNames: [],
});

const context: ImportContext = {
  columns: Object.fromEntries(
    INVENTORY_IMPORT_KEYS.map((key, index) => [key, index + 1]),
  ) as InventoryFileColumns,
  dateOrder: 'DMY',
  lists: new ListIndex([entry('department', 'Cardiology'), entry('category', 'Ventilator')]),
  active: { department: ['Cardiology', 'Radiology'], category: ['Ventilator', 'Monitor'], supplier: [] },
  suppliers: new Map(),
  existing: new Map(),
  acquisitions: new Map(),
  hospitalToday: '2026-11-25',
  role: 'Engineer',
};

const row = (line: number, department: string, category: string): InventoryFileRow => ({
  line,
  cells: {
    name: 'Ventilator',
    manufacturer: 'Dräger',
    model: 'Evita V500',
    serialNumber: `SN-${line}`,
    udi: '',
    department,
    location: 'Bed 4',
    installationDate: '2021-03-04',
    warrantyExpiry: '',
    status: 'Serviceable',
    category,
    acquisitionCost: '',
    purchaseDate: '',
    supplier: '',
    expectedLifeYears: '',
  },
});

describe('the "did you mean" suggestions of an import', () => {
  beforeEach(() => computed.mockClear());

  it('are computed once per distinct unknown text of a list, however many rows write it', () => {
    // 3,000 rows with two misspelt departments (in several cases and spacings) and one unknown category.
    const departments = ['Cardiolgy', 'CARDIOLGY', ' cardiolgy ', 'Radiolgy'];
    const rows = Array.from({ length: 3_000 }, (_, at) =>
      row(at + 2, departments[at % departments.length] ?? '', 'Ventilatr'),
    );
    const outcomes = evaluateRows(rows, context);
    expect(outcomes.every((outcome) => outcome.action === 'refused')).toBe(true);
    expect(outcomes[0]?.problems.map((problem) => problem.message)).toEqual([
      'Department "Cardiolgy" is not one of the hospital\'s departments. Did you mean "Cardiology"?',
      'Category "Ventilatr" is not one of the equipment categories. Did you mean "Ventilator"?',
    ]);
    // Each row's message still quotes what that row wrote.
    expect(outcomes[1]?.problems[0]?.message).toBe(
      'Department "CARDIOLGY" is not one of the hospital\'s departments. Did you mean "Cardiology"?',
    );
    expect(outcomes[3]?.problems[0]?.message).toMatch(
      /^Department "Radiolgy" .* Did you mean "Radiology"\?$/,
    );
    // Cardiolgy (any case and spacing), Radiolgy, Ventilatr.
    expect(computed).toHaveBeenCalledTimes(3);
  });

  it('are computed again for the next file: lists may have changed meanwhile', () => {
    evaluateRows([row(2, 'Cardiolgy', 'Ventilator')], context);
    evaluateRows([row(2, 'Cardiolgy', 'Ventilator')], context);
    expect(computed).toHaveBeenCalledTimes(2);
  });
});
