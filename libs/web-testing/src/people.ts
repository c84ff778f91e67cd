import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_REPORT_DEFAULTS, type UserDto } from '@caliber/contracts';

/** A rostered person as the API answers one, for tests: a Technician in the ICU unless told. */
export function personFixture(changes: Partial<UserDto> = {}): UserDto {
  return {
    _id: 'u1',
    serviceNumber: 'BME-2001',
    name: 'Kofi Darko',
    email: 'kofi@example.org',
    emailConfirmed: true,
    pendingEmail: null,
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

/** The person signed in for a screen's test: an Engineer (who may do everything) unless told. */
export function signedInFixture(changes: Partial<UserDto> = {}): UserDto {
  return personFixture({
    _id: 'me',
    serviceNumber: 'BME-1000',
    name: 'Esi Mensah',
    email: 'esi@example.org',
    role: 'Engineer',
    preApproved: true,
    ...changes,
  });
}

/**
 * A file as a person chooses it. jsdom's File cannot be read (`arrayBuffer` is missing), so the
 * file answers with its bytes as a browser's does.
 */
export function chosenFile(text: string, name: string, type = 'text/csv'): File {
  const file = new File([text], name, { type });
  const bytes = new TextEncoder().encode(text);
  Object.defineProperty(file, 'arrayBuffer', { value: () => Promise.resolve(bytes.buffer) });
  return file;
}
