import type { DashboardResponse } from '@caliber/contracts';
import { measure, type LoadResult } from './load';

export interface DashboardTiming {
  who: string;
  connections: number;
  result: LoadResult;
}

/**
 * `GET /api/dashboard` as an Engineer (everyone's tasks) and as a Technician (their own), at 1
 * and 16 connections. First it checks the answer is whole: every part present, so a part that
 * timed out cannot pass for a fast answer.
 */
export async function measureDashboard(
  baseUrl: string,
  tokens: { who: string; token: string }[],
  seconds: number,
): Promise<DashboardTiming[]> {
  const timings: DashboardTiming[] = [];
  for (const { who, token } of tokens) {
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const first = (await (await fetch(`${baseUrl}/api/dashboard`, { headers })).json()) as DashboardResponse;
    const missing = Object.keys(first.unavailable);
    if (missing.length > 0)
      throw new Error(
        `The dashboard came without ${missing.join(', ')}: ${JSON.stringify(first.unavailable)}`,
      );
    for (const connections of [1, 16])
      timings.push({
        who,
        connections,
        result: await measure(`${baseUrl}/api/dashboard`, headers, connections, seconds),
      });
  }
  return timings;
}

export function printDashboard(timings: DashboardTiming[], say: (line: string) => void): void {
  const ms = (value: number) => value.toFixed(1).padStart(7);
  say('\nDashboard: GET /api/dashboard (every part present)');
  say('  who          conns     req/s    p50 ms   p95 ms   p99 ms  errors');
  for (const { who, connections, result: r } of timings)
    say(
      `  ${who.padEnd(11)}  ${String(connections).padStart(5)}   ${r.requestsPerSecond.toFixed(0).padStart(7)}  ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.p99)}  ${String(r.errors).padStart(6)}`,
    );
}
