import { join, resolve } from 'node:path';
import { z } from 'zod';
import { loadConfig, secretFileVariable, urlVariable } from '../config';
import { DiskFileStore } from './disk-file-store';
import type { FileStore } from './file-store';
import { S3FileStore, type S3FileStoreOptions } from './s3-file-store';
import { keyProblem } from './storage-keys';

export const FILE_STORE_KINDS = ['disk', 's3'] as const;
export type FileStoreKind = (typeof FILE_STORE_KINDS)[number];

/** A bucket name as S3 allows it: 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The variables of a process that keeps files (documents, photos, uploads), spread into its
 * environment schema:
 * - `FILE_STORE`: `disk` (the default: a folder on this machine) or `s3` (a bucket of an
 *   S3-compatible store, for a cluster whose replicas must all see the same files);
 * - `FILES_DIR`: the disk store's folder, by default `DATA_DIR/files`;
 * - `S3_ENDPOINT` (unset for Amazon S3 itself), `S3_REGION`, `S3_BUCKET`, `S3_ACCESS_KEY_ID` with
 *   `S3_SECRET_ACCESS_KEY` or, better, `S3_SECRET_ACCESS_KEY_FILE` (both unset: the SDK's own
 *   chain, such as a pod's role), `S3_FORCE_PATH_STYLE` (true by default, for MinIO and Ceph) and
 *   `S3_PREFIX` (a folder of the bucket, for a bucket shared with others).
 */
export const fileStoreEnvShape = {
  FILE_STORE: z.enum(FILE_STORE_KINDS, { error: 'must be disk or s3' }).default('disk'),
  FILES_DIR: z.string().trim().min(1).optional(),
  S3_ENDPOINT: urlVariable(['http', 'https']).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(BUCKET_NAME, {
      error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY_FILE: secretFileVariable(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  S3_PREFIX: z
    .string()
    .trim()
    .optional()
    .refine((prefix) => !prefix || keyProblem(prefix.replace(/\/+$/, '')) === null, {
      error: 'must be a folder name of lower-case letters, digits, ".", "_", "-" and "/" (such as caliber/)',
    }),
};

interface FileStoreEnv {
  FILE_STORE: FileStoreKind;
  FILES_DIR?: string | undefined;
  DATA_DIR?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_SECRET_ACCESS_KEY_FILE?: string | undefined;
  S3_FORCE_PATH_STYLE: 'true' | 'false';
  S3_PREFIX?: string | undefined;
}

const S3_ONLY = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
] as const;

/**
 * The rules between the variables. A bucket's variables with the disk store (or a folder with
 * the S3 store) are refused rather than ignored: a cluster that forgot `FILE_STORE=s3` would
 * otherwise keep each file on the disk of whichever pod took it, and lose it with the pod.
 */
export function checkFileStoreEnv(env: FileStoreEnv, ctx: z.RefinementCtx): void {
  if (env.FILE_STORE === 'disk') {
    if (!env.FILES_DIR && !env.DATA_DIR)
      ctx.addIssue({
        code: 'custom',
        path: ['FILES_DIR'],
        message:
          'is required with FILE_STORE=disk (the folder files are kept in), unless DATA_DIR is set (then DATA_DIR/files)',
      });
    for (const name of S3_ONLY)
      if (env[name] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'is set but FILE_STORE is disk: set FILE_STORE=s3 to keep files in the bucket, or remove it',
        });
    return;
  }
  if (env.FILES_DIR !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['FILES_DIR'],
      message: 'is set but FILE_STORE is s3: files are kept in S3_BUCKET; remove FILES_DIR',
    });
  if (!env.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with FILE_STORE=s3' });
  if (env.S3_SECRET_ACCESS_KEY !== undefined && env.S3_SECRET_ACCESS_KEY_FILE !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'give S3_SECRET_ACCESS_KEY or S3_SECRET_ACCESS_KEY_FILE, not both',
    });
  const hasSecret = env.S3_SECRET_ACCESS_KEY !== undefined || env.S3_SECRET_ACCESS_KEY_FILE !== undefined;
  if (hasSecret !== (env.S3_ACCESS_KEY_ID !== undefined))
    ctx.addIssue({
      code: 'custom',
      path: [hasSecret ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'],
      message:
        "S3_ACCESS_KEY_ID and a secret (S3_SECRET_ACCESS_KEY or S3_SECRET_ACCESS_KEY_FILE) go together; leave all unset to use the SDK's own credentials (such as a pod's role)",
    });
}

/** Where a process keeps files: a folder (absolute), or a bucket. */
export type FileStoreSettings = { kind: 'disk'; dir: string } | { kind: 's3'; s3: S3FileStoreOptions };

/** The settings of the store, from variables checked by `checkFileStoreEnv`. */
export function fileStoreSettings(env: FileStoreEnv): FileStoreSettings {
  if (env.FILE_STORE === 'disk')
    return { kind: 'disk', dir: resolve(env.FILES_DIR ?? join(env.DATA_DIR ?? '', 'files')) };
  return {
    kind: 's3',
    s3: {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET ?? '',
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY_FILE ?? env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
      keyPrefix: env.S3_PREFIX || undefined,
    },
  };
}

/** The store its settings describe. */
export function fileStoreFromSettings(settings: FileStoreSettings): FileStore {
  switch (settings.kind) {
    case 'disk':
      return new DiskFileStore(settings.dir);
    case 's3':
      return new S3FileStore(settings.s3);
  }
}

/** The file store variables alone, with DATA_DIR (the disk store's default parent folder). */
export const fileStoreEnvSchema = z
  .object({ ...fileStoreEnvShape, DATA_DIR: z.string().trim().min(1).optional() })
  .superRefine(checkFileStoreEnv)
  .transform(fileStoreSettings);

/**
 * The store the environment names, for a process that reads no other variable of its own (a
 * service spreads `fileStoreEnvShape` into its schema instead). A wrong or missing variable
 * throws ConfigError naming each.
 */
export function createFileStore(env: NodeJS.ProcessEnv = process.env, service = 'file store'): FileStore {
  return fileStoreFromSettings(loadConfig(service, fileStoreEnvSchema, env));
}
