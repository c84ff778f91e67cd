import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webAppConfig } from '../infra/build/web.rspack.mjs';

export default webAppConfig({
  projectRoot: dirname(fileURLToPath(import.meta.url)),
  name: 'equipment',
  exposes: { './screens': './src/screens.ts' },
});
