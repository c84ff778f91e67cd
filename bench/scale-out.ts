import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startThrowawayStack } from '../infra/local/src';
import { signInThroughApi } from '../infra/testing/outbox';
import { measure, type LoadResult } from './load';

/** What each layout is asked: a page of the inventory, and the dashboard (four services at once). */
const PATHS = ['/api/equipment?page=1&limit=9', '/api/dashboard'] as const;
const CONNECTIONS = [16, 64];

export interface ScaleOutRow {
  replicas: number;
  path: string;
  connections: number;
  result: LoadResult;
}

/**
 * The same load on one replica of everything and on two (two gateways, two of every service, two
 * report workers), each stack on its own fresh database with `items` generated devices. Both run
 * on a three-member NATS cluster and are measured through the same round-robin proxy, in front of
 * one gateway or of two, so the difference is the replicas'.
 */
export async function measureScaleOut(items: number, seconds: number): Promise<ScaleOutRow[]> {
  const rows: ScaleOutRow[] = [];
  for (const replicas of [1, 2]) {
    const root = await mkdtemp(join(tmpdir(), 'caliber-bench-scale-'));
    await chmod(root, 0o755);
    const stack = await startThrowawayStack({
      dataDir: join(root, 'data'),
      replicas,
      // The same front door and the same bus for both: only the replicas differ.
      proxied: true,
      natsMembers: 3,
      demoSeedArgs: { equipment: ['--count', String(items)] },
      env: { LOG_LEVEL: 'warn' },
      log: () => undefined,
      serviceOutput: () => undefined,
    });
    try {
      const { token } = await signInThroughApi(stack.baseUrl, 'BME-1002', stack.outboxPath);
      const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
      for (const path of PATHS)
        for (const connections of CONNECTIONS)
          rows.push({
            replicas,
            path,
            connections,
            result: await measure(`${stack.baseUrl}${path}`, headers, connections, seconds),
          });
    } finally {
      await stack.stop();
      await rm(root, { recursive: true, force: true });
    }
  }
  return rows;
}

export function printScaleOut(rows: ScaleOutRow[], items: number, say: (line: string) => void): void {
  const ms = (value: number) => value.toFixed(1).padStart(7);
  say(`\nScale-out: one replica of everything against two (${items.toLocaleString('en')} devices)`);
  say('  path                            conns  replicas    req/s    p50 ms   p99 ms  errors   two/one');
  const ordered = [...rows].sort(
    (a, b) => a.path.localeCompare(b.path) || a.connections - b.connections || a.replicas - b.replicas,
  );
  for (const row of ordered) {
    const one = rows.find(
      (r) => r.replicas === 1 && r.path === row.path && r.connections === row.connections,
    );
    const ratio =
      row.replicas === 2 && one
        ? `${(row.result.requestsPerSecond / one.result.requestsPerSecond).toFixed(2)}×`
        : '';
    say(
      `  ${row.path.padEnd(32)} ${String(row.connections).padStart(5)}  ${String(row.replicas).padStart(8)}  ${row.result.requestsPerSecond.toFixed(0).padStart(7)}  ${ms(row.result.p50)}  ${ms(row.result.p99)}  ${String(row.result.errors).padStart(6)}   ${ratio}`,
    );
  }
}
