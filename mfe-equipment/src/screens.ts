import type { RemoteScreensModule } from '@caliber/web';
import { AddEquipmentPage } from './pages/AddEquipmentPage';
import { EquipmentDevicePage } from './pages/EquipmentDevicePage';
import { EquipmentInventoryPage } from './pages/EquipmentInventoryPage';
import { InventoryImportPage } from './pages/InventoryImportPage';
import { SafetyImportPage } from './pages/SafetyImportPage';
import { SafetyTestRecordPage } from './pages/SafetyTestRecordPage';
import { EditRecallPage, NewRecallPage } from './pages/NewRecallPage';
import { RecallPage } from './pages/RecallPage';
import { RecallsListPage } from './pages/RecallsListPage';

/** The screens this remote provides to the shell, by screen id. */
export const screens: RemoteScreensModule['screens'] = {
  'equipment-inventory': EquipmentInventoryPage,
  'add-equipment': AddEquipmentPage,
  'equipment-import': InventoryImportPage,
  'equipment-device': EquipmentDevicePage,
  'safety-test-record': SafetyTestRecordPage,
  'safety-import': SafetyImportPage,
  'equipment-recalls': RecallsListPage,
  'equipment-recall-new': NewRecallPage,
  'equipment-recall': RecallPage,
  'equipment-recall-edit': EditRecallPage,
};
