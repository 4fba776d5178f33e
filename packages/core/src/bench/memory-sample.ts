/**
 * Where a generation's peak memory goes, seen from the main thread: the standard schema through
 * pipeGeneration to /dev/null, with process.memoryUsage() sampled every 20 ms. Prints one JSON
 * line (after import, after compile, the sample at peak RSS, the largest heap and external) and
 * then a few samples over time. A profiling aid for docs/performance.md, not part of `npm run bench`:
 *
 *   node packages/core/dist/bench/memory-sample.js --format json --n 1000000 --workers 2
 */
import { readFileSync } from 'node:fs';
import { generate, pipeGeneration } from '../index.js';
import { parseChildArgs } from './child-args.js';
import { openDevNull } from './devnull-sink.js';
import { STANDARD_SCHEMA_PATH } from './paths.js';

interface Sample {
  ms: number;
  label: string;
  rss: number;
  heap: number;
  external: number;
}

const MIB = 1024 * 1024;
const args = parseChildArgs();
const started = performance.now();
const samples: Sample[] = [];
const take = (label = '') => {
  const usage = process.memoryUsage();
  const mib = (bytes: number) => Math.round((bytes / MIB) * 10) / 10;
  samples.push({
    ms: Math.round(performance.now() - started),
    label,
    rss: mib(usage.rss),
    heap: mib(usage.heapUsed),
    external: mib(usage.external),
  });
};

take('imported');
const timer = setInterval(take, 20);
const fields: unknown[] = JSON.parse(readFileSync(STANDARD_SCHEMA_PATH, 'utf8'));
const generation = generate({
  fields,
  count: args.n,
  seed: 42,
  writer: { format: args.format },
  workers: args.workers,
});
take('compiled');
await pipeGeneration(generation, openDevNull());
clearInterval(timer);
take('done');

const peak = samples.reduce((a, b) => (b.rss > a.rss ? b : a));
const largest = (key: 'heap' | 'external') => Math.max(...samples.map((sample) => sample[key]));
console.log(
  JSON.stringify({
    format: args.format,
    n: args.n,
    workers: args.workers,
    imported: samples[0],
    compiled: samples.find((s) => s.label === 'compiled'),
    peak,
    maxHeap: largest('heap'),
    maxExternal: largest('external'),
  }),
);
const every = Math.max(1, Math.floor(samples.length / 15));
for (let i = 0; i < samples.length; i += every) console.log(JSON.stringify(samples[i]));
