import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensureCommands,
  freePort,
  natsUserEnv,
  stackNatsUsers,
  startNats,
  startPostgres,
  startRedis,
  type RunningServer,
} from '@caliber/local-stack';
import { S3_TEST_VARIABLES, startS3Server, type S3TestServer } from './s3-server';
import { HARNESS_NATS_USER, NATS_USERS_VARIABLE } from './nats-users';
import { migrateEveryService } from './service-databases';
import { createTestStatementKeys } from './statement-keys';

declare global {
  var __CALIBER_SERVERS__: RunningServer[] | undefined;
  var __CALIBER_S3__: S3TestServer | undefined;
}

/**
 * Starts the real servers once for the whole integration run and migrates every service's schema
 * once (test files then share them). Their addresses reach the test workers through process.env.
 */
export default async function globalSetup(): Promise<void> {
  ensureCommands([
    { command: 'nats-server', aptPackage: 'nats-server', alternative: 'install it by hand' },
    { command: 'redis-server', aptPackage: 'redis-server', alternative: 'install it by hand' },
  ]);
  const root = await mkdtemp(join(tmpdir(), 'caliber-it-'));
  // As root, PostgreSQL runs as the `postgres` user, who must be able to enter this folder.
  await chmod(root, 0o755);
  const [pgPort, natsPort, redisPort] = [await freePort(), await freePort(), await freePort()];
  // Each process the tests start connects as its own NATS user, with production's permissions;
  // the test files themselves connect as an observer who may do everything.
  const natsUsers = stackNatsUsers([{ user: HARNESS_NATS_USER, password: randomBytes(24).toString('hex') }]);
  const [postgres, nats, redis] = await Promise.all([
    startPostgres({
      dataDir: join(root, 'postgres'),
      port: pgPort,
      database: 'caliber_test',
      ephemeral: true,
    }),
    startNats(natsPort, undefined, { users: natsUsers, configDir: join(root, 'nats') }),
    startRedis(redisPort, undefined),
  ]);
  globalThis.__CALIBER_SERVERS__ = [postgres, nats, redis];
  process.env['DATABASE_URL'] = postgres.url;
  process.env['NATS_URL'] = nats.url;
  process.env[NATS_USERS_VARIABLE] = JSON.stringify(
    natsUsers.map(({ user, password }) => ({ user, password })),
  );
  Object.assign(process.env, natsUserEnv(natsUsers, HARNESS_NATS_USER));
  process.env['REDIS_URL'] = redis.url;
  process.env['DATA_DIR'] = join(root, 'data');
  process.env['NODE_ENV'] = 'test';
  // Each process the tests start signs with its own key, as in production.
  createTestStatementKeys();
  // The S3-API server the file-keeping tests run against, beside the local disk (file-stores.ts).
  const s3 = await startS3Server();
  globalThis.__CALIBER_S3__ = s3;
  process.env[S3_TEST_VARIABLES.endpoint] = s3.endpoint;
  process.env[S3_TEST_VARIABLES.bucket] = s3.bucket;
  process.env[S3_TEST_VARIABLES.accessKeyId] = s3.accessKeyId;
  process.env[S3_TEST_VARIABLES.secretAccessKey] = s3.secretAccessKey;
  await migrateEveryService(postgres.url);
}
