import { z } from 'zod';

/**
 * The manifest.json backup.sh writes beside the archives of one backup: what a restore checks
 * before it trusts a file, and what a surveyor reads to see what was backed up and when.
 */
export const backupManifestSchema = z.object({
  format: z.literal(1),
  /** Written last, after every archive was dumped and listed: a manifest without it is no backup. */
  complete: z.literal(true),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  pgDumpVersion: z.string(),
  serverVersion: z.string(),
  /** The exported snapshot all schemas were dumped from (one moment for the whole database). */
  snapshot: z.string(),
  /** Extensions of the database (pg_trgm in public); a restore creates them before the schemas. */
  extensions: z.array(
    z.object({
      // Extension names may carry a dash (uuid-ossp); the drill quotes them.
      name: z.string().regex(/^[a-z0-9_-]+$/),
      schema: z.string().regex(/^[a-z_][a-z0-9_]*$/),
    }),
  ),
  schemas: z
    .array(
      z.object({
        schema: z.string().regex(/^[a-z_][a-z0-9_]*$/),
        file: z.string().regex(/^[a-z_][a-z0-9_]*\.dump$/),
        bytes: z.number().int().nonnegative(),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .min(1),
  /**
   * The documents and photos of the disk file store, copied into the backup's folder after the
   * dump (absent when the backup took no files: an S3 bucket is kept by its own versioning).
   */
  files: z
    .object({
      store: z.literal('disk'),
      folder: z.literal('files'),
      count: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
    })
    .optional(),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** The major version in a version text: `pg_dump (PostgreSQL) 15.18 (Debian …)` → 15, `18.1` → 18. */
export function majorOf(version: string): number {
  const found = /(?:^|\)\s*)(\d+)(?:\.\d+)?/.exec(version.trim());
  return Number(found?.[1] ?? NaN);
}
