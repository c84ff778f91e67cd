import { createFileStore, type FileStore } from '@caliber/service-kit';
import { S3_TEST_VARIABLES } from './s3-server';
import { testEnv } from './stack';

export interface FileStoreTestEnv {
  /** `the local disk` or `a real S3-API server`, for the test's name. */
  name: string;
  /** The variables every process of the test takes (gateway and services alike). */
  env: Record<string, string>;
}

/**
 * The two places Caliber keeps files, as a test runs each: the local disk (the run's DATA_DIR)
 * and the S3-API server, in a folder of the bucket named for `folder`. A test made with
 * `describe.each(fileStoreTestEnvs('documents'))` passes against both or fails.
 */
export function fileStoreTestEnvs(folder: string): FileStoreTestEnv[] {
  const endpoint = process.env[S3_TEST_VARIABLES.endpoint];
  if (!endpoint)
    throw new Error('The S3-API server of the tests is not running: see infra/testing/global-setup.ts.');
  return [
    { name: 'the local disk', env: { FILE_STORE: 'disk' } },
    {
      name: 'a real S3-API server',
      env: {
        FILE_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: process.env[S3_TEST_VARIABLES.bucket] ?? '',
        S3_ACCESS_KEY_ID: process.env[S3_TEST_VARIABLES.accessKeyId] ?? '',
        S3_SECRET_ACCESS_KEY: process.env[S3_TEST_VARIABLES.secretAccessKey] ?? '',
        S3_PREFIX: `${folder}-${process.pid}-${Date.now().toString(36)}`,
      },
    },
  ];
}

/** The store a test's processes keep files in, for looking at what they kept. */
export function testFileStore(env: Record<string, string>): FileStore {
  return createFileStore(testEnv(env));
}
