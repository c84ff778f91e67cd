// The S3-API server of the tests lives beside the service kit's other test servers, so the kit's
// own tests can start it (a library may not import this harness); the harness's users find it here.
export { startS3Server, type S3TestServer } from '../../libs/service-kit/src/testing/s3-server-process';

/** Where the global set-up tells the run's test files the S3-API server's address and keys. */
export const S3_TEST_VARIABLES = {
  endpoint: 'CALIBER_TEST_S3_ENDPOINT',
  bucket: 'CALIBER_TEST_S3_BUCKET',
  accessKeyId: 'CALIBER_TEST_S3_ACCESS_KEY_ID',
  secretAccessKey: 'CALIBER_TEST_S3_SECRET_ACCESS_KEY',
} as const;
