/** What Linux says about another process: resident memory and CPU time, from /proc. */
import { readFileSync } from 'node:fs';

/** VmRSS in bytes. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** User + system CPU time of all its threads, in milliseconds (10 ms resolution at USER_HZ 100). */
export function cpuMilliseconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}

/** Several RSS readings a little apart, as their median: one reading can catch a GC half-way. */
export async function settledResidentBytes(pid: number, samples = 5, gapMs = 100) {
  const readings: number[] = [];
  for (let i = 0; i < samples; i++) {
    readings.push(residentBytes(pid));
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  readings.sort((a, b) => a - b);
  return readings[Math.floor(readings.length / 2)] ?? 0;
}

/** CPU time all processes of the machine spent busy, in milliseconds (from /proc/stat). */
export function machineBusyMilliseconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) * 10;
}

/** This process's own CPU time in milliseconds. */
export function ownCpuMilliseconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Where the machine's CPU went over a span, in cores (1 = one core busy all along): the server
 * (its processes together), this process (client and model), each named group of processes the
 * bench also started (an instance, the proxy), and everything else (a database server, other work).
 */
export function cpuShares(
  server: number | readonly number[],
  groups: Readonly<Record<string, readonly number[]>> = {},
) {
  const serverPids = typeof server === 'number' ? [server] : server;
  const sum = (pids: readonly number[]) =>
    pids.reduce((total, pid) => total + cpuMilliseconds(pid), 0);
  // A pid in a group and in the server counts once towards what is not "others".
  const watched = [...new Set([...serverPids, ...Object.values(groups).flat()])];
  const groupMs = () => Object.entries(groups).map(([name, pids]) => [name, sum(pids)] as const);
  const started = {
    at: performance.now(),
    server: sum(serverPids),
    watched: sum(watched),
    groups: new Map(groupMs()),
    own: ownCpuMilliseconds(),
    all: machineBusyMilliseconds(),
  };
  return () => {
    const wall = performance.now() - started.at;
    const server = sum(serverPids) - started.server;
    const watchedMs = sum(watched) - started.watched;
    const own = ownCpuMilliseconds() - started.own;
    const all = machineBusyMilliseconds() - started.all;
    return {
      serverMs: server,
      server: server / wall,
      bench: own / wall,
      others: Math.max(0, all - watchedMs - own) / wall,
      groups: Object.fromEntries(
        groupMs().map(([name, ms]) => [name, (ms - (started.groups.get(name) ?? 0)) / wall]),
      ),
    };
  };
}

/** Cores kept busy by other processes over `spanMs`: is the machine quiet enough to measure? */
export async function coresBusyElsewhere(spanMs = 2000): Promise<number> {
  const all = machineBusyMilliseconds();
  const own = ownCpuMilliseconds();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, spanMs));
  const busy = machineBusyMilliseconds() - all - (ownCpuMilliseconds() - own);
  return Math.max(0, busy) / (performance.now() - started);
}
