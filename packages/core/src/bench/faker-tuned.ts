/**
 * Child process: the hand-tuned faker anchor (faker-tuned-rows.ts) on the standard workload,
 * written to /dev/null through a write stream with back-pressure honoured. Timed like the
 * other children: set-up (tables, escaping) is inside the timed region.
 */
import { once } from 'node:events';
import { parseChildArgs } from './child-args.js';
import { openDevNull } from './devnull-sink.js';
import { writeTunedRows } from './faker-tuned-rows.js';
import { reportRun } from './run-result.js';

const t0 = process.hrtime.bigint();
const args = parseChildArgs();
const sink = openDevNull();
await writeTunedRows(args.format, args.n, 42, (chunk) =>
  sink.write(chunk) ? undefined : once(sink, 'drain').then(() => undefined),
);
sink.end();
await once(sink, 'finish');
reportRun('faker-tuned', args.format, args.n, t0, sink.bytesWritten);
