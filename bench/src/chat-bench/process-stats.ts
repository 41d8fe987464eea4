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
