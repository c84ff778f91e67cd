import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_REPORT_DEFAULTS,
  type Role,
  type UserDto,
} from '@caliber/contracts';

/** Someone signed in, as `GET /auth/me` answers, for the task screens' component tests. */
export function viewer(role: Role, changes: Partial<UserDto> = {}): UserDto {
  return {
    _id: `${role.toLowerCase()}-1`,
    serviceNumber: 'BME-1002',
    name: role === 'Technician' ? 'Kofi Darko' : 'Kwame Boateng',
    email: null,
    phoneNumber: '+15550102',
    role,
    department: 'TSEU',
    isActive: true,
    preApproved: true,
    avatar: null,
    lastLoginAt: null,
    notifications: DEFAULT_NOTIFICATION_SETTINGS,
    reportDefaults: DEFAULT_REPORT_DEFAULTS,
    theme: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...changes,
  };
}
