/** Staff roles. Manager exists as a role but has no distinct behaviour of its own yet. */
export const ROLES = ['Technician', 'Engineer', 'Manager', 'Admin'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'Technician';

/** The role filter on the user list offers only these. */
export const ROLE_FILTER_OPTIONS = ['All', 'Technician', 'Engineer', 'Admin'] as const;

/** Full access (see all tasks, assign, certify, manage the roster) means Admin or Engineer. */
export const FULL_ACCESS_ROLES: readonly Role[] = ['Engineer', 'Admin'];

/** Role comparison is case-insensitive everywhere: 'engineer' and 'Engineer' are the same role. */
export function roleIs(actual: string | null | undefined, expected: Role): boolean {
  return typeof actual === 'string' && actual.toLowerCase() === expected.toLowerCase();
}

export function hasFullAccess(role: string | null | undefined): boolean {
  return FULL_ACCESS_ROLES.some((r) => roleIs(role, r));
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
