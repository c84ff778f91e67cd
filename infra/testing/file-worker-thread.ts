import { sourceFileWorker } from '@caliber/file-kit/testing';

/** The maintenance service's file worker entry, run from source. */
export const MAINTENANCE_SOURCE_FILE_WORKER = sourceFileWorker(
  'services/maintenance/src/files/file-worker.worker.ts',
);

/** The identity service's file worker entry, run from source. */
export const IDENTITY_SOURCE_FILE_WORKER = sourceFileWorker(
  'services/identity/src/files/file-worker.worker.ts',
);

/** The equipment service's file worker entry, run from source. */
export const EQUIPMENT_SOURCE_FILE_WORKER = sourceFileWorker(
  'services/equipment/src/files/file-worker.worker.ts',
);
