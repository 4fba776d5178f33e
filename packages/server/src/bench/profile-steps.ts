/**
 * `node packages/server/dist/bench/profile-steps.js FILE.cpuprofile --rate N --seconds S`:
 * microseconds a request by step (cpu-profile-steps.ts) over the last S seconds of the profile
 * (less its last 0.2 s, the stop), at N requests a second: made for the profiles that
 * `BENCH_CPU_PROF=<dir> npm run bench:mocks` writes, where the load is the end of the process's life
 * and S is BENCH_SECONDS less a margin.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { stepTimes, type CpuProfile } from './cpu-profile-steps.js';

const USAGE = 'usage: profile-steps.js FILE.cpuprofile --rate <requests a second> --seconds <load seconds>';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rate: { type: 'string' }, seconds: { type: 'string' } },
});
const rate = Number(values.rate);
const seconds = Number(values.seconds);
if (positionals.length !== 1 || !(rate > 0) || !(seconds > 0)) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8')) as CpuProfile;
const to = profile.endTime - 200_000;
const sums = stepTimes(profile, to - seconds * 1e6, to);
const requests = rate * seconds;
const total = [...sums.values()].reduce((a, b) => a + b, 0);
process.stdout.write(`${(total / requests).toFixed(0)} µs a request sampled, over ${requests.toFixed(0)} requests\n`);
for (const [step, us] of [...sums].sort((a, b) => b[1] - a[1]))
  process.stdout.write(
    `${(us / requests).toFixed(0).padStart(7)} µs ${((100 * us) / total).toFixed(0).padStart(3)}%  ${step}\n`,
  );
