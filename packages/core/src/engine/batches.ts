/**
 * Rows -> text batches of about 64 KiB. Batching matters for speed: one stream write per row
 * costs more than the row itself, and much larger strings slow V8 down (perf-baseline.md).
 */
import type { RowWriter } from '../writers/writer.js';
import type { RowEngine } from './row-engine.js';

export const BATCH_CHARS = 64 * 1024;
/**
 * A batch also ends after this long, so slow rows (heavy formulas) cannot hold the thread: the
 * server's other requests and its time limit get their turn between batches.
 */
export const BATCH_MILLISECONDS = 50;
/** Rows between clock reads: reading it per row would cost a few percent of a fast row. */
const CLOCK_EVERY = 16;

/** Yields the text of rows [start, end) in batches; row text depends only on the row index. */
export function* rowBatches(engine: RowEngine, writer: RowWriter, start: number, end: number): Generator<string, void, undefined> {
  let batch = '';
  let batchStarted = performance.now();
  for (let index = start; index < end; index++) {
    batch += writer.row(engine.row(index), index);
    if (batch.length >= BATCH_CHARS || ((index - start) % CLOCK_EVERY === CLOCK_EVERY - 1 && performance.now() - batchStarted >= BATCH_MILLISECONDS)) {
      yield batch;
      batch = '';
      batchStarted = performance.now();
    }
  }
  if (batch !== '') yield batch;
}
