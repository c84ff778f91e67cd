/**
 * Roles. The first four are the biomedical department's staff; Manager exists as a role but has no
 * distinct behaviour of its own yet. `Clinical` is the ward's staff (nurses, theatre and ward
 * staff): they sign in only through single sign-on, report faults, see the devices of the ward
 * they work in (their roster `department`) and follow their own reports, and nothing else.
 */
export const ROLES = ['Technician', 'Engineer', 'Manager', 'Admin', 'Clinical'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'Technician';

/** The biomedical department's own staff: every role but clinical staff. */
export const STAFF_ROLES: readonly Role[] = ['Technician', 'Engineer', 'Manager', 'Admin'];

/** How a role is named on the screens where it is not its own word. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  Technician: 'Technician',
  Engineer: 'Engineer',
  Manager: 'Manager',
  Admin: 'Admin',
  Clinical: 'Clinical staff',
};

/** The role filter on the user list offers only these. */
export const ROLE_FILTER_OPTIONS = ['All', 'Technician', 'Engineer', 'Admin', 'Clinical'] as const;

/** Full access (see all tasks, assign, certify, manage the roster) means Admin or Engineer. */
export const FULL_ACCESS_ROLES: readonly Role[] = ['Engineer', 'Admin'];

/** Only Admins: the hospital's lists, the sign-in policy and the notifications' delivery record. */
export const ADMIN_ROLES: readonly Role[] = ['Admin'];

/** Role comparison is case-insensitive everywhere: 'engineer' and 'Engineer' are the same role. */
export function roleIs(actual: string | null | undefined, expected: Role): boolean {
  return typeof actual === 'string' && actual.toLowerCase() === expected.toLowerCase();
}

export function hasFullAccess(role: string | null | undefined): boolean {
  return FULL_ACCESS_ROLES.some((r) => roleIs(role, r));
}

/**
 * Clinical staff (any casing): they reach only Report Issue, their ward's devices, their own
 * reports and their own settings. Every rule that would otherwise treat an unknown or lesser role
 * as a Technician asks this first.
 */
export function isClinical(role: string | null | undefined): boolean {
  return roleIs(role, 'Clinical');
}

/**
 * The ward a caller's view of the inventory is limited to: null for the department's staff (the
 * whole inventory); for clinical staff the ward they work in (`ward`, their roster department), or
 * '' when their roster entry names none, which matches no device.
 */
export function wardLimit(user: { role: string; ward?: string } | undefined): string | null {
  if (!user || !isClinical(user.role)) return null;
  return user.ward?.trim() ?? '';
}

/** Whether a device of `department` is within a ward limit (`wardLimit`). */
export function withinWard(limit: string | null, department: string): boolean {
  return limit === null || (limit !== '' && limit.toLowerCase() === department.trim().toLowerCase());
}

/** One of the biomedical department's staff (not clinical staff, not an unknown role). */
export function isStaff(role: string | null | undefined): boolean {
  return STAFF_ROLES.some((staff) => roleIs(role, staff));
}

/** Maps any casing of a role name to its canonical spelling, or undefined when it is not a role. */
export function canonicalRole(value: string): Role | undefined {
  return ROLES.find((r) => r.toLowerCase() === value.trim().toLowerCase());
}

/**
 * Who may read the audit trail: Engineers, Managers and Admins. Audit rows hold personal data (a
 * person's phone number and e-mail address in identity's changes, who signed in when), so a
 * Technician, who sees only their own work elsewhere, is refused (403) by every service and the
 * gateway alike. It lives here, not beside the audit contracts, because the shell's sign-in
 * bundle reads it and must not carry their zod schemas.
 */
export const AUDIT_READER_ROLES: readonly Role[] = ['Engineer', 'Manager', 'Admin'];

export function mayReadAuditTrail(role: string | null | undefined): boolean {
  return AUDIT_READER_ROLES.some((reader) => roleIs(role, reader));
}

/**
 * Who reads costs (the hospital currency, the labour rates and what the work cost): those who
 * oversee the work, Engineers, Managers and Admins; Technicians and clinical staff do not. Here
 * with the other role lists, so the shell's route table guards the costs screens without carrying
 * the costs contracts' zod schemas.
 */
export const COST_READER_ROLES: readonly Role[] = ['Engineer', 'Manager', 'Admin'];
