import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { DiskFileStore } from './disk-file-store';
import {
  checkFileStoreEnv,
  createFileStore,
  fileStoreEnvSchema,
  fileStoreEnvShape,
  fileStoreSettings,
} from './file-store-config';
import { S3FileStore } from './s3-file-store';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig('test', fileStoreEnvSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const S3 = {
  FILE_STORE: 's3',
  S3_ENDPOINT: 'https://minio.hospital.internal:9000',
  S3_BUCKET: 'caliber-files',
  S3_ACCESS_KEY_ID: 'caliber',
  S3_SECRET_ACCESS_KEY: 'a-long-secret',
};

describe('file store settings', () => {
  it('keep files on disk by default, in DATA_DIR/files, as an absolute path', () => {
    expect(loadConfig('test', fileStoreEnvSchema, { DATA_DIR: '.data' })).toEqual({
      kind: 'disk',
      dir: resolve('.data', 'files'),
    });
    expect(
      loadConfig('test', fileStoreEnvSchema, { FILE_STORE: 'disk', FILES_DIR: '/srv/caliber/files' }),
    ).toEqual({
      kind: 'disk',
      dir: '/srv/caliber/files',
    });
  });

  it('refuse the disk store with neither FILES_DIR nor DATA_DIR, saying which to set', () => {
    expect(problemsOf({})).toEqual([
      'FILES_DIR: is required with FILE_STORE=disk (the folder files are kept in), unless DATA_DIR is set (then DATA_DIR/files)',
    ]);
  });

  it('refuse a store that is neither disk nor s3', () => {
    expect(problemsOf({ FILE_STORE: 'nfs', DATA_DIR: '.data' })).toEqual(['FILE_STORE: must be disk or s3']);
  });

  it('read a bucket of an S3-compatible store, addressed by path unless told otherwise', () => {
    expect(loadConfig('test', fileStoreEnvSchema, S3)).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://minio.hospital.internal:9000',
        region: 'us-east-1',
        bucket: 'caliber-files',
        accessKeyId: 'caliber',
        secretAccessKey: 'a-long-secret',
        forcePathStyle: true,
        keyPrefix: undefined,
      },
    });
    expect(
      loadConfig('test', fileStoreEnvSchema, {
        ...S3,
        S3_REGION: 'eu-west-2',
        S3_FORCE_PATH_STYLE: 'false',
        S3_PREFIX: 'caliber/',
      }),
    ).toMatchObject({ s3: { region: 'eu-west-2', forcePathStyle: false, keyPrefix: 'caliber/' } });
  });

  it('read the secret key from a mounted file, without its trailing newline', () => {
    const folder = mkdtempSync(join(tmpdir(), 'caliber-s3-secret-'));
    try {
      const secretFile = join(folder, 'secret');
      writeFileSync(secretFile, 'from-the-secret-file\n');
      const withoutSecret = { ...S3, S3_SECRET_ACCESS_KEY: undefined };
      expect(
        loadConfig('test', fileStoreEnvSchema, { ...withoutSecret, S3_SECRET_ACCESS_KEY_FILE: secretFile }),
      ).toMatchObject({ s3: { secretAccessKey: 'from-the-secret-file' } });
      expect(problemsOf({ ...S3, S3_SECRET_ACCESS_KEY_FILE: secretFile })).toEqual([
        'S3_SECRET_ACCESS_KEY: give S3_SECRET_ACCESS_KEY or S3_SECRET_ACCESS_KEY_FILE, not both',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('leave the credentials to the SDK when none are given, and refuse half of them', () => {
    expect(
      loadConfig('test', fileStoreEnvSchema, { FILE_STORE: 's3', S3_BUCKET: 'caliber-files' }),
    ).toMatchObject({
      s3: { endpoint: undefined, accessKeyId: undefined, secretAccessKey: undefined },
    });
    const half =
      "S3_ACCESS_KEY_ID and a secret (S3_SECRET_ACCESS_KEY or S3_SECRET_ACCESS_KEY_FILE) go together; leave all unset to use the SDK's own credentials (such as a pod's role)";
    expect(problemsOf({ FILE_STORE: 's3', S3_BUCKET: 'caliber-files', S3_ACCESS_KEY_ID: 'caliber' })).toEqual(
      [`S3_SECRET_ACCESS_KEY: ${half}`],
    );
    expect(
      problemsOf({ FILE_STORE: 's3', S3_BUCKET: 'caliber-files', S3_SECRET_ACCESS_KEY: 'secret' }),
    ).toEqual([`S3_ACCESS_KEY_ID: ${half}`]);
  });

  it('name each wrong S3 variable', () => {
    expect(
      problemsOf({
        FILE_STORE: 's3',
        S3_ENDPOINT: 'minio:9000',
        S3_BUCKET: 'Caliber_Files',
        S3_FORCE_PATH_STYLE: 'yes',
        S3_PREFIX: '../elsewhere',
      }),
    ).toEqual([
      'S3_ENDPOINT: must be a URL starting with http:// or https://',
      'S3_BUCKET: must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      'S3_FORCE_PATH_STYLE: must be true or false',
      'S3_PREFIX: must be a folder name of lower-case letters, digits, ".", "_", "-" and "/" (such as caliber/)',
    ]);
    expect(problemsOf({ FILE_STORE: 's3' })).toEqual(['S3_BUCKET: is required with FILE_STORE=s3']);
  });

  it('refuse the variables of the other store, so that a forgotten FILE_STORE=s3 loses no file', () => {
    expect(
      problemsOf({ DATA_DIR: '.data', S3_BUCKET: 'caliber-files', S3_ENDPOINT: 'http://minio:9000' }),
    ).toEqual([
      'S3_ENDPOINT: is set but FILE_STORE is disk: set FILE_STORE=s3 to keep files in the bucket, or remove it',
      'S3_BUCKET: is set but FILE_STORE is disk: set FILE_STORE=s3 to keep files in the bucket, or remove it',
    ]);
    expect(problemsOf({ ...S3, FILES_DIR: '/srv/files' })).toEqual([
      'FILES_DIR: is set but FILE_STORE is s3: files are kept in S3_BUCKET; remove FILES_DIR',
    ]);
  });

  it('spread into a service’s own schema, next to its DATA_DIR', () => {
    const serviceSchema = z
      .object({ DATA_DIR: z.string().default('.data'), ...fileStoreEnvShape })
      .superRefine(checkFileStoreEnv)
      .transform((env) => ({ files: fileStoreSettings(env) }));
    expect(loadConfig('equipment', serviceSchema, {})).toEqual({
      files: { kind: 'disk', dir: resolve('.data', 'files') },
    });
  });
});

describe('createFileStore', () => {
  it('makes the store the environment names', () => {
    const disk = createFileStore({ FILES_DIR: '/srv/caliber/files' });
    expect(disk).toBeInstanceOf(DiskFileStore);
    expect(disk).toMatchObject({ kind: 'disk', root: '/srv/caliber/files' });
    const s3 = createFileStore(S3);
    expect(s3).toBeInstanceOf(S3FileStore);
    expect(s3).toMatchObject({ kind: 's3', bucket: 'caliber-files' });
    (s3 as S3FileStore).close();
  });

  it('throws ConfigError naming the process and each wrong variable', () => {
    expect(() => createFileStore({ FILE_STORE: 's3' }, 'equipment')).toThrow(
      'equipment: configuration is invalid:\n  - S3_BUCKET: is required with FILE_STORE=s3',
    );
  });
});
