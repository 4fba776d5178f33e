/**
 * `npm run soak [-- --duration 60 --scale 2]`: starts a real server (child process, SQLite)
 * with a 5 s time limit and a 3 s stall timeout, runs hostile clients of every kind against it
 * (soak-load.ts) and prints what a small request saw meanwhile: probe p50/p99/max, the
 * server's peak RSS, requests refused with 503, and the outcome of every hostile request.
 */
import { parseArgs } from 'node:util';
import { peakRssBytes, startServerChild, stopServerChild } from '../bench/server-process.js';
import { HOSTILE_KINDS, percentile, refusedCount, runSoak, serverErrors, type HostileKind } from './soak-load.js';

/** Hostile clients of each kind at --scale 1. */
export const BASE_CLIENTS: Record<HostileKind, number> = { formula: 3, words: 2, image: 6, stalled: 20, unlimited: 2 };

/** What the soak configures on the server (anything set in the environment wins). */
export const SOAK_SERVER_ENV = { ROWLOOM_TIME_LIMIT_SECONDS: '5', ROWLOOM_STALL_SECONDS: '3' };

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '60' }, scale: { type: 'string', default: '1' } },
});
const durationMs = Number(values.duration) * 1000;
const scale = Number(values.scale);
if (!(durationMs > 0) || !(scale > 0)) {
  process.stderr.write('usage: npm run soak -- [--duration SECONDS] [--scale N]\n');
  process.exit(2);
}
const clients = Object.fromEntries(
  HOSTILE_KINDS.map((kind) => [kind, Math.max(1, Math.round(BASE_CLIENTS[kind] * scale))]),
) as Record<HostileKind, number>;
const env = Object.fromEntries(
  Object.entries(SOAK_SERVER_ENV).map(([name, value]) => [name, process.env[name] ?? value]),
);

const { child, ready } = await startServerChild(env);
let exited: number | null = null;
child.once('exit', (code) => (exited = code ?? -1));
process.stdout.write(
  `soak: ${durationMs / 1000} s against ${ready.url}; hostile clients ${JSON.stringify(clients)}; ${JSON.stringify(env)}\n`,
);
const result = await runSoak({ url: ready.url, hostileKey: ready.key, probeKey: ready.otherKey, durationMs, clients });
const peak = peakRssBytes(child);
const alive = exited === null && (await fetch(`${ready.url}/api/types?key=${ready.otherKey}`)).status === 200;
await stopServerChild(child);

const ms = (x: number) => `${Math.round(x)} ms`;
for (const [name, figures] of Object.entries(result.probe)) {
  const l = figures.latenciesMs;
  process.stdout.write(
    `probe ${name.padEnd(8)} n=${l.length} p50 ${ms(percentile(l, 50))}  p99 ${ms(percentile(l, 99))}  max ${ms(Math.max(...l))}  failures ${figures.failures.length}${figures.failures.length ? ` (${figures.failures.join(', ')})` : ''}\n`,
  );
}
process.stdout.write(
  `server peak RSS ${peak === null ? 'unknown' : `${Math.round(peak / 2 ** 20)} MiB`}; alive at the end: ${alive}\n`,
);
process.stdout.write(
  `hostile requests refused with 503: ${refusedCount(result)}; other 5xx: ${serverErrors(result)}\n`,
);
for (const kind of HOSTILE_KINDS)
  process.stdout.write(`  ${kind.padEnd(10)} ${JSON.stringify(result.outcomes[kind])}\n`);
process.exit(alive && serverErrors(result) === 0 ? 0 : 1);
