import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webAppConfig } from '../infra/build/web.rspack.mjs';

export default webAppConfig({
  projectRoot: dirname(fileURLToPath(import.meta.url)),
  name: 'reports',
  exposes: {
    './screens': './src/screens.ts',
    // The Generate Report dialog, for the dashboard's quick action (GenerateReportDialogModule).
    './generate-report-dialog': './src/generate-report-dialog.ts',
  },
});
