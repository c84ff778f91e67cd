import { runFileWorker } from '@caliber/file-kit/worker';
import { MAINTENANCE_FILE_JOBS } from './file-jobs';

/**
 * The maintenance service's file worker thread (an entry of its bundle, see rspack.config.mjs):
 * the shared kit's runner with the service's own job table, so the analyser formats are read here,
 * in this service's threads, and a new format ships with this service alone.
 */
runFileWorker(MAINTENANCE_FILE_JOBS);
