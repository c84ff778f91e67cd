import { createHash } from 'node:crypto';
import { DEFAULT_ROLE, type Role } from '@caliber/contracts';
import { DEMO_STAFF } from '../../../services/identity/src/roster/demo-staff';
import type { DirectoryPerson } from './config';

/** The demo directory's groups that give a Caliber role, as a hospital maps its own groups. */
export const DEMO_GROUP_ROLES = {
  'caliber-admins': 'Admin',
  'caliber-engineers': 'Engineer',
  'caliber-managers': 'Manager',
  'caliber-technicians': 'Technician',
} as const satisfies Record<string, Role>;

/** The group of the ward staff who report faults (the coming clinical role). */
export const DEMO_CLINICAL_GROUP = 'clinical-staff';

/** A group the directory has that maps to no Caliber role. */
export const DEMO_UNMAPPED_GROUP = 'ward-clerks';

/** A stable `sub` for a key, shaped like a UUID, so the same person has the same one in every run. */
function stableId(key: string): string {
  const hex = createHash('sha256').update(`caliber-demo-directory:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function groupOf(role: Role): string {
  const group = Object.entries(DEMO_GROUP_ROLES).find(([, mapped]) => mapped === role)?.[0];
  if (!group) throw new Error(`No demo directory group gives the role ${role}`);
  return group;
}

/**
 * The demo roster's staff as the hospital's directory holds them: login by their roster e-mail,
 * their service number as the employee id, and the group of their roster role. The deactivated
 * roster member is in the directory too, still in their group: the roster, not the directory, is
 * what refuses them.
 */
const ROSTER_PEOPLE: DirectoryPerson[] = DEMO_STAFF.flatMap((staff) =>
  staff.email
    ? [
        {
          id: stableId(staff.serviceNumber),
          login: staff.email,
          name: staff.name,
          email: staff.email,
          employeeId: staff.serviceNumber,
          groups: [groupOf(staff.role ?? DEFAULT_ROLE)],
        },
      ]
    : [],
);

/**
 * People of the directory who are not on the roster: two ward nurses (the clinical staff who will
 * report faults) and a ward clerk, in a group that gives no Caliber role.
 */
const WARD_PEOPLE: DirectoryPerson[] = [
  {
    id: stableId('N-2001'),
    login: 'adwoa.badu@caliber.example',
    name: 'Adwoa Badu',
    email: 'adwoa.badu@caliber.example',
    employeeId: 'N-2001',
    groups: [DEMO_CLINICAL_GROUP],
  },
  {
    id: stableId('N-2002'),
    login: 'yaa.nkrumah@caliber.example',
    name: 'Yaa Nkrumah',
    email: 'yaa.nkrumah@caliber.example',
    employeeId: 'N-2002',
    groups: [DEMO_CLINICAL_GROUP],
  },
  {
    id: stableId('C-3001'),
    login: 'kwesi.mensah@caliber.example',
    name: 'Kwesi Mensah',
    email: 'kwesi.mensah@caliber.example',
    employeeId: 'C-3001',
    groups: [DEMO_UNMAPPED_GROUP],
  },
];

/** The demo directory the local identity provider signs people in from (password `demo` for all). */
export const DEMO_PEOPLE: readonly DirectoryPerson[] = [...ROSTER_PEOPLE, ...WARD_PEOPLE];
