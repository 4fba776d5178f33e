/**
 * Child process: Rowloom's engine on the standard schema, `--workers 1` for one thread or
 * `--workers <cores>` for worker threads. Run fresh per measurement so peak RSS is this run's own.
 */
import { readFileSync } from 'node:fs';
import { generate, pipeGeneration } from '../index.js';
import { parseChildArgs } from './child-args.js';
import { openDevNull } from './devnull-sink.js';
import { SCHEMA_PATHS } from './paths.js';
import { reportRun } from './run-result.js';

// Timed from here: schema compilation and worker start-up are part of what a user waits for.
const t0 = process.hrtime.bigint();
const args = parseChildArgs();
// `--schema formula|ten-formulas` picks another workload (default: the standard schema).
const schemaIndex = process.argv.indexOf('--schema');
const schema = schemaIndex > 0 ? process.argv[schemaIndex + 1] : 'standard';
const fields: unknown[] = JSON.parse(readFileSync(SCHEMA_PATHS[schema] ?? SCHEMA_PATHS.standard, 'utf8'));
const generation = generate({
  fields,
  count: args.n,
  seed: 42,
  writer: { format: args.format },
  workers: args.workers,
});
const sink = openDevNull();
// As the command line writes: pipeline (it resolves on the sink's 'finish' and surfaces errors
// from either side), handing each written chunk back to the workers.
await pipeGeneration(generation, sink);
const impl =
  schema === 'formula'
    ? 'rowloom-formula'
    : schema === 'ten-formulas'
      ? 'rowloom-ten-formulas'
      : args.workers > 1
        ? 'rowloom-all'
        : 'rowloom-1';
reportRun(impl, args.format, args.n, t0, sink.bytesWritten);
