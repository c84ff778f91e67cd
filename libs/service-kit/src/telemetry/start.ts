import type * as SdkModule from './sdk';
import type { RunningSdk } from './sdk';
import { tracingEndpoint } from './settings';

/**
 * Tracing of a long-running process, started by a file its `main` imports before anything else
 * (`src/tracing.ts` of each service): instrumentation patches libraries as they are required, so
 * Nest, pg, ioredis and socket.io must be required after it.
 */
let running: RunningSdk | null = null;

/**
 * Starts tracing when an OTLP endpoint is configured (see `tracingEndpoint`); `processName` is
 * the default `service.name` (gateway, identity, …, reports-worker). Without an endpoint nothing
 * is loaded or patched. Returns whether tracing is on.
 */
export function startTracing(processName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (running) return true;
  const endpoint = tracingEndpoint(env);
  if (!endpoint) return false;
  // Required here, not imported above: a process without a collector must not load the SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSdk } = require('./sdk') as typeof SdkModule;
  running = startSdk(processName, endpoint);
  return true;
}

export function tracingIsOn(): boolean {
  return running !== null;
}

/** How long shutdown waits for the last spans to reach the collector before giving up on them. */
const FLUSH_MS = 3000;

/**
 * Sends the spans still buffered and stops the SDK (on SIGTERM, after the app closed). A
 * collector that does not answer costs at most `FLUSH_MS`, never the process's shutdown.
 */
export async function stopTracing(): Promise<void> {
  const sdk = running;
  running = null;
  if (!sdk) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    sdk.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FLUSH_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
