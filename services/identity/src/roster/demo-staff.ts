import type { NewStaffInput } from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { addStaff } from './roster';

/**
 * Invented staff for a demonstration roster: every role (two ward nurses as clinical staff, on
 * wards that have demo devices), departments from the hospital list, and phone
 * numbers in the +1 555 01xx range, which is reserved for fiction. One account is deactivated to
 * show that rule.
 */
export const DEMO_STAFF: readonly NewStaffInput[] = [
  {
    serviceNumber: 'BME-1001',
    name: 'Ama Mensah',
    role: 'Admin',
    department: 'TSEU',
    phoneNumber: '+15550100101',
    email: 'ama.mensah@caliber.example',
  },
  {
    serviceNumber: 'BME-1002',
    name: 'Kwame Boateng',
    role: 'Engineer',
    department: 'TSEU',
    phoneNumber: '+15550100102',
    email: 'kwame.boateng@caliber.example',
    preApproved: true,
  },
  {
    serviceNumber: 'BME-1003',
    name: 'Efua Owusu',
    role: 'Engineer',
    department: 'MEU',
    phoneNumber: '+15550100103',
    email: 'efua.owusu@caliber.example',
    preApproved: true,
  },
  {
    serviceNumber: 'BME-1004',
    name: 'Yaw Asante',
    role: 'Manager',
    department: 'TSEU',
    phoneNumber: '+15550100104',
    email: 'yaw.asante@caliber.example',
  },
  {
    serviceNumber: 'BME-1005',
    name: 'Kofi Darko',
    role: 'Technician',
    department: 'ICU',
    phoneNumber: '+15550100105',
    email: 'kofi.darko@caliber.example',
    preApproved: true,
  },
  {
    serviceNumber: 'BME-1006',
    name: 'Abena Addo',
    role: 'Technician',
    department: 'Main Theatre',
    phoneNumber: '+15550100106',
    email: 'abena.addo@caliber.example',
    preApproved: true,
  },
  {
    serviceNumber: 'BME-1007',
    name: 'Kojo Appiah',
    role: 'Technician',
    department: 'Radiology Department',
    phoneNumber: '+15550100107',
    email: 'kojo.appiah@caliber.example',
    preApproved: true,
  },
  {
    serviceNumber: 'BME-1008',
    name: 'Akosua Frimpong',
    role: 'Technician',
    department: 'NICU',
    phoneNumber: '+15550100108',
    email: 'akosua.frimpong@caliber.example',
    preApproved: true,
  },
  {
    serviceNumber: 'BME-1009',
    name: 'Nana Ofori',
    role: 'Technician',
    department: 'Dialysis',
    phoneNumber: '+15550100109',
    email: 'nana.ofori@caliber.example',
  },
  {
    serviceNumber: 'BME-1010',
    name: 'Esi Quaye',
    role: 'Engineer',
    department: 'PEU',
    phoneNumber: '+15550100110',
    email: 'esi.quaye@caliber.example',
    preApproved: true,
  },
  {
    serviceNumber: 'BME-1011',
    name: 'Fiifi Arthur',
    role: 'Technician',
    department: 'CSSD',
    phoneNumber: '+15550100111',
    email: 'fiifi.arthur@caliber.example',
    preApproved: true,
  },
  {
    serviceNumber: 'BME-1012',
    name: 'Adjoa Sarpong',
    role: 'Technician',
    department: 'Physiotherapy',
    phoneNumber: '+15550100112',
    email: 'adjoa.sarpong@caliber.example',
    isActive: false,
  },
  // Clinical staff: ward nurses who report faults on their ward's devices, signing in through the
  // hospital's identity provider only.
  {
    serviceNumber: 'N-2001',
    name: 'Adwoa Badu',
    role: 'Clinical',
    department: 'ICU',
    phoneNumber: '+15550100121',
    email: 'adwoa.badu@caliber.example',
  },
  {
    serviceNumber: 'N-2002',
    name: 'Yaa Nkrumah',
    role: 'Clinical',
    department: 'Main Theatre',
    phoneNumber: '+15550100122',
    email: 'yaa.nkrumah@caliber.example',
  },
];

/** Loads the demo roster when the roster is empty; answers how many staff it added. */
export async function seedDemoStaff(dataSource: DataSource): Promise<number> {
  return dataSource.transaction(async (manager) => {
    // Serialise concurrent seeders: the second one finds the roster filled and adds nothing.
    await manager.query(`LOCK TABLE "identity"."users" IN SHARE ROW EXCLUSIVE MODE`);
    if ((await manager.count(UserEntity)) > 0) return 0;
    for (const staff of DEMO_STAFF) await addStaff(manager, staff, { id: null, label: 'seed' });
    return DEMO_STAFF.length;
  });
}
