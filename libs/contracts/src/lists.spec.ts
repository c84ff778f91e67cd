import {
  activeChoices,
  addListEntrySchema,
  ListIndex,
  listValueRefusal,
  OTHER_CATEGORY,
  updateListEntrySchema,
  type ListEntryDto,
} from './lists';

const entry = (name: string, extra: Partial<ListEntryDto> = {}): ListEntryDto => ({
  _id: `id-${name}`,
  kind: 'department',
  name,
  parentId: null,
  retired: false,
  retiredAt: null,
  formerNames: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...extra,
});

describe('the hospital lists', () => {
  const radiology = entry('Radiology Department', {
    formerNames: [{ name: 'Radiology', until: '2026-02-01T00:00:00.000Z' }],
  });
  const icu = entry('ICU');
  const bayA = entry('Bay A', { kind: 'ward', parentId: icu._id });
  const index = new ListIndex([radiology, icu, bayA, entry('Monitor', { kind: 'category' })]);

  it('find an entry by any name it had, without regard to case or spaces', () => {
    expect(index.find('department', ' radiology ')?.name).toBe('Radiology Department');
    expect(index.find('department', 'RADIOLOGY   department')?.name).toBe('Radiology Department');
    expect(index.find('department', 'icu')?.name).toBe('ICU');
    expect(index.find('department', 'Monitor')).toBeUndefined();
    expect(index.find('category', 'monitor')?.name).toBe('Monitor');
    // A ward is found within its department only.
    expect(index.find('ward', 'bay a', icu._id)?.name).toBe('Bay A');
    expect(index.find('ward', 'bay a', radiology._id)).toBeUndefined();
  });

  it('prefer a current name over a former one an older copy may still hold', () => {
    const lagging = new ListIndex([
      entry('Outpatients', { formerNames: [{ name: 'OPD', until: '2026-02-01T00:00:00.000Z' }] }),
      entry('OPD', { _id: 'new' }),
    ]);
    expect(lagging.find('department', 'opd')?._id).toBe('new');
  });

  it('refuse a value the list does not have, and a retired one unless the record keeps it', () => {
    const closed = entry('Old Ward', { retired: true });
    expect(listValueRefusal('department', 'Moon Base', undefined, null)).toBe(
      'Department "Moon Base" is not one of the hospital\'s departments.',
    );
    expect(listValueRefusal('category', 'Toaster', undefined, null)).toBe(
      'Category "Toaster" is not one of the equipment categories.',
    );
    expect(listValueRefusal('department', 'old ward', closed, null)).toBe(
      'Department "Old Ward" is retired: choose another, or ask an Admin to restore it.',
    );
    expect(listValueRefusal('department', 'old ward', closed, 'Old Ward')).toBeNull();
    expect(listValueRefusal('department', 'icu', icu, null)).toBeNull();
  });

  it('offer the active entries in a form, by name, Other last, with the value a record keeps', () => {
    const categories = [
      entry('X-Ray', { kind: 'category' }),
      entry(OTHER_CATEGORY, { kind: 'category' }),
      entry('autoclave', { kind: 'category' }),
      entry('Lamp', { kind: 'category', retired: true }),
    ];
    expect(activeChoices(categories)).toEqual(['autoclave', 'X-Ray', 'Other']);
    expect(activeChoices(categories, 'Lamp')).toEqual(['Lamp', 'autoclave', 'X-Ray', 'Other']);
    expect(activeChoices(categories, 'X-Ray')).toEqual(['autoclave', 'X-Ray', 'Other']);
  });

  it('take names an Admin types, tidied, and refuse what a list cannot hold', () => {
    expect(addListEntrySchema.parse({ kind: 'department', name: '  Burns   Unit ' }).name).toBe('Burns Unit');
    expect(addListEntrySchema.safeParse({ kind: 'ward', name: 'Bay C' }).error?.issues[0]?.message).toBe(
      'A ward names its department (parentId); a department or category names none.',
    );
    expect(addListEntrySchema.safeParse({ kind: 'department', name: 'A\u0007B' }).success).toBe(false);
    expect(addListEntrySchema.safeParse({ kind: 'shelf', name: 'A' }).success).toBe(false);
    // A category is stored on every device in 40 characters; a department in 100.
    const long = 'Anaesthesia, Respiratory and Critical Care Equipment';
    expect(addListEntrySchema.safeParse({ kind: 'category', name: long }).error?.issues[0]?.message).toBe(
      "A category's name may have at most 40 characters.",
    );
    expect(addListEntrySchema.safeParse({ kind: 'department', name: long }).success).toBe(true);
    expect(updateListEntrySchema.safeParse({ version: 3 }).error?.issues[0]?.message).toBe(
      'Send a new name, or retired true or false.',
    );
    expect(updateListEntrySchema.parse({ name: 'Outpatients', version: 3 })).toEqual({
      name: 'Outpatients',
      version: 3,
    });
  });
});
