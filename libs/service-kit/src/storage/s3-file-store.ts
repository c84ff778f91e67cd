import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { FileNotStoredError, type FileStore, type PutOptions, type StoredFile } from './file-store';
import { MeasuredBody } from './measured-body';
import { assertValidKey, assertValidPrefix, keyProblem, listLimit } from './storage-keys';

/**
 * A write is sent in parts of this size (S3's least is 5 MiB), at most `UPLOAD_QUEUE_SIZE` at
 * once: a write holds about (queue size + 1) × part size in memory whatever the file's size.
 */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
export const UPLOAD_QUEUE_SIZE = 2;

/** How long a connection to the store may take to open, and a socket may sit idle mid-request. */
const CONNECTION_TIMEOUT_MS = 5_000;
const SOCKET_IDLE_TIMEOUT_MS = 120_000;

export interface S3FileStoreOptions {
  /** The store's address (MinIO, Ceph, another S3-compatible server); unset for Amazon S3 itself. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  /**
   * The store's credentials; unset, the SDK's own chain finds them (AWS_* variables, a pod's or
   * instance's role, a web identity token).
   */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /**
   * Addresses the bucket in the path (`https://host/bucket/key`) rather than the host name
   * (`https://bucket.host/key`): MinIO and Ceph answer the path style without DNS set-up for
   * each bucket, so it is the default.
   */
  forcePathStyle?: boolean | undefined;
  /** Keeps every key under this folder of the bucket (`caliber/`), for a bucket shared with others. */
  keyPrefix?: string | undefined;
}

type StoredEntry = { key: string; modifiedAt: Date; bytes: number };

/** A key with no object, as S3 answers it (a HEAD's 404 has no body, so no code: only its status). */
function isNoSuchKey(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || (error.name === 'NotFound' && error.$metadata.httpStatusCode === 404))
  );
}

/** The key folder of `S3FileStoreOptions.keyPrefix`, checked like a key: `caliber` becomes `caliber/`. */
function keyFolder(prefix: string | undefined): string {
  if (prefix === undefined || prefix === '') return '';
  const folder = prefix.replace(/\/+$/, '');
  const problem = keyProblem(folder);
  if (problem !== null) throw new Error(`The S3 key prefix ${JSON.stringify(prefix)} ${problem}.`);
  return `${folder}/`;
}

/**
 * Files in a bucket of an S3-compatible object store (Amazon S3, MinIO, Ceph's RADOS Gateway):
 * the store of a cluster, where every replica of a service must see the same files.
 *
 * A write streams through a multipart upload (`Upload` of `@aws-sdk/lib-storage`) and becomes the
 * object only when it completes: a write refused for its size, or whose body fails, completes
 * nothing, and its parts are aborted (the bucket's lifecycle rule removes the parts of an abort
 * that never reached the store).
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly folder: string;

  constructor(options: S3FileStoreOptions) {
    this.bucket = options.bucket;
    this.folder = keyFolder(options.keyPrefix);
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? true,
      // Checksums only where an operation requires them. Since v3.729.0 (January 2025) the SDK
      // adds a CRC32 header to every upload and checks one on every download by default; several
      // S3-compatible servers refuse those headers (Cloudflare R2 answers 501, some Ceph RGW
      // releases 400; aws/aws-sdk-js-v3#6810), and a body streamed in one request is sent as
      // `aws-chunked`, which s3rver keeps framing and all as the file's bytes. (Our uploads send
      // each part as a buffer, so s3rver itself passes either way.) Integrity does not rest on it:
      // every write's SHA-256 is computed here, and recorded by the caller.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, socketTimeout: SOCKET_IDLE_TIMEOUT_MS },
    };
    if (options.endpoint) config.endpoint = options.endpoint;
    if (options.accessKeyId !== undefined && options.secretAccessKey !== undefined)
      config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
    this.client = new S3Client(config);
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredFile> {
    assertValidKey(key);
    const measured = new MeasuredBody(body, options.maxBytes);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.folder + key,
        Body: measured.stream,
        ...(options.contentType ? { ContentType: options.contentType } : {}),
      },
      partSize: UPLOAD_PART_BYTES,
      queueSize: UPLOAD_QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      // A failing body fails the upload only after the parts in flight have settled and the
      // multipart upload has been aborted (or its abort refused): nothing completes after this.
      await upload.done();
    } catch (error) {
      measured.stream.destroy();
      throw measured.failure(error);
    }
    return measured.result();
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.folder + key }),
      );
      if (!(Body instanceof Readable))
        throw new Error(`The S3 store answered ${key} without a readable body.`);
      return Body;
    } catch (error) {
      throw isNoSuchKey(error) ? new FileNotStoredError(key) : error;
    }
  }

  async size(key: string): Promise<number | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.folder + key }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNoSuchKey(error)) return null;
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    assertValidKey(from);
    assertValidKey(to);
    try {
      // Keys hold only characters that need no escaping in the copy source's path.
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.folder + to,
          CopySource: `${this.bucket}/${this.folder}${from}`,
        }),
      );
    } catch (error) {
      throw isNoSuchKey(error) ? new FileNotStoredError(from) : error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.folder + key }));
  }

  async list(prefix: string, after?: string, limit?: number): Promise<StoredEntry[]> {
    assertValidPrefix(prefix);
    const most = listLimit(limit);
    const found: StoredEntry[] = [];
    let continuationToken: string | undefined;
    // A store may answer a short page before the end (IsTruncated): read on until the page is full.
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.folder + prefix,
          MaxKeys: most - found.length,
          ...(continuationToken
            ? { ContinuationToken: continuationToken }
            : after
              ? { StartAfter: this.folder + after }
              : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        found.push({
          key: object.Key.slice(this.folder.length),
          modifiedAt: object.LastModified ?? new Date(0),
          bytes: object.Size ?? 0,
        });
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken !== undefined && found.length < most);
    return found.slice(0, most);
  }

  /** Closes the client's connections (at a service's stop). */
  close(): void {
    this.client.destroy();
  }
}
