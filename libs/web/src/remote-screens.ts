import type { RemoteName } from '@caliber/contracts';
import {
  createContext,
  createElement,
  lazy,
  useContext,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/** Every screen a remote provides; the shell's route table places each one behind its guard. */
export const SCREEN_IDS = [
  'equipment-inventory',
  'add-equipment',
  'equipment-import',
  'equipment-device',
  'safety-test-record',
  'safety-import',
  'equipment-recalls',
  'equipment-recall-new',
  'equipment-recall',
  'equipment-recall-edit',
  'equipment-vendors',
  'equipment-contracts',
  'equipment-contract-new',
  'equipment-contract',
  'equipment-contract-edit',
  'maintenance',
  'report-issue',
  'my-reports',
  'schedule-preventive',
  'tasks',
  'add-task',
  'users',
  'add-user',
  'notification-deliveries',
  'on-call-rota',
  'labour-rates',
  'reports',
  'report-job',
  'audit-trail',
] as const;
export type ScreenId = (typeof SCREEN_IDS)[number];

export interface ScreenInfo {
  remote: RemoteName;
  title: string;
}

export const SCREENS: Record<ScreenId, ScreenInfo> = {
  'equipment-inventory': { remote: 'equipment', title: 'Equipment Inventory' },
  'add-equipment': { remote: 'equipment', title: 'Add Equipment' },
  'equipment-import': { remote: 'equipment', title: 'Import Inventory' },
  'equipment-device': { remote: 'equipment', title: 'Equipment' },
  'safety-test-record': { remote: 'equipment', title: 'Record Safety Test' },
  'safety-import': { remote: 'equipment', title: 'Import Safety Tests' },
  'equipment-recalls': { remote: 'equipment', title: 'Recalls' },
  'equipment-recall-new': { remote: 'equipment', title: 'New Recall' },
  'equipment-recall': { remote: 'equipment', title: 'Recall' },
  'equipment-recall-edit': { remote: 'equipment', title: 'Edit Recall' },
  'equipment-vendors': { remote: 'equipment', title: 'Vendors' },
  'equipment-contracts': { remote: 'equipment', title: 'Service contracts' },
  'equipment-contract-new': { remote: 'equipment', title: 'New service contract' },
  'equipment-contract': { remote: 'equipment', title: 'Service contract' },
  'equipment-contract-edit': { remote: 'equipment', title: 'Edit service contract' },
  maintenance: { remote: 'tasks', title: 'Maintenance Management' },
  'report-issue': { remote: 'tasks', title: 'Report Equipment Issue' },
  'my-reports': { remote: 'tasks', title: 'My reports' },
  'schedule-preventive': { remote: 'tasks', title: 'Schedule Preventive Maintenance' },
  tasks: { remote: 'tasks', title: 'Task Management' },
  'add-task': { remote: 'tasks', title: 'Create New Task' },
  users: { remote: 'users', title: 'User Management' },
  'add-user': { remote: 'users', title: 'Add New User' },
  'notification-deliveries': { remote: 'users', title: 'Notification deliveries' },
  'on-call-rota': { remote: 'users', title: 'On-call rota' },
  'labour-rates': { remote: 'users', title: 'Labour rates' },
  reports: { remote: 'reports', title: 'Reports' },
  'report-job': { remote: 'reports', title: 'Report' },
  'audit-trail': { remote: 'reports', title: 'Audit Trail' },
};

/** What each remote exposes as `./screens`: the screens it has built so far. */
export interface RemoteScreensModule {
  screens: Partial<Record<ScreenId, ComponentType>>;
}

/** The Generate Report dialog's props: shown while `open`; `onGenerated` after a report was asked for. */
export interface GenerateReportDialogProps {
  open: boolean;
  onClose(): void;
  onGenerated?(): void;
}

/**
 * What the reports remote exposes as `./generate-report-dialog` (loaded as
 * `reports/generate-report-dialog`): the dialog the Reports screen opens, for the dashboard's
 * 'Generate Report' quick action to open the same one.
 */
export interface GenerateReportDialogModule {
  GenerateReportDialog: ComponentType<GenerateReportDialogProps>;
}

/**
 * How many times the shell has drawn the present screen afresh after a failure (its Retry): a
 * screen fetched lazily fetches its code again for each new attempt, and never within one (so a
 * fetch that fails ends in the screen's failure card, not in a loop of fetches).
 */
export const ScreenAttemptContext = createContext(0);

/**
 * A screen whose code is fetched when it is first shown: for screens that carry a heavy widget
 * (the data table of an import preview), so that a remote's other screens do not download it. The
 * shell shows the screen's loading line meanwhile and, if the fetch fails, the screen's "could not
 * be loaded" card with Retry, which fetches it again.
 *
 * `'equipment-import': lazyScreen(() => import('./pages/InventoryImportPage').then((m) => m.InventoryImportPage))`
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const attempts = new Map<number, LazyExoticComponent<ComponentType>>();
  return function LazyScreen() {
    const attempt = useContext(ScreenAttemptContext);
    let Screen = attempts.get(attempt);
    if (!Screen) {
      Screen = lazy(async () => ({ default: await load() }));
      attempts.set(attempt, Screen);
    }
    return createElement(Screen);
  };
}
