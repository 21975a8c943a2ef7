/** Resident memory of a process in MB, from /proc: `VmRSS` now, `VmHWM` the peak since it started. */
import { readFile } from 'node:fs/promises';

export async function memoryOf(pid: number): Promise<{ rssMb: number; peakRssMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
}
