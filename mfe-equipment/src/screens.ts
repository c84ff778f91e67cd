import type { RemoteScreensModule } from '@caliber/web';
import { AddEquipmentPage } from './pages/AddEquipmentPage';
import { EquipmentDevicePage } from './pages/EquipmentDevicePage';
import { EquipmentInventoryPage } from './pages/EquipmentInventoryPage';
import { InventoryImportPage } from './pages/InventoryImportPage';
import { SafetyImportPage } from './pages/SafetyImportPage';
import { SafetyTestRecordPage } from './pages/SafetyTestRecordPage';

/** The screens this remote provides to the shell, by screen id. */
export const screens: RemoteScreensModule['screens'] = {
  'equipment-inventory': EquipmentInventoryPage,
  'add-equipment': AddEquipmentPage,
  'equipment-import': InventoryImportPage,
  'equipment-device': EquipmentDevicePage,
  'safety-test-record': SafetyTestRecordPage,
  'safety-import': SafetyImportPage,
};
