import { canonicalRole, hasFullAccess, roleIs } from './roles';
import { newStaffSchema, serviceNumberSchema } from './users';
import { verifyOtpSchema } from './auth';

describe('roles', () => {
  it('compare without regard to case', () => {
    expect(roleIs('engineer', 'Engineer')).toBe(true);
    expect(roleIs('ENGINEER', 'Engineer')).toBe(true);
    expect(roleIs('Admin', 'Engineer')).toBe(false);
    expect(roleIs(undefined, 'Engineer')).toBe(false);
    expect(hasFullAccess('admin')).toBe(true);
    expect(hasFullAccess('Technician')).toBe(false);
    expect(hasFullAccess('Manager')).toBe(false);
    expect(canonicalRole(' technician ')).toBe('Technician');
    expect(canonicalRole('nurse')).toBeUndefined();
  });
});

describe('schemas', () => {
  it('normalise service numbers to upper case', () => {
    expect(serviceNumberSchema.parse(' bme-1001 ')).toBe('BME-1001');
  });

  it('give new staff the spec defaults', () => {
    const staff = newStaffSchema.parse({
      serviceNumber: 'x-1',
      name: 'Ama',
      phoneNumber: '+1 (555) 010-0101',
    });
    expect(staff).toEqual({
      serviceNumber: 'X-1',
      name: 'Ama',
      phoneNumber: '+15550100101',
      role: 'Technician',
      department: 'TSEU',
      email: null,
      isActive: true,
      preApproved: false,
    });
  });

  it('trim the code but keep it at six digits', () => {
    expect(verifyOtpSchema.parse({ serviceNumber: 'A-1', otp: ' 012345 ' }).otp).toBe('012345');
    expect(verifyOtpSchema.safeParse({ serviceNumber: 'A-1', otp: '01234' }).success).toBe(false);
  });
});
