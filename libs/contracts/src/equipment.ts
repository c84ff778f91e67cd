/** Equipment status values (spec section 3). */
export const EQUIPMENT_STATUSES = [
  'Serviceable',
  'Under Maintenance',
  'Unserviceable',
  'Decommissioned',
  'Auctioned',
] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUSES)[number];

/** Equipment categories (spec section 9). */
export const EQUIPMENT_CATEGORIES = [
  'Ventilator',
  'Defibrillator',
  'Monitor',
  'Infusion Pump',
  'Suction',
  'Autoclave',
  'X-Ray',
  'Ultrasound',
] as const;
export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];
