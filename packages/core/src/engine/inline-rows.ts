/**
 * Small requests' rows made on the calling thread (a server's main thread), for a short time
 * slice, instead of on the generation pool: a count-100 request then skips two thread crossings
 * and a second compile of its fields, which cost more than its rows.
 *
 * Safe because only plans with small rows qualify (schema/small-rows.ts: every row is a short,
 * bounded piece of work), only small requests do (maxRows), and the slice ends after sliceMs:
 * whatever is left goes to the pool as usual. Rows are pure functions of their index, so where
 * the split falls changes no byte of the output.
 */
import type { SchemaPlan } from '../schema/plan.js';
import type { RowWriter } from '../writers/writer.js';
import { BatchMemory, ByteBatcher } from './batches.js';
import type { RowEngine } from './row-engine.js';
import { rowsWriterFor } from './rows-writer.js';

export interface InlinePolicy {
  /** Requests of at most this many rows may start on the calling thread; 0: none do. */
  maxRows: number;
  /** How long the calling thread makes rows before the rest go to the pool (0: a few rows). */
  sliceMs: number;
}

/**
 * 1,000 rows of the standard schema take the engine about 2.5 ms, so a request of up to about
 * 500 rows usually finishes within the slice; bigger ones gain little from their first rows here.
 * 1.5 ms of the main thread is about one small request's HTTP work.
 */
export const DEFAULT_INLINE_POLICY: InlinePolicy = { maxRows: 1000, sliceMs: 1.5 };

/** Whether this generation's rows may start on the calling thread under `policy`. */
export function startsInline(plan: SchemaPlan, count: number, policy: InlinePolicy): boolean {
  // A plan compiled for another generation (a server's remembered plan) makes this one's rows
  // only when it read none of a generation's own constants; small rows read none anyway.
  return count <= policy.maxRows && plan.smallRows && plan.generationIndependent;
}

/**
 * Writes rows from `from` into `batcher` until `end` or until `sliceMs` has passed; returns the
 * next row index. The clock is read after every row (about 0.05 µs, against 2-3 µs for a row of
 * the standard schema), so the slice overshoots by one row at most: a small row's worst case
 * is a few hundred microseconds (docs/server-performance.md).
 */
export function fillSlice(
  engine: RowEngine,
  writer: RowWriter,
  from: number,
  end: number,
  batcher: ByteBatcher,
  sliceMs: number,
): number {
  const started = performance.now();
  const rows = rowsWriterFor(engine, writer);
  for (let index = from; index < end;) {
    rows.write(index, batcher);
    batcher.rowWritten();
    index++;
    if (index < end && performance.now() - started >= sliceMs) return index;
  }
  return end;
}

/**
 * This thread's batch memory for inline slices: two 96 KiB buffers allocated for every small
 * request (the batch, and the next one a seal takes) cost more than copying its few kilobytes
 * out, so the slice's bytes are copied and the buffers kept for the next request.
 */
const sliceMemory = new BatchMemory(2);

/**
 * The opening text, the rows from 0 made here within `sliceMs` (fillSlice) and, when that was all
 * of them, the closing text: as pieces of their own (not views of a buffer that a later request
 * writes into), with the index of the first row not made.
 */
export function inlineSlice(
  engine: RowEngine,
  writer: RowWriter,
  count: number,
  sliceMs: number,
): { pieces: Buffer[]; next: number } {
  const batcher = new ByteBatcher(sliceMemory);
  batcher.write(writer.begin());
  const next = fillSlice(engine, writer, 0, count, batcher, sliceMs);
  if (next === count) batcher.write(writer.end());
  batcher.seal();
  const pieces: Buffer[] = [];
  for (const batch of batcher.drain()) {
    pieces.push(Buffer.from(batch));
    batcher.giveBack(batch);
  }
  batcher.giveBack(batcher.buffer);
  return { pieces, next };
}
