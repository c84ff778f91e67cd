import type { IconName } from './icons';

export interface NavItem {
  label: string;
  path: string;
  icon: IconName;
}

/** The side navigation: every entry is shown to everyone, Users included (the route still guards it). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
  { label: 'Equipment', path: '/equipment', icon: 'equipment' },
  { label: 'Maintenance', path: '/maintenance', icon: 'maintenance' },
  { label: 'Tasks', path: '/tasks', icon: 'tasks' },
  { label: 'Users', path: '/users', icon: 'users' },
  { label: 'Reports', path: '/reports', icon: 'reports' },
  { label: 'Settings', path: '/settings', icon: 'settings' },
];

/** The active entry is the one whose path is the location's first segment. */
export function activeNavPath(pathname: string): string | undefined {
  const segment = pathname.split('/').filter(Boolean)[0];
  return NAV_ITEMS.find((item) => item.path === `/${segment ?? ''}`)?.path;
}
