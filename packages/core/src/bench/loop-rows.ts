/**
 * The engine without a stream: compileSchema, createWriter, and generate()'s one-thread batches
 * (serialPieces) read synchronously, each handed to a callback. What `npm run bench:instructions
 * -- --sink loop` profiles: the same work as the benchmark child's one thread, without the
 * asynchronous stream, so garbage collection depends only on what the rows allocate (a loaded
 * machine can make the stream hold more chunks and move a major collection into or out of a run;
 * docs/performance.md, "How to look").
 */
import { serialPieces } from '../engine/generate.js';
import { RowEngine } from '../engine/row-engine.js';
import { resolveSeed } from '../engine/seed.js';
import { compileSchema } from '../schema/compile.js';
import { createWriter } from '../writers/index.js';
import type { OutputFormat } from '../writers/writer.js';

/** Writes rows [0, n) of `fields` with seed 42, as the benchmark child does, into `take` batch by batch. */
export function loopRows(fields: unknown[], format: OutputFormat, n: number, take: (batch: Buffer) => void): void {
  const plan = compileSchema(fields);
  const writer = createWriter(plan.shape, { format, count: n });
  // generate()'s own one-thread batches, read here instead of through its stream.
  for (const batch of serialPieces(writer, new RowEngine(plan, resolveSeed(42).key), n)) take(batch);
}
