import { activeNavPath, NAV_ITEMS } from './nav-items';

describe('side navigation', () => {
  it('lists the eight entries in order, Users included', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'Equipment',
      'Recalls',
      'Maintenance',
      'Tasks',
      'Users',
      'Reports',
      'Settings',
    ]);
  });

  it('takes the active entry from the longest path that begins the location', () => {
    expect(activeNavPath('/equipment')).toBe('/equipment');
    expect(activeNavPath('/equipment/0b9a7e1c')).toBe('/equipment');
    expect(activeNavPath('/equipment/recalls')).toBe('/equipment/recalls');
    expect(activeNavPath('/equipment/recalls/new')).toBe('/equipment/recalls');
    expect(activeNavPath('/equipmentx')).toBeUndefined();
    expect(activeNavPath('/tasks/123/work')).toBe('/tasks');
    expect(activeNavPath('/settings/')).toBe('/settings');
    expect(activeNavPath('/add-equipment')).toBeUndefined();
    expect(activeNavPath('/')).toBeUndefined();
  });
});
