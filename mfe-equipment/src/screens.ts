import { lazyScreen, type RemoteScreensModule } from '@caliber/web';
import { AddEquipmentPage } from './pages/AddEquipmentPage';
import { EditContractPage, NewContractPage } from './pages/ContractFormPage';
import { ContractPage } from './pages/ContractPage';
import { ContractsListPage } from './pages/ContractsListPage';
import { EquipmentDevicePage } from './pages/EquipmentDevicePage';
import { EquipmentInventoryPage } from './pages/EquipmentInventoryPage';
import { SafetyTestRecordPage } from './pages/SafetyTestRecordPage';
import { EditRecallPage, NewRecallPage } from './pages/NewRecallPage';
import { RecallPage } from './pages/RecallPage';
import { RecallsListPage } from './pages/RecallsListPage';
import { VendorsPage } from './pages/VendorsPage';

/**
 * The screens this remote provides to the shell, by screen id. The two import screens carry the
 * data table of a file's rows (TanStack Table and Virtual): they are fetched when first opened, so
 * the inventory and device pages do not download it.
 */
export const screens: RemoteScreensModule['screens'] = {
  'equipment-inventory': EquipmentInventoryPage,
  'add-equipment': AddEquipmentPage,
  'equipment-import': lazyScreen(() =>
    import('./pages/InventoryImportPage').then((m) => m.InventoryImportPage),
  ),
  'equipment-device': EquipmentDevicePage,
  'safety-test-record': SafetyTestRecordPage,
  'safety-import': lazyScreen(() => import('./pages/SafetyImportPage').then((m) => m.SafetyImportPage)),
  'equipment-recalls': RecallsListPage,
  'equipment-recall-new': NewRecallPage,
  'equipment-recall': RecallPage,
  'equipment-recall-edit': EditRecallPage,
  'equipment-vendors': VendorsPage,
  'equipment-contracts': ContractsListPage,
  'equipment-contract-new': NewContractPage,
  'equipment-contract': ContractPage,
  'equipment-contract-edit': EditContractPage,
};
