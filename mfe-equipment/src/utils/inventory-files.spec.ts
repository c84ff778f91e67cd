import { assetLabelsRequestSchema, inventoryExportQuerySchema, LABEL_LAYOUTS } from '@caliber/contracts';
import type { ListFilters } from '../hooks/use-equipment-list';
import {
  exportPath,
  filtersKey,
  labelSheetsLine,
  labelsProblem,
  labelsRequest,
  maxSkip,
} from './inventory-files';

const FILTERS: ListFilters = {
  q: ' ventilator ',
  department: 'ICU',
  status: 'Serviceable',
  riskClass: 'High',
  pmProgram: '',
  recall: 'open',
  page: 3,
};
const NONE: ListFilters = {
  q: '',
  department: '',
  status: '',
  riskClass: '',
  pmProgram: '',
  recall: '',
  page: 1,
};
const ID = '0b9a7e1c-3f2d-4c55-9a7e-1c3f2d4c559a';

describe('inventory export and labels', () => {
  it('exports with the filters that are set, which the export query accepts', () => {
    const path = exportPath(FILTERS, 'xlsx');
    expect(path).toBe(
      '/equipment/export?format=xlsx&q=ventilator&department=ICU&status=Serviceable&riskClass=High&recall=open',
    );
    const query = Object.fromEntries(new URLSearchParams(path.split('?')[1]));
    expect(inventoryExportQuerySchema.parse(query)).toMatchObject({
      format: 'xlsx',
      department: 'ICU',
      recall: 'open',
    });
    expect(exportPath(NONE, 'csv')).toBe('/equipment/export?format=csv');
  });

  it('keeps a selection across pages of the same filters, not across other filters', () => {
    expect(filtersKey({ ...FILTERS, page: 1 })).toBe(filtersKey(FILTERS));
    expect(filtersKey({ ...FILTERS, department: 'NICU' })).not.toBe(filtersKey(FILTERS));
  });

  it('asks for the devices chosen or the filtered inventory, as the labels contract takes them', () => {
    const chosen = labelsRequest({ layout: 'a4-24', skip: 5, scope: 'selected' }, [ID], FILTERS);
    expect(chosen).toEqual({ layout: 'a4-24', ids: [ID], skip: 5 });
    expect(assetLabelsRequestSchema.safeParse(chosen).success).toBe(true);
    const filtered = labelsRequest({ layout: 'letter-30', skip: 0, scope: 'filtered' }, [ID], FILTERS);
    expect(filtered).toMatchObject({
      layout: 'letter-30',
      skip: 0,
      filters: { q: 'ventilator', department: 'ICU' },
    });
    expect(assetLabelsRequestSchema.safeParse(filtered).success).toBe(true);
    // A skip past the sheet is brought back within it, so the request is never refused for it.
    expect(labelsRequest({ layout: 'a4-14', skip: 40, scope: 'selected' }, [ID], NONE).skip).toBe(13);
  });

  it('skips at most all but one label of a sheet, and nothing on a roll', () => {
    for (const layout of LABEL_LAYOUTS) expect(maxSkip(layout.id)).toBe(layout.columns * layout.rows - 1);
    expect(maxSkip('roll-62x29')).toBe(0);
  });

  it('says how many sheets the labels fill', () => {
    expect(labelSheetsLine('a4-21', 0, 57)).toBe('57 labels on 3 sheets of 21.');
    expect(labelSheetsLine('a4-21', 5, 16)).toBe(
      '16 labels on 1 sheet of 21, after the 5 labels already used on the first.',
    );
    expect(labelSheetsLine('a4-21', 6, 16)).toBe(
      '16 labels on 2 sheets of 21, after the 6 labels already used on the first.',
    );
    expect(labelSheetsLine('roll-2x1', 0, 1)).toBe('1 label, one a page.');
  });

  it('refuses nothing to print and more labels than one file holds', () => {
    expect(labelsProblem(0)).toBe('No devices to print labels for.');
    expect(labelsProblem(5000)).toBeNull();
    expect(labelsProblem(5001)).toBe(
      'At most 5,000 labels fit in one file: narrow the filters (print one department at a time).',
    );
  });
});
