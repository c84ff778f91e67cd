import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { WATCHDOG_MARGIN_MS } from './shutdown';

const FIXTURE = join(__dirname, 'testing', 'stuck-shutdown.fixture.ts');
const GRACE_MS = 1000;

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  afterMs: number;
}

/**
 * Starts the fixture (a process whose stop hangs in every way it can), waits for it to be ready,
 * then does `end` to it and measures how long it takes to be gone. Gives up (and kills it) after
 * `giveUpMs`, which then fails the test.
 */
async function endStuckProcess(
  end: (child: ReturnType<typeof spawn>) => void,
  env: Record<string, string> = {},
  giveUpMs = 15_000,
): Promise<Ended> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: { ...process.env, GRACE_MS: String(GRACE_MS), ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', () => reject(new Error('the fixture ended before it was ready')));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  const started = Date.now();
  const ended = new Promise<Ended>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, afterMs: Date.now() - started })),
  );
  end(child);
  const giveUp = setTimeout(() => child.kill('SIGKILL'), giveUpMs);
  try {
    return await ended;
  } finally {
    clearTimeout(giveUp);
  }
}

/** The bound, with room for a busy machine to schedule the watchdog's thread. */
const BOUND_MS = GRACE_MS + WATCHDOG_MARGIN_MS + 3000;

describe('closeOnSignals: a stop is bounded whatever the process is stuck on', () => {
  it('ends a process whose close and exit never finish, within the bound after SIGTERM', async () => {
    const ended = await endStuckProcess((child) => child.kill('SIGTERM'));
    // The watchdog's SIGKILL, not the test's: the test gives up only after 15 s.
    expect(ended.signal).toBe('SIGKILL');
    expect(ended.afterMs).toBeGreaterThanOrEqual(GRACE_MS);
    expect(ended.afterMs).toBeLessThan(BOUND_MS);
  });

  it('holds the bound when SIGTERM comes after SIGINT (the launcher after the terminal)', async () => {
    const ended = await endStuckProcess((child) => {
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGTERM'), 200);
    });
    expect(ended.signal).toBe('SIGKILL');
    expect(ended.afterMs).toBeLessThan(BOUND_MS);
  });

  it('stops when its launcher has gone: the lifeline on its input closes', async () => {
    const ended = await endStuckProcess((child) => child.stdin?.destroy(), { LIFELINE: 'true' });
    expect(ended.signal).toBe('SIGKILL');
    expect(ended.afterMs).toBeLessThan(BOUND_MS);
  });

  it('keeps running while its input is open and no signal came, without a lifeline too', async () => {
    const ended = await endStuckProcess(
      (child) => {
        // Its input closes, but it was not asked to watch it: it must go on.
        child.stdin?.destroy();
      },
      {},
      GRACE_MS + WATCHDOG_MARGIN_MS + 1500,
    );
    // Only the test's own give-up ended it.
    expect(ended.afterMs).toBeGreaterThanOrEqual(GRACE_MS + WATCHDOG_MARGIN_MS + 1500);
  });
});
