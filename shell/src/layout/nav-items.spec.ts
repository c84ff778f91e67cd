import { activeNavPath, NAV_ITEMS, navItemsFor } from './nav-items';

describe('side navigation', () => {
  it('lists the eight entries in order, Users included', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'Equipment',
      'Maintenance',
      'Tasks',
      'Users',
      'Reports',
      'Audit trail',
      'Settings',
    ]);
  });

  it('shows the audit trail to Engineers, Managers and Admins only', () => {
    const labels = (role: string) => navItemsFor(role).map((item) => item.label);
    expect(labels('Technician')).not.toContain('Audit trail');
    expect(labels('Technician')).toHaveLength(7);
    for (const role of ['Engineer', 'Manager', 'admin']) expect(labels(role)).toContain('Audit trail');
  });

  it('takes the active entry from the first path segment', () => {
    expect(activeNavPath('/equipment')).toBe('/equipment');
    expect(activeNavPath('/tasks/123/work')).toBe('/tasks');
    expect(activeNavPath('/settings/')).toBe('/settings');
    expect(activeNavPath('/add-equipment')).toBeUndefined();
    expect(activeNavPath('/')).toBeUndefined();
  });
});
