import { runFileWorker } from '@caliber/file-kit/worker';
import { FILE_JOBS } from './file-jobs';

/**
 * The gateway's file worker thread (an entry of its bundle, see rspack.config.mjs): the shared
 * kit's runner with the gateway's own job table. It loads the readers and writers of those jobs
 * and nothing of the service kit.
 */
runFileWorker(FILE_JOBS);
