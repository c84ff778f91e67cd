import { DEFAULT_ROLE } from '@caliber/contracts';
import { DEMO_STAFF } from '../../../services/identity/src/roster/demo-staff';
import { DEMO_CLINICAL_GROUP, DEMO_GROUP_ROLES, DEMO_PEOPLE, DEMO_UNMAPPED_GROUP } from './demo-people';

describe('the demo directory', () => {
  const onRoster = (email: string) => DEMO_STAFF.some((staff) => staff.email === email);

  it('holds every demo roster member, deactivated ones too, by e-mail, service number and the group of their role', () => {
    for (const staff of DEMO_STAFF) {
      const person = DEMO_PEOPLE.find((candidate) => candidate.email === staff.email);
      expect(person).toMatchObject({
        login: staff.email,
        name: staff.name,
        employeeId: staff.serviceNumber,
      });
      expect(person?.groups.map((group) => DEMO_GROUP_ROLES[group as keyof typeof DEMO_GROUP_ROLES])).toEqual(
        [staff.role ?? DEFAULT_ROLE],
      );
    }
  });

  it('holds two ward nurses on the roster as clinical staff, in the clinical group', () => {
    const nurses = DEMO_PEOPLE.filter((person) => person.groups.includes(DEMO_CLINICAL_GROUP));
    expect(nurses).toHaveLength(2);
    for (const nurse of nurses)
      expect(DEMO_STAFF.find((staff) => staff.email === nurse.email)?.role).toBe('Clinical');
    expect(DEMO_GROUP_ROLES[DEMO_CLINICAL_GROUP]).toBe('Clinical');
  });

  it('holds, off the roster, one person in no mapped group', () => {
    const others = DEMO_PEOPLE.filter((person) => !onRoster(person.email));
    expect(others.filter((person) => person.groups.includes(DEMO_UNMAPPED_GROUP))).toHaveLength(1);
    expect(others).toHaveLength(1);
    for (const person of others)
      expect(person.groups.some((group) => Object.keys(DEMO_GROUP_ROLES).includes(group))).toBe(false);
  });

  it('gives each person their own id and login', () => {
    expect(new Set(DEMO_PEOPLE.map((person) => person.id)).size).toBe(DEMO_PEOPLE.length);
    expect(new Set(DEMO_PEOPLE.map((person) => person.login.toLowerCase())).size).toBe(DEMO_PEOPLE.length);
  });
});
