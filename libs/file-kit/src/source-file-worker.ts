import { join } from 'node:path';
import type { FileWorkerThread } from './file-worker-pool';

/**
 * A service's file worker thread when the service runs from its TypeScript source, as the tests
 * start it: the thread loads tsx (which compiles TypeScript on load and reads the workspace's path
 * aliases), then the worker entry's source file (`entry`, a path from the repository's root). A
 * build runs the bundled entry instead (`BUNDLED_FILE_WORKER`).
 */
export const sourceFileWorker = (entry: string): FileWorkerThread => ({
  script: [
    `require(${JSON.stringify(require.resolve('tsx/cjs'))});`,
    `require(${JSON.stringify(join(__dirname, '../../..', entry))});`,
  ].join(' '),
  options: { eval: true },
});
