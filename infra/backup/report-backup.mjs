// Reports the newest complete backup of backup.sh to the dashboard's Backup line: the Redis key
// {REDIS_KEY_PREFIX}:backup:last-success-at set to the backup's finish time (ISO 8601).
//
//   BACKUP_ROOT=/backups REDIS_URL=redis://… node report-backup.mjs
//
// The pg_dump Kubernetes example runs it after backup.sh, in the gateway's image (Node.js and the
// Redis client are in it), because the postgres image that runs pg_dump has no Redis client. The
// Redis client is the one installed in the working directory (/app in the gateway's image, the
// repository's root on a workstation), as the CloudNativePG example's reporter finds it. It writes a time only for a backup it can see is whole:
// the folder LATEST names, its manifest marked complete with a finish time, every archive the
// manifest lists present with the size it lists, and the files' folder when it lists one. Anything else exits 1 and writes nothing, so the
// dashboard keeps the last good time and shows its age. A time older than the one already there
// is not written either: the line never moves backwards.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const Redis = createRequire(join(process.cwd(), 'package.json'))('ioredis');

/** The finish time of the newest complete backup under `root`; throws saying what is wrong. */
function completeBackupTime(root) {
  const name = readFileSync(join(root, 'LATEST'), 'utf8').trim();
  if (!/^\d{8}T\d{6}Z$/.test(name)) throw new Error(`LATEST names '${name}', not a backup folder`);
  const folder = join(root, name);
  const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
  if (manifest.complete !== true) throw new Error(`${name}: the manifest is not marked complete`);
  const finished = Date.parse(manifest.finishedAt);
  if (Number.isNaN(finished)) throw new Error(`${name}: the manifest has no finish time`);
  if (!Array.isArray(manifest.schemas) || manifest.schemas.length === 0)
    throw new Error(`${name}: the manifest lists no archives`);
  for (const entry of manifest.schemas) {
    const size = statSync(join(folder, String(entry.file))).size;
    if (size !== entry.bytes)
      throw new Error(`${name}: ${entry.file} is ${size} bytes, the manifest says ${entry.bytes}`);
  }
  // The documents' files, when the backup took them: their folder must be there with them all.
  if (manifest.files) {
    const files = join(folder, String(manifest.files.folder));
    if (!statSync(files, { throwIfNoEntry: false })?.isDirectory())
      throw new Error(
        `${name}: the manifest lists ${manifest.files.count} files in ${manifest.files.folder}/, which is missing`,
      );
  }
  // Written as backup.sh wrote it: the same text the manifest and the log show.
  return { name, finishedAt: String(manifest.finishedAt) };
}

async function main() {
  const root = process.env.BACKUP_ROOT;
  const url = process.env.REDIS_URL;
  if (!root || !url) throw new Error('BACKUP_ROOT and REDIS_URL must be set');
  const key = `${process.env.REDIS_KEY_PREFIX || 'caliber'}:backup:last-success-at`;
  const backup = completeBackupTime(root);
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    const current = Date.parse((await redis.get(key)) || '');
    if (!Number.isNaN(current) && current >= Date.parse(backup.finishedAt)) {
      console.log(
        `${key} already shows ${new Date(current).toISOString()}; backup ${backup.name} is not newer`,
      );
      return;
    }
    await redis.set(key, backup.finishedAt);
    console.log(`${key} = ${backup.finishedAt} (backup ${backup.name})`);
  } finally {
    await redis.quit();
  }
}

try {
  await main();
} catch (error) {
  console.error(`not reported: ${error.message}`);
  process.exit(1);
}
