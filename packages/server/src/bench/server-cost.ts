/**
 * `npm run bench:server-cost`: the server's own CPU time per generate request, on the main thread
 * and on its other threads (generation threads, V8's helpers), read from Linux's
 * /proc/<pid>/task/<tid>/stat before and after a load like bench:server's. It counts only the
 * server's work, so it moves far less than req/s when other programs share the machine: the
 * figure to compare two builds with (docs/server-performance.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runLoad } from './http-load.js';
import { startServerChild, stopServerChild } from './server-process.js';

const USAGE = `Usage: npm run bench:server-cost -- [options]

  --count N         rows per request (default 100)
  --format F        json or csv (default json)
  --duration S      seconds of measured load (default 8)
  --warmup S        seconds of unmeasured load first (default 3)
  --connections C   concurrent connections (default 10)
  --cpu-prof DIR    run the server under node --cpu-prof, writing its profiles to DIR (read them
                    with dist/bench/profile-steps.js; the load is the end of the profile)`;

/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100;

/** CPU ticks (user + system) of the process's main thread and of all its other threads. */
function threadTicks(pid: number): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let fields: string[];
    try {
      // The command name (field 2) may hold spaces: the fields that follow start after its ')'.
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    } catch {
      continue; // the thread ended meanwhile
    }
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (Number(tid) === pid) main += ticks;
    else others += ticks;
  }
  return { main, others };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100' },
      format: { type: 'string', default: 'json' },
      duration: { type: 'string', default: '8' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const path = fileURLToPath(new URL('../bench/standard-schema.json', import.meta.resolve('@rowloom/core')));
  const body = JSON.stringify(JSON.parse(readFileSync(path, 'utf8')));
  const connections = Number(values.connections);
  const profileDir = values['cpu-prof'];
  const { child, ready } = await startServerChild({}, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  try {
    const url = `${ready.url}/api/generate.${values.format}?key=${ready.key}&count=${values.count}`;
    if (Number(values.warmup) > 0) await runLoad({ url, body, connections, duration: Number(values.warmup) });
    const before = threadTicks(child.pid!);
    const load = await runLoad({ url, body, connections, duration: Number(values.duration) });
    const after = threadTicks(child.pid!);
    const perRequest = (ticks: number) => Number(((ticks * 1000) / TICKS_PER_SECOND / load.ok).toFixed(3));
    process.stdout.write(
      `${JSON.stringify({
        format: values.format,
        count: Number(values.count),
        requestsPerSecond: Math.round(load.requestsPerSecond),
        p50Ms: load.p50Ms,
        p99Ms: load.p99Ms,
        failed: load.failed,
        mainCpuMsPerRequest: perRequest(after.main - before.main),
        otherCpuMsPerRequest: perRequest(after.others - before.others),
      })}\n`,
    );
  } finally {
    await stopServerChild(child);
  }
}

await main();
