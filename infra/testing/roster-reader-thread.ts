import { join } from 'node:path';
import type { RosterReaderThread } from '../../services/gateway/src/users/roster-readers';

/**
 * The gateway's roster reader thread when the gateway runs from its TypeScript source, as the
 * tests start it: the thread loads tsx (which compiles TypeScript on load and reads the workspace's
 * path aliases), then the reader's source file. A build runs the bundled file instead.
 */
export const SOURCE_ROSTER_READER: RosterReaderThread = {
  script: [
    `require(${JSON.stringify(require.resolve('tsx/cjs'))});`,
    `require(${JSON.stringify(join(__dirname, '../../services/gateway/src/users/roster-reader.worker.ts'))});`,
  ].join(' '),
  options: { eval: true },
};
