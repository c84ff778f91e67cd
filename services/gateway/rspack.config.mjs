import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceConfig } from '../../infra/build/service.rspack.mjs';

export default serviceConfig({
  projectRoot: dirname(fileURLToPath(import.meta.url)),
  // The roster reader runs in worker threads of its own (see RosterReaders), loaded from its own file.
  entries: { main: 'src/main.ts', 'roster-reader.worker': 'src/users/roster-reader.worker.ts' },
});
