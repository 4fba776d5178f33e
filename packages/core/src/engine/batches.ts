/**
 * Rows -> text batches of about 64 KiB. Batching matters for speed: one stream write per row
 * costs more than the row itself, and much larger strings slow V8 down (perf-baseline.md).
 */
import type { RowWriter } from '../writers/writer.js';
import type { RowEngine } from './row-engine.js';

export const BATCH_CHARS = 64 * 1024;

/** Yields the text of rows [start, end) in batches; row text depends only on the row index. */
export function* rowBatches(engine: RowEngine, writer: RowWriter, start: number, end: number): Generator<string, void, undefined> {
  let batch = '';
  for (let index = start; index < end; index++) {
    batch += writer.row(engine.row(index), index);
    if (batch.length >= BATCH_CHARS) {
      yield batch;
      batch = '';
    }
  }
  if (batch !== '') yield batch;
}
