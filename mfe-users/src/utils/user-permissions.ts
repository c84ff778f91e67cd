import { ROLES, ROSTER_MANAGER_ROLES, roleIs, type Role, type UserDto } from '@caliber/contracts';

/** Who is looking at the roster: enough of the signed-in user to decide what they may do. */
export interface Viewer {
  _id: string;
  role: string;
}

/** Engineers and Admins add, edit and delete staff; everyone else sees the list read-only. */
export function canManageRoster(viewer: Viewer): boolean {
  return ROSTER_MANAGER_ROLES.some((role) => roleIs(viewer.role, role));
}

export function isSelf(viewer: Viewer, user: Pick<UserDto, '_id'>): boolean {
  return viewer._id === user._id;
}

/** An Admin's account is an Admin's to change or delete; the server refuses anyone else. */
export function canEdit(viewer: Viewer, user: Pick<UserDto, 'role'>): boolean {
  return canManageRoster(viewer) && (roleIs(viewer.role, 'Admin') || !roleIs(user.role, 'Admin'));
}

/** Nobody deletes themselves, and only an Admin deletes an Admin; the server refuses these too. */
export function canDelete(viewer: Viewer, user: Pick<UserDto, '_id' | 'role'>): boolean {
  return canEdit(viewer, user) && !isSelf(viewer, user);
}

/**
 * Whether the role select may change this person's role: never one's own, and an Admin's only by
 * an Admin (only an Admin grants or removes the Admin role).
 */
export function canChangeRole(viewer: Viewer, user: Pick<UserDto, '_id' | 'role'> | null): boolean {
  if (!canManageRoster(viewer)) return false;
  if (!user) return true;
  if (isSelf(viewer, user)) return false;
  return roleIs(viewer.role, 'Admin') || !roleIs(user.role, 'Admin');
}

/** Nobody deactivates themselves. */
export function canChangeActive(viewer: Viewer, user: Pick<UserDto, '_id'> | null): boolean {
  return canManageRoster(viewer) && (!user || !isSelf(viewer, user));
}

/**
 * The roles the form offers: all of them to an Admin; without Admin to anyone else, except that
 * a person who is an Admin already keeps their role in the list (shown, not changeable).
 */
export function roleChoices(viewer: Viewer, currentRole: Role | null): Role[] {
  if (roleIs(viewer.role, 'Admin')) return [...ROLES];
  return ROLES.filter((role) => role !== 'Admin' || currentRole === 'Admin');
}

/** Why a control is locked, for its hint; null when it is not. */
export function roleLockReason(viewer: Viewer, user: Pick<UserDto, '_id' | 'role'> | null): string | null {
  if (!user || canChangeRole(viewer, user)) return null;
  if (isSelf(viewer, user)) return 'You cannot change your own role.';
  return 'Only an Admin may grant or remove the Admin role.';
}
