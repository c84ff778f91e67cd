/*
 * The file kit: a service's bounded pool of worker threads for file jobs (FileWorkerPool), and
 * (from `@caliber/file-kit/worker`) what the threads themselves run: job kinds, the runner, and the
 * spreadsheet readers with their limits. Test files are in `@caliber/file-kit/testing`.
 */
export * from './worker';
export * from './file-worker-pool';
export type { FromFileWorker, ToFileWorker } from './file-worker-messages';
