import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Sends one GET on a kept-alive connection and resolves with its latency in milliseconds. */
function timedGet(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
): Promise<{ ms: number; ok: boolean }> {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = request(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: response.statusCode === 200 }),
      );
    });
    req.on('error', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: false }));
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * A closed loop: `connections` clients, each sending its next request as soon as the previous one
 * is answered, for `seconds` after `warmupSeconds` that are not counted. Every latency is kept, so
 * the percentiles are exact.
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  warmupSeconds = 1,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  let counting = false;
  let stopAt = Number.POSITIVE_INFINITY;
  const loop = async () => {
    while (Date.now() < stopAt) {
      const { ms, ok } = await timedGet(agent, target, headers);
      if (!counting) continue;
      if (ok) latencies.push(ms);
      else errors += 1;
    }
  };
  const loops = Array.from({ length: connections }, loop);
  await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
  counting = true;
  const started = Date.now();
  stopAt = started + seconds * 1000;
  await Promise.all(loops);
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
