import type { TaskEquipmentRef } from '@caliber/contracts';

/**
 * The device a task or PM plan is about, as its columns keep it: the id, with the name, serial
 * number, department and category it had when the record was made (the record stays readable
 * whatever becomes of the device).
 */
export interface DeviceColumns {
  equipmentId: string;
  equipmentName: string;
  equipmentSerial: string;
  equipmentDepartment: string;
  equipmentCategory: string;
}

export function deviceColumns(device: TaskEquipmentRef): DeviceColumns {
  return {
    equipmentId: device._id,
    equipmentName: device.name,
    equipmentSerial: device.serialNumber,
    equipmentDepartment: device.department,
    equipmentCategory: device.category,
  };
}

export function deviceRefOf(row: DeviceColumns): TaskEquipmentRef {
  return {
    _id: row.equipmentId,
    name: row.equipmentName,
    serialNumber: row.equipmentSerial,
    department: row.equipmentDepartment,
    category: row.equipmentCategory,
  };
}
