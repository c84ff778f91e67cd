import { createHash } from 'node:crypto';
import type { Role } from '@caliber/contracts';
import type { DirectoryPerson } from './config';

/** The group of the ward staff who report faults: clinical staff. */
export const DEMO_CLINICAL_GROUP = 'clinical-staff';

/** The demo directory's groups that give a Caliber role, as a hospital maps its own groups. */
export const DEMO_GROUP_ROLES = {
  'caliber-admins': 'Admin',
  'caliber-engineers': 'Engineer',
  'caliber-managers': 'Manager',
  'caliber-technicians': 'Technician',
  [DEMO_CLINICAL_GROUP]: 'Clinical',
} as const satisfies Record<string, Role>;

/** A group the directory has that maps to no Caliber role. */
export const DEMO_UNMAPPED_GROUP = 'ward-clerks';

/** A stable `sub` for a key, shaped like a UUID, so the same person has the same one in every run. */
function stableId(key: string): string {
  const hex = createHash('sha256').update(`caliber-demo-directory:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function rosterPerson(
  employeeId: string,
  name: string,
  email: string,
  group: keyof typeof DEMO_GROUP_ROLES,
): DirectoryPerson {
  return { id: stableId(employeeId), login: email, name, email, employeeId, groups: [group] };
}

/**
 * The demo roster's staff (services/identity's demo staff) as the hospital's directory holds them:
 * login by their roster e-mail, their service number as the employee id, and the group of their
 * roster role. Written out rather than read from the roster, so the launcher and the browser tests'
 * set-up do not load the identity service's code; a unit test keeps the two in step.
 */
const ROSTER_PEOPLE: DirectoryPerson[] = [
  rosterPerson('BME-1001', 'Ama Mensah', 'ama.mensah@caliber.example', 'caliber-admins'),
  rosterPerson('BME-1002', 'Kwame Boateng', 'kwame.boateng@caliber.example', 'caliber-engineers'),
  rosterPerson('BME-1003', 'Efua Owusu', 'efua.owusu@caliber.example', 'caliber-engineers'),
  rosterPerson('BME-1004', 'Yaw Asante', 'yaw.asante@caliber.example', 'caliber-managers'),
  rosterPerson('BME-1005', 'Kofi Darko', 'kofi.darko@caliber.example', 'caliber-technicians'),
  rosterPerson('BME-1006', 'Abena Addo', 'abena.addo@caliber.example', 'caliber-technicians'),
  rosterPerson('BME-1007', 'Kojo Appiah', 'kojo.appiah@caliber.example', 'caliber-technicians'),
  rosterPerson('BME-1008', 'Akosua Frimpong', 'akosua.frimpong@caliber.example', 'caliber-technicians'),
  rosterPerson('BME-1009', 'Nana Ofori', 'nana.ofori@caliber.example', 'caliber-technicians'),
  rosterPerson('BME-1010', 'Esi Quaye', 'esi.quaye@caliber.example', 'caliber-engineers'),
  rosterPerson('BME-1011', 'Fiifi Arthur', 'fiifi.arthur@caliber.example', 'caliber-technicians'),
  // Deactivated on the roster, still in the directory and its group: the roster, not the
  // directory, is what refuses them.
  rosterPerson('BME-1012', 'Adjoa Sarpong', 'adjoa.sarpong@caliber.example', 'caliber-technicians'),
  // Two ward nurses: clinical staff, who sign in only through single sign-on.
  rosterPerson('N-2001', 'Adwoa Badu', 'adwoa.badu@caliber.example', DEMO_CLINICAL_GROUP),
  rosterPerson('N-2002', 'Yaa Nkrumah', 'yaa.nkrumah@caliber.example', DEMO_CLINICAL_GROUP),
];

/** A person of the directory who is not on the roster: a ward clerk, in a group that gives no Caliber role. */
const WARD_PEOPLE: DirectoryPerson[] = [
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
