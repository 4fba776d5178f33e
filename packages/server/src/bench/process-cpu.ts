/**
 * A process's CPU time so far, all its threads together (Linux /proc/<pid>/stat, utime + stime):
 * read before and after a load, it gives CPU per request, which another program's work on the
 * same cores disturbs far less than requests per second. Null where /proc is missing.
 */
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100;

export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces, in parentheses: state is the 3rd
    // field of the line, utime the 14th and stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
