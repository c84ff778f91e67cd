import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceConfig } from '../../infra/build/service.rspack.mjs';

export default serviceConfig({
  projectRoot: dirname(fileURLToPath(import.meta.url)),
  entries: { main: 'src/main.ts' },
});
