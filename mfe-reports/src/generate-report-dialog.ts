import type { GenerateReportDialogModule } from '@caliber/web';
import { GenerateReportDialog as Dialog } from './components/GenerateReportDialog';

/**
 * Exposed as `./generate-report-dialog`: the Generate Report dialog for other screens (the
 * dashboard's 'Generate Report' quick action), the same one the Reports screen opens. Loaded with
 * `loadRemote<GenerateReportDialogModule>('reports/generate-report-dialog')`; its styles come with
 * it. Typed by the module's description in `@caliber/web`, so host and remote agree on its props.
 */
export const GenerateReportDialog: GenerateReportDialogModule['GenerateReportDialog'] = Dialog;
