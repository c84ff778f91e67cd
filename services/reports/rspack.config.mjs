import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceConfig } from '../../infra/build/service.rspack.mjs';

export default serviceConfig({
  projectRoot: dirname(fileURLToPath(import.meta.url)),
  // The API (NATS handlers) and the workers that write the files run as separate processes.
  entries: { main: 'src/main.ts', worker: 'src/worker.ts', cli: 'src/cli.ts' },
});
