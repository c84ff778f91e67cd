// `npm run bench`: first the weight of a first visit (`/login`, then `/equipment`) in Chromium;
// then GET /api/equipment through the gateway against 50,000 items, next to the same query
// answered by a bare Node http server calling pg directly (the floor), at 1, 16 and 64
// concurrent connections. Prints latency p50/p95/p99, requests per second and the ratio to the floor.
// Then an inventory change reaching 1, 100 and 1,000 connected sockets (latency from commit to
// receipt). `BENCH_ONLY=page-weight` measures the first visit alone (on the demo inventory);
// `BENCH_ONLY=fan-out` the sockets alone.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EquipmentListResponse } from '@caliber/contracts';
import { buildAll, startThrowawayStack } from '../infra/local/src';
import { signInThroughApi } from '../infra/testing/outbox';
import { startFloorServer } from './floor-server';
import { measureFanOut } from './fan-out';
import { measure, type LoadResult } from './load';
import { measurePageWeight, printPageWeight } from './page-weight';

const ONLY_PAGE_WEIGHT = process.env['BENCH_ONLY'] === 'page-weight';
const ONLY_FAN_OUT = process.env['BENCH_ONLY'] === 'fan-out';
const ITEMS = ONLY_PAGE_WEIGHT || ONLY_FAN_OUT ? 0 : Number(process.env['BENCH_ITEMS'] ?? 50_000);
const FAN_OUT_SOCKETS = [1, 100, 1000];
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONNECTIONS = [1, 16, 64];
const SCENARIOS: [name: string, query: string][] = [
  ['first page', 'page=1&limit=9'],
  ['filtered page', 'department=ICU&status=Serviceable&page=3&limit=9'],
  ['search', 'q=evita&page=1&limit=9'],
];
const BENCH_USER = 'BME-1002';

const say = (line: string) => process.stdout.write(`${line}\n`);

const ms = (value: number) => value.toFixed(1).padStart(7);

async function main(): Promise<void> {
  say('Building…');
  buildAll();
  const root = await mkdtemp(join(tmpdir(), 'caliber-bench-'));
  await chmod(root, 0o755);
  say(`Starting the stack and loading ${ITEMS.toLocaleString('en')} equipment items…`);
  const started = Date.now();
  const stack = await startThrowawayStack({
    dataDir: join(root, 'data'),
    ...(ITEMS > 0 ? { demoSeedArgs: { equipment: ['--count', String(ITEMS)] } } : {}),
    // Request logs at info would measure the terminal; production runs at warn or info to a collector.
    env: { LOG_LEVEL: 'warn' },
    log: () => undefined,
    serviceOutput: () => undefined,
  });
  say(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  const floor = await startFloorServer(String(stack.env['DATABASE_URL']), 20);
  try {
    const session = await signInThroughApi(stack.baseUrl, BENCH_USER, stack.outboxPath);
    const { token } = session;
    if (!ONLY_FAN_OUT) printPageWeight(await measurePageWeight(stack.baseUrl, session), say);
    if (ONLY_PAGE_WEIGHT) return;
    if (!ONLY_FAN_OUT) await listBenchmark(stack.baseUrl, floor.url, token);
    say('\nLive fan-out: an inventory change reaching connected sockets (commit to receipt)');
    say('  sockets  changes  received   p50 ms   p99 ms   max ms');
    for (const count of FAN_OUT_SOCKETS) {
      const r = await measureFanOut(stack.baseUrl, token, count);
      say(
        `  ${String(r.sockets).padStart(7)}  ${String(r.changes).padStart(7)}  ${String(r.received).padStart(8)}  ${ms(r.p50)}  ${ms(r.p99)}  ${ms(r.max)}`,
      );
    }
  } finally {
    await floor.stop();
    await stack.stop();
    await rm(root, { recursive: true, force: true });
  }
}

async function listBenchmark(baseUrl: string, floorUrl: string, token: string): Promise<void> {
  const gatewayHeaders = { authorization: `Bearer ${token}`, accept: 'application/json' };

  for (const [name, query] of SCENARIOS) {
    const viaGateway = (await (
      await fetch(`${baseUrl}/api/equipment?${query}`, { headers: gatewayHeaders })
    ).json()) as EquipmentListResponse;
    const viaFloor = (await (await fetch(`${floorUrl}/?${query}`)).json()) as EquipmentListResponse;
    if (viaGateway.total !== viaFloor.total || viaGateway.equipment[0]?._id !== viaFloor.equipment[0]?._id)
      throw new Error(
        `${name}: the gateway and the floor disagree (${viaGateway.total} vs ${viaFloor.total})`,
      );
    say(`\n${name}: ${query}  (${viaGateway.total.toLocaleString('en')} matching items)`);
    say('  conns  target     req/s    p50 ms   p95 ms   p99 ms  errors   ratio req/s   ratio p50');
    for (const connections of CONNECTIONS) {
      const gateway: LoadResult = await measure(
        `${baseUrl}/api/equipment?${query}`,
        gatewayHeaders,
        connections,
        SECONDS,
      );
      const bare: LoadResult = await measure(`${floorUrl}/?${query}`, {}, connections, SECONDS);
      const row = (label: string, r: LoadResult, ratio: string) =>
        say(
          `  ${String(connections).padStart(5)}  ${label.padEnd(8)} ${r.requestsPerSecond.toFixed(0).padStart(7)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.p99)}  ${String(r.errors).padStart(6)}   ${ratio}`,
        );
      row('floor', bare, '');
      row(
        'gateway',
        gateway,
        `${(gateway.requestsPerSecond / bare.requestsPerSecond).toFixed(2).padStart(11)}   ${(gateway.p50 / bare.p50).toFixed(2).padStart(9)}`,
      );
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
