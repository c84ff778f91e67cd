import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_REPORT_DEFAULTS, type UserDto } from '@caliber/contracts';

/** A rostered person as the API answers one, for tests. */
export function userFixture(changes: Partial<UserDto> = {}): UserDto {
  return {
    _id: 'u1',
    serviceNumber: 'BME-2001',
    name: 'Kofi Darko',
    email: 'kofi@example.org',
    phoneNumber: '+15550100',
    role: 'Technician',
    department: 'ICU',
    isActive: true,
    preApproved: false,
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
