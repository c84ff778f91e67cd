import { countLine, showingLine } from './count-line';

describe('inventory count lines', () => {
  it('names the department, the status and the search', () => {
    expect(countLine(12, '', '', '')).toBe(
      '12 equipment(s) found in All Departments with status All Statuses',
    );
    expect(countLine(1, 'ICU', 'Serviceable', ' evita ')).toBe(
      '1 equipment(s) found in ICU with status Serviceable matching "evita"',
    );
  });

  it('says which items of the total are shown', () => {
    expect(showingLine(1, 9, 9, 20)).toBe('Showing 1-9 of 20 total');
    expect(showingLine(3, 9, 2, 20)).toBe('Showing 19-20 of 20 total');
    expect(showingLine(1, 9, 0, 0)).toBe('Showing 0-0 of 0 total');
  });
});
