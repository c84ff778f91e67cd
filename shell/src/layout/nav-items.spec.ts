import { activeNavPath, NAV_ITEMS, navItemsFor } from './nav-items';

describe('side navigation', () => {
  it('lists the eleven staff entries in order, Users included', () => {
    expect(navItemsFor('Admin').map((item) => item.label)).toEqual([
      'Dashboard',
      'Equipment',
      'Recalls',
      'Vendors',
      'Service contracts',
      'Maintenance',
      'Tasks',
      'Users',
      'Labour rates',
      'Reports',
      'Audit trail',
      'Settings',
    ]);
  });

  it('shows clinical staff their four entries only: Report Issue, their ward, their reports, Settings', () => {
    expect(navItemsFor('clinical').map((item) => [item.label, item.path])).toEqual([
      ['Report Issue', '/report-issue'],
      ['Ward devices', '/equipment'],
      ['My reports', '/my-reports'],
      ['Settings', '/settings'],
    ]);
    // Every entry is for someone: none is left without a role that sees it.
    expect(NAV_ITEMS.filter((item) => item.roles?.length === 0)).toEqual([]);
  });

  it('shows the audit trail, the labour rates and the service contracts to Engineers, Managers and Admins only', () => {
    const labels = (role: string) => navItemsFor(role).map((item) => item.label);
    expect(labels('Technician')).not.toContain('Audit trail');
    expect(labels('Technician')).not.toContain('Labour rates');
    expect(labels('Technician')).not.toContain('Service contracts');
    expect(labels('Technician')).toHaveLength(9);
    expect(labels('Clinical')).not.toContain('Service contracts');
    for (const role of ['Engineer', 'Manager', 'admin']) {
      expect(labels(role)).toContain('Audit trail');
      expect(labels(role)).toContain('Labour rates');
      expect(labels(role)).toContain('Service contracts');
    }
  });

  it('takes the active entry from the longest path that begins the location', () => {
    expect(activeNavPath('/equipment')).toBe('/equipment');
    expect(activeNavPath('/equipment/0b9a7e1c')).toBe('/equipment');
    expect(activeNavPath('/equipment/recalls')).toBe('/equipment/recalls');
    expect(activeNavPath('/equipment/recalls/new')).toBe('/equipment/recalls');
    expect(activeNavPath('/equipment/vendors')).toBe('/equipment/vendors');
    expect(activeNavPath('/equipment/contracts')).toBe('/equipment/contracts');
    expect(activeNavPath('/equipment/contracts/new')).toBe('/equipment/contracts');
    expect(activeNavPath('/equipment/contracts/9a8b7c6d/edit')).toBe('/equipment/contracts');
    expect(activeNavPath('/equipmentx')).toBeUndefined();
    expect(activeNavPath('/tasks/123/work')).toBe('/tasks');
    expect(activeNavPath('/settings/')).toBe('/settings');
    expect(activeNavPath('/users/labour-rates')).toBe('/users/labour-rates');
    expect(activeNavPath('/users/on-call')).toBe('/users');
    expect(activeNavPath('/add-equipment')).toBeUndefined();
    expect(activeNavPath('/')).toBeUndefined();
  });
});
