import type { UserDto } from '@caliber/contracts';
import { personFixture } from '@caliber/web-testing/people';

/** A rostered person as the API answers one, for tests. */
export function userFixture(changes: Partial<UserDto> = {}): UserDto {
  return personFixture(changes);
}
