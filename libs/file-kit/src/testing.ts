/* For tests: spreadsheet files (the hostile ones included), and a worker entry run from source. */
export * from './sheets/test-files';
export { sourceFileWorker } from './source-file-worker';
