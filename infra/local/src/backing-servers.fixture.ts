// A launcher reduced to its backing servers, for leftover-servers.int-spec.ts: starts PostgreSQL,
// NATS and Redis on the data folder and ports given, says "ready", and waits to be killed.
import { startBackingServers } from './backing-servers';

async function main(): Promise<void> {
  const [dir = '', postgres = '0', nats = '0', redis = '0'] = process.argv.slice(2);
  await startBackingServers(dir, { postgres: true, nats: true, redis: true }, () => undefined, {
    ports: { postgres: Number(postgres), nats: Number(nats), redis: Number(redis) },
  });
  process.stdout.write('ready\n');
  setInterval(() => undefined, 60_000);
}

void main();
