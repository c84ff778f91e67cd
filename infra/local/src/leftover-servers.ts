import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A backing server process found running on a data folder. */
export interface LeftoverServer {
  name: 'PostgreSQL' | 'NATS' | 'Redis';
  pid: number;
}

interface ProcessInfo {
  pid: number;
  argv: string[];
  cwd: string;
}

/** Every process this user may read, from /proc (none where there is no /proc). */
function processes(): ProcessInfo[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        // Another user's process: its folder is not ours to read, nor is it ours.
      }
      return argv.length > 0 ? [{ pid: Number(entry), argv, cwd }] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The backing servers still running on the data folder `dir` without a launcher: PostgreSQL's
 * postmaster on `<dir>/postgres`, nats-server with its configuration in `<dir>/nats`, redis-server
 * working in `<dir>/redis` (Redis shows no arguments in its process title, but works in its data
 * folder). A launcher that was killed (SIGKILL, a crash) could not stop them; its services stop by
 * themselves (their lifeline), these servers cannot.
 */
export function leftoverServers(dir: string): LeftoverServer[] {
  const postgresDir = join(dir, 'postgres');
  const natsDir = `${join(dir, 'nats')}/`;
  const redisDir = join(dir, 'redis');
  return processes().flatMap(({ pid, argv, cwd }): LeftoverServer[] => {
    if (pid === process.pid) return [];
    const program = argv[0] ?? '';
    const dataDirOf = argv[argv.indexOf('-D') + 1];
    if (program.endsWith('/postgres') && argv.includes('-D') && dataDirOf === postgresDir)
      return [{ name: 'PostgreSQL', pid }];
    if (program.endsWith('nats-server') && argv.some((arg) => arg.startsWith(natsDir)))
      return [{ name: 'NATS', pid }];
    if (program.startsWith('redis-server') && cwd === redisDir) return [{ name: 'Redis', pid }];
    return [];
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops the backing servers an earlier launcher left running on `dir`, in the order a launcher
 * stops them (Redis, NATS, then PostgreSQL, whose fast shutdown SIGINT asks for), each given
 * `graceMs` before SIGKILL. Answers what it stopped.
 */
export async function stopLeftoverServers(dir: string, graceMs = 10_000): Promise<LeftoverServer[]> {
  const found = leftoverServers(dir);
  const order: LeftoverServer['name'][] = ['Redis', 'NATS', 'PostgreSQL'];
  found.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  for (const server of found) {
    try {
      process.kill(server.pid, server.name === 'PostgreSQL' ? 'SIGINT' : 'SIGTERM');
    } catch {
      continue; // gone meanwhile
    }
    const deadline = Date.now() + graceMs;
    while (alive(server.pid) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    if (alive(server.pid)) {
      try {
        process.kill(server.pid, 'SIGKILL');
      } catch {
        // gone at the last moment
      }
    }
  }
  return found;
}

/** The file naming the launcher that holds a data folder: its process id. */
const HOLDER_FILE = 'launcher.pid';

/** The launcher holding `dir` now, when it still runs (its file is there and the process lives). */
function holderOf(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dir, HOLDER_FILE), 'utf8').trim());
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
}

/**
 * Takes the data folder `dir` for this launcher: refuses while another launcher that still runs
 * holds it (two stacks on one PostgreSQL folder would corrupt it), otherwise stops the backing
 * servers a launcher that was killed left running on it, says so, and writes this process's id.
 * Answers how to give the folder up (on stop).
 */
export async function takeDataFolder(dir: string, log: (line: string) => void): Promise<() => Promise<void>> {
  const holder = holderOf(dir);
  if (holder !== undefined)
    throw new Error(
      `Another "npm start" (process ${holder}) is running on ${dir}. Stop it first, or set DATA_DIR to another folder.`,
    );
  const stopped = await stopLeftoverServers(dir);
  if (stopped.length > 0)
    log(
      `Stopped ${stopped.map((server) => `${server.name} (process ${server.pid})`).join(', ')}, left running on ${dir} by an earlier "npm start" that was killed.`,
    );
  await writeFile(join(dir, HOLDER_FILE), `${process.pid}\n`);
  return () => rm(join(dir, HOLDER_FILE), { force: true });
}
