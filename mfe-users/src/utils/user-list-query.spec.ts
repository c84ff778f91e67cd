import { pageLine, roleTone, userFiltersOf, userListQuery } from './user-list-query';

describe('user list query', () => {
  it('reads the filters from the address, page 1 by default, and drops what the list does not offer', () => {
    expect(
      userFiltersOf(new URLSearchParams('q=kofi&role=Engineer&department=ICU&active=false&page=3')),
    ).toEqual({ q: 'kofi', role: 'Engineer', department: 'ICU', active: 'false', page: 3 });
    expect(userFiltersOf(new URLSearchParams('role=Wizard&active=maybe&page=-1'))).toEqual({
      q: '',
      role: '',
      department: '',
      active: '',
      page: 1,
    });
  });

  it('asks for 12 a page and leaves empty filters out', () => {
    expect(userListQuery({ q: '  ', role: '', department: '', active: '', page: 1 })).toBe('page=1&limit=12');
    expect(
      userListQuery({ q: ' BME-1 ', role: 'Admin', department: 'Main Theatre', active: 'true', page: 2 }),
    ).toBe('page=2&limit=12&q=BME-1&role=Admin&department=Main+Theatre&active=true');
  });

  it("writes 'Page x / y', an empty list as page 1 of 1", () => {
    expect(pageLine(2, 5)).toBe('Page 2 / 5');
    expect(pageLine(1, 0)).toBe('Page 1 / 1');
  });

  it('colours role badges as the spec says', () => {
    expect(roleTone('Admin')).toBe('red');
    expect(roleTone('engineer')).toBe('blue');
    expect(roleTone('Technician')).toBe('teal');
    expect(roleTone('Manager')).toBe('purple');
  });
});
