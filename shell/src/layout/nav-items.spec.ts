import { activeNavPath, NAV_ITEMS } from './nav-items';

describe('side navigation', () => {
  it('lists the seven entries in order, Users included', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'Equipment',
      'Maintenance',
      'Tasks',
      'Users',
      'Reports',
      'Settings',
    ]);
  });

  it('takes the active entry from the first path segment', () => {
    expect(activeNavPath('/equipment')).toBe('/equipment');
    expect(activeNavPath('/tasks/123/work')).toBe('/tasks');
    expect(activeNavPath('/settings/')).toBe('/settings');
    expect(activeNavPath('/add-equipment')).toBeUndefined();
    expect(activeNavPath('/')).toBeUndefined();
  });
});
