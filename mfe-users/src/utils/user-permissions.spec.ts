import {
  canChangeActive,
  canChangeRole,
  canDelete,
  canEdit,
  canManageRoster,
  roleChoices,
  roleLockReason,
} from './user-permissions';

const engineer = { _id: 'e1', role: 'Engineer' };
const admin = { _id: 'a1', role: 'admin' };
const technician = { _id: 't1', role: 'Technician' };
const manager = { _id: 'm1', role: 'Manager' };

describe('user permissions', () => {
  it('lets only Engineers and Admins manage the roster, whatever the case of the role', () => {
    expect(canManageRoster(engineer)).toBe(true);
    expect(canManageRoster(admin)).toBe(true);
    expect(canManageRoster(technician)).toBe(false);
    expect(canManageRoster(manager)).toBe(false);
  });

  it('offers the Admin role only to an Admin', () => {
    expect(roleChoices(admin, null)).toContain('Admin');
    expect(roleChoices(engineer, null)).not.toContain('Admin');
    // Clinical staff are rostered like everyone else (they sign in through single sign-on only).
    expect(roleChoices(engineer, 'Technician')).toEqual(['Technician', 'Engineer', 'Manager', 'Clinical']);
    // An Admin's row keeps its role visible to an Engineer, who cannot change it.
    expect(roleChoices(engineer, 'Admin')).toContain('Admin');
  });

  it('never lets a person change their own role, deactivate or delete themselves', () => {
    expect(canChangeRole(engineer, { _id: 'e1', role: 'Engineer' })).toBe(false);
    expect(canChangeActive(engineer, { _id: 'e1' })).toBe(false);
    expect(canDelete(engineer, { _id: 'e1', role: 'Engineer' as const })).toBe(false);
    expect(roleLockReason(engineer, { _id: 'e1', role: 'Engineer' })).toBe(
      'You cannot change your own role.',
    );
  });

  it("lets only an Admin change an Admin's role", () => {
    expect(canChangeRole(engineer, { _id: 'x', role: 'Admin' })).toBe(false);
    expect(roleLockReason(engineer, { _id: 'x', role: 'Admin' })).toBe(
      'Only an Admin may grant or remove the Admin role.',
    );
    expect(canChangeRole(admin, { _id: 'x', role: 'Admin' })).toBe(true);
    expect(canChangeRole(engineer, { _id: 'x', role: 'Technician' })).toBe(true);
    expect(canChangeRole(engineer, null)).toBe(true);
  });

  it('gives nothing to change to those who may not manage the roster', () => {
    expect(canChangeRole(technician, null)).toBe(false);
    expect(canChangeActive(manager, { _id: 'x' })).toBe(false);
    expect(canDelete(technician, { _id: 'x', role: 'Technician' as const })).toBe(false);
  });

  it("leaves an Admin's account to Admins", () => {
    const anAdmin = { _id: 'a2', role: 'Admin' as const };
    expect(canEdit(engineer, anAdmin)).toBe(false);
    expect(canDelete(engineer, anAdmin)).toBe(false);
    expect(canEdit(admin, anAdmin)).toBe(true);
    expect(canDelete(admin, anAdmin)).toBe(true);
    expect(canDelete(engineer, { _id: 't2', role: 'Technician' as const })).toBe(true);
  });
});
