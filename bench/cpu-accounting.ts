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
  const ticks = Number(fields[11]) + Number(fields[12]);
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

/** The processes counted as one part of the system, by a name for the table. */
export type ProcessGroups = Record<string, number[]>;

/**
 * The backing servers of a stack, found by what their command lines hold: the PostgreSQL server
 * started on `postgresPort` with all its backends, and the NATS server on `natsPort`.
 */
export function backingServerProcesses(postgresPort: number, natsPort: number): ProcessGroups {
  const processes = allProcesses();
  const postmaster = processes.find(
    (entry) => entry.command === 'postgres' && commandLine(entry.pid).includes(`-p ${postgresPort}`),
  );
  const nats = processes.find(
    (entry) => entry.command === 'nats-server' && commandLine(entry.pid).includes(String(natsPort)),
  );
  return {
    PostgreSQL: postmaster ? withDescendants(postmaster.pid, processes) : [],
    'NATS server': nats ? [nats.pid] : [],
  };
}

/** CPU milliseconds each group has used so far (a backend started later is counted from zero). */
export function cpuOf(groups: ProcessGroups): Record<string, number> {
  return Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [
      name,
      pids.reduce((sum, pid) => sum + (readStat(pid)?.cpuMs ?? 0), 0),
    ]),
  );
}

/** What each group used between two readings. */
export function cpuBetween(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)]));
}

/** How long ago `pid` started, in milliseconds (from /proc, to the hundredth of a second). */
export function msSinceStart(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const startedTicks = Number(fields[19]);
  const uptimeSeconds = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return uptimeSeconds * 1000 - (startedTicks * 1000) / TICKS_PER_SECOND;
}
