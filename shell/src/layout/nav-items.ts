import { AUDIT_READER_ROLES, COST_READER_ROLES, roleIs, STAFF_ROLES, type Role } from '@caliber/contracts';
import type { IconName } from './icons';

export interface NavItem {
  label: string;
  path: string;
  icon: IconName;
  /** Only these roles see the entry (none: everyone). */
  roles?: readonly Role[];
}

const CLINICAL: readonly Role[] = ['Clinical'];

/**
 * The side navigation: every staff entry is shown to all staff, Users included (the route still
 * guards it), but the audit trail, which only its readers see (it holds staff's personal details),
 * and the labour rates and service contracts, which only those who read costs see (Engineers,
 * Managers and Admins; a Manager reaches the rates no other way, as User Management is not theirs).
 * Clinical staff see their own four: Report Issue, their ward's devices, their reports and
 * Settings.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: 'dashboard', roles: STAFF_ROLES },
  { label: 'Report Issue', path: '/report-issue', icon: 'maintenance', roles: CLINICAL },
  { label: 'Ward devices', path: '/equipment', icon: 'equipment', roles: CLINICAL },
  { label: 'My reports', path: '/my-reports', icon: 'tasks', roles: CLINICAL },
  { label: 'Equipment', path: '/equipment', icon: 'equipment', roles: STAFF_ROLES },
  { label: 'Recalls', path: '/equipment/recalls', icon: 'recalls', roles: STAFF_ROLES },
  { label: 'Vendors', path: '/equipment/vendors', icon: 'users', roles: STAFF_ROLES },
  { label: 'Service contracts', path: '/equipment/contracts', icon: 'costs', roles: COST_READER_ROLES },
  { label: 'Maintenance', path: '/maintenance', icon: 'maintenance', roles: STAFF_ROLES },
  { label: 'Tasks', path: '/tasks', icon: 'tasks', roles: STAFF_ROLES },
  { label: 'Users', path: '/users', icon: 'users', roles: STAFF_ROLES },
  { label: 'Labour rates', path: '/users/labour-rates', icon: 'costs', roles: COST_READER_ROLES },
  { label: 'Reports', path: '/reports', icon: 'reports', roles: STAFF_ROLES },
  { label: 'Audit trail', path: '/audit', icon: 'audit', roles: AUDIT_READER_ROLES },
  { label: 'Settings', path: '/settings', icon: 'settings' },
];

/** The entries a person of `role` sees. */
export function navItemsFor(role: string | null | undefined): readonly NavItem[] {
  return NAV_ITEMS.filter((item) => !item.roles || item.roles.some((allowed) => roleIs(role, allowed)));
}

/** The active entry is the one whose path is the location's first segment. */
/**
 * The active entry is the one whose path begins the location, segment by segment, the longest
 * such path winning: /equipment/recalls/7 is under Recalls, /equipment/7 under Equipment.
 */
export function activeNavPath(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let best: string | undefined;
  for (const item of NAV_ITEMS) {
    const own = item.path.split('/').filter(Boolean);
    const begins = own.length > 0 && own.every((segment, at) => segments[at] === segment);
    if (begins && (!best || own.length > best.split('/').filter(Boolean).length)) best = item.path;
  }
  return best;
}
