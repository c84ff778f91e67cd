import { addEntrySchema, isRename, NAME_MISSING, renameEntrySchema } from './list-forms';

const messages = (schema: typeof addEntrySchema, name: string) => {
  const result = schema.safeParse({ name });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the hospital lists forms', () => {
  it('Add refuses a blank name with its own words, then the contract’s name rules', () => {
    expect(messages(addEntrySchema, '  ')).toEqual([['name', NAME_MISSING]]);
    expect(NAME_MISSING).toBe('Type a name to add.');
    expect(messages(addEntrySchema, 'x'.repeat(101))).toEqual([
      ['name', 'Name must have at most 100 characters.'],
    ]);
    expect(messages(addEntrySchema, 'Burns Unit')).toEqual([]);
  });

  it('Rename lets a blank name through (it closes the line) and checks the rest as the contract does', () => {
    expect(messages(renameEntrySchema, '')).toEqual([]);
    expect(messages(renameEntrySchema, 'Bay\u00071')).toEqual([
      ['name', 'Name cannot hold control characters.'],
    ]);
  });

  it('a rename is a name that is neither blank nor the one the entry has', () => {
    expect(isRename('ICU', ' ICU ')).toBe(false);
    expect(isRename('ICU', '   ')).toBe(false);
    expect(isRename('ICU', 'Intensive Care')).toBe(true);
  });
});
