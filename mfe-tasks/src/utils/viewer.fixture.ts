import type { Role, UserDto } from '@caliber/contracts';
import { personFixture } from '@caliber/web-testing/people';

/** Someone signed in, as `GET /auth/me` answers, for the task screens' component tests. */
export function viewer(role: Role, changes: Partial<UserDto> = {}): UserDto {
  return personFixture({
    _id: `${role.toLowerCase()}-1`,
    serviceNumber: 'BME-1002',
    name: role === 'Technician' ? 'Kofi Darko' : 'Kwame Boateng',
    email: null,
    phoneNumber: '+15550102',
    role,
    department: 'TSEU',
    preApproved: true,
    ...changes,
  });
}
