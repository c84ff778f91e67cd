import { join } from 'node:path';
import type { FileWorkerThread } from '../../services/gateway/src/files/file-workers';

/**
 * The gateway's file worker thread when the gateway runs from its TypeScript source, as the tests
 * start it: the thread loads tsx (which compiles TypeScript on load and reads the workspace's path
 * aliases), then the worker's source file. A build runs the bundled file instead.
 */
export const SOURCE_FILE_WORKER: FileWorkerThread = {
  script: [
    `require(${JSON.stringify(require.resolve('tsx/cjs'))});`,
    `require(${JSON.stringify(join(__dirname, '../../services/gateway/src/files/file-worker.worker.ts'))});`,
  ].join(' '),
  options: { eval: true },
};
