import { runFileWorker } from '@caliber/file-kit/worker';
import { IDENTITY_FILE_JOBS } from './file-jobs';

/**
 * The identity service's file worker thread (an entry of its bundle, see rspack.config.mjs): the
 * shared kit's runner with the service's own job table, so roster files are read and written
 * here, in this service's threads, and the roster's format ships with this service alone.
 */
runFileWorker(IDENTITY_FILE_JOBS);
