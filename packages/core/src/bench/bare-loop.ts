/**
 * Child process: the bare-loop ceiling (bare-loop-rows.ts) on the standard workload. Each full
 * 1 MiB chunk goes to /dev/null with writeSync: no stream, so nothing but the byte building is
 * measured (the reference measured the same figures with and without the writes).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { writeBareLoopRows } from './bare-loop-rows.js';
import { parseChildArgs } from './child-args.js';
import { reportRun } from './run-result.js';

const t0 = process.hrtime.bigint();
const args = parseChildArgs();
const fd = openSync('/dev/null', 'w');
let bytes = 0;
writeBareLoopRows(args.format, args.n, 42, (chunk, length) => {
  for (let at = 0; at < length;) at += writeSync(fd, chunk, at, length - at);
  bytes += length;
});
closeSync(fd);
reportRun('bare-loop', args.format, args.n, t0, bytes);
