import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceConfig } from '../../infra/build/service.rspack.mjs';

export default serviceConfig({
  projectRoot: dirname(fileURLToPath(import.meta.url)),
  // Inventory files and label sheets are read and written in worker threads of their own (see
  // FileWorkers), loaded from their own file.
  entries: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    'file-worker.worker': 'src/files/file-worker.worker.ts',
  },
});
