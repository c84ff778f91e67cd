import { runFileWorker } from '@caliber/file-kit/worker';
import { EQUIPMENT_FILE_JOBS } from './file-jobs';

/**
 * The equipment service's file worker thread (an entry of its bundle, see rspack.config.mjs): the
 * shared kit's runner with the service's own job table. It loads the inventory's readers and
 * writers and the label maker, and nothing of the service kit.
 */
runFileWorker(EQUIPMENT_FILE_JOBS);
