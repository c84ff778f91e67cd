import { runFileWorker } from './run-file-worker';
import { TEST_FILE_JOBS } from './test-file-jobs';

/** The worker entry of the pool's own tests: the runner with the test job table. */
runFileWorker(TEST_FILE_JOBS);
