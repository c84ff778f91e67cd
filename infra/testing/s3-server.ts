// The S3-API server of the tests lives beside the service kit's other test servers, so the kit's
// own tests can start it (a library may not import this harness); the harness's users find it here.
export { startS3Server, type S3TestServer } from '../../libs/service-kit/src/testing/s3-server-process';
