import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcEntry {
  pid: number;
  ppid: number;
  command: string;
  cpuMs: number;
}

/** One process's line of /proc/<pid>/stat: its parent, name and CPU time (user and system). */
function readStat(pid: number): ProcEntry | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone
  }
  // The name is in parentheses and may hold spaces; the fields after it are space-separated.
  const close = text.lastIndexOf(')');
  const command = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // Its own user and system time, and its waited-for children's: a PostgreSQL backend that exits
  // in the window moves its time into the postmaster's, not out of the sum.
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  return { pid, ppid: Number(fields[1]), command, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function allProcesses(): ProcEntry[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((entry): entry is ProcEntry => entry !== undefined);
}

/** A process and its descendants: PostgreSQL's postmaster and its backends, say. */
function withDescendants(root: number, processes: ProcEntry[]): number[] {
  const found = [root];
  for (let index = 0; index < found.length; index += 1)
    for (const entry of processes) if (entry.ppid === found[index]) found.push(entry.pid);
  return found;
}

/** The processes counted as one part of the system, by a name for the table, found anew at each reading. */
export type ProcessGroups = Record<string, () => number[]>;

/**
 * The backing servers of a stack, found by what their command lines hold: the PostgreSQL server
 * started on `postgresPort` with all its backends (those started since the last reading too),
 * and the NATS server on `natsPort`.
 */
export function backingServerProcesses(postgresPort: number, natsPort: number): ProcessGroups {
  const find = (command: string, marker: string) =>
    allProcesses().find((entry) => entry.command === command && commandLine(entry.pid).includes(marker));
  return {
    PostgreSQL: () => {
      const processes = allProcesses();
      const postmaster = processes.find(
        (entry) => entry.command === 'postgres' && commandLine(entry.pid).includes(`-p ${postgresPort}`),
      );
      return postmaster ? withDescendants(postmaster.pid, processes) : [];
    },
    'NATS server': () => {
      const nats = find('nats-server', String(natsPort));
      return nats ? [nats.pid] : [];
    },
  };
}

/** CPU milliseconds each process of each group has used so far, by pid. */
export function cpuOf(groups: ProcessGroups): Record<string, Map<number, number>> {
  return Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [
      name,
      new Map(pids().map((pid) => [pid, readStat(pid)?.cpuMs ?? 0] as const)),
    ]),
  );
}

/**
 * What each group used between two readings: each process's growth, a process started in
 * between counted from zero. A process gone in between is left out; its time, if it was a child
 * of another process of the group (a backend), is in its parent's children's time.
 */
export function cpuBetween(
  before: Record<string, Map<number, number>>,
  after: Record<string, Map<number, number>>,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).map(([name, pids]) => {
      const earlier = before[name] ?? new Map<number, number>();
      let used = 0;
      for (const [pid, ms] of pids) used += ms - (earlier.get(pid) ?? 0);
      return [name, used];
    }),
  );
}

/** How long ago `pid` started, in milliseconds (from /proc, to the hundredth of a second). */
export function msSinceStart(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const startedTicks = Number(fields[19]);
  const uptimeSeconds = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return uptimeSeconds * 1000 - (startedTicks * 1000) / TICKS_PER_SECOND;
}
