import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startS3Server, type S3TestServer } from '../testing/s3-server-process';
import { Readable } from 'node:stream';
import { describeFileStore, digestOf, generatedBody } from './file-store.contract';
import { FileTooLargeError } from './file-store';
import { S3FileStore } from './s3-file-store';

let server: S3TestServer;
let stores: S3FileStore[] = [];
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  for (const store of stores) store.close();
  await server?.stop();
});

function storeOn(s3: S3TestServer, keyPrefix?: string): S3FileStore {
  const store = new S3FileStore({
    endpoint: s3.endpoint,
    region: s3.region,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    keyPrefix,
  });
  stores = [...stores, store];
  return store;
}

describeFileStore('S3FileStore', () => storeOn(server, 'contract'), {
  // s3rver lists each folder of its disk in name order, so `a/b` (its folder `a`) comes before
  // `a-b`; S3 and MinIO sort whole keys by their bytes. The disk store keeps S3's order.
  listsFoldersOutOfByteOrder: 's3rver walks its folders in name order',
});

describe('S3FileStore in its bucket', () => {
  let client: S3Client;
  beforeAll(() => {
    client = new S3Client({
      endpoint: server.endpoint,
      region: server.region,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  });
  afterAll(() => client.destroy());

  const bucketKeys = async (prefix: string): Promise<string[]> =>
    (
      (await client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix }))).Contents ?? []
    ).map((object) => object.Key ?? '');

  it('keeps its keys under its prefix, apart from another store’s in the same bucket', async () => {
    const ours = storeOn(server, 'hospital-a/');
    const theirs = storeOn(server, 'hospital-b');
    await ours.put('documents/manual', Readable.from([Buffer.from('ours')]), { maxBytes: 10 });
    await theirs.put('documents/manual', Readable.from([Buffer.from('theirs!')]), { maxBytes: 10 });
    expect(await bucketKeys('hospital-')).toEqual([
      'hospital-a/documents/manual',
      'hospital-b/documents/manual',
    ]);
    expect(await ours.list('')).toEqual([expect.objectContaining({ key: 'documents/manual', bytes: 4 })]);
    expect(await digestOf(await theirs.get('documents/manual'))).toMatchObject({ bytes: 7 });
  });

  it('leaves no object in the bucket for a multipart write refused past its limit', async () => {
    const store = storeOn(server, 'refused');
    await expect(
      store.put('big/photo', generatedBody(20 * 1024 * 1024).body, { maxBytes: 17 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await bucketKeys('refused/')).toEqual([]);
    await expect(
      client.send(new HeadObjectCommand({ Bucket: server.bucket, Key: 'refused/big/photo' })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });
    // The parts sent were aborted. s3rver does not implement AbortMultipartUpload (it answers 405
    // and keeps the parts on its disk), which S3, MinIO and Ceph do; the refusal is still the
    // body's own.
    const aborts = server.log().filter((line) => line.includes('x-id=AbortMultipartUpload 405'));
    expect(aborts.filter((line) => line.includes('/refused/big/photo?uploadId='))).toHaveLength(1);
  });

  it('says what is wrong when the bucket does not exist', async () => {
    const store = new S3FileStore({
      endpoint: server.endpoint,
      region: server.region,
      bucket: 'no-such-bucket',
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
    });
    stores = [...stores, store];
    await expect(store.get('x')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});
