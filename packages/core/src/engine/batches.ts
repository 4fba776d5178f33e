/**
 * Rows -> UTF-8 batches of about 64 KiB. Batching matters for speed: one stream write per row
 * costs more than the row itself. Each row's text is encoded into the batch's
 * buffer as it is made, rather than joined into one long string and encoded at the end: a joined
 * string becomes two-byte as soon as one value has a character beyond Latin-1 (Łódź), and V8
 * then encodes the whole 64 KiB slowly; row by row only that row pays.
 */
import { ByteOut, MAX_BYTES_PER_UNIT } from '../bytes/byte-out.js';
import type { RowWriter } from '../writers/writer.js';
import type { RowEngine } from './row-engine.js';
import { rowsWriterFor } from './rows-writer.js';

export const BATCH_BYTES = 64 * 1024;
/** Room for a batch plus a typical row; a row that might not fit starts a new batch. */
const CAPACITY = 96 * 1024;
/**
 * A batch also ends after this long, so slow rows (heavy formulas) cannot hold the thread: the
 * server's other requests and its time limit get their turn between batches.
 */
export const BATCH_MILLISECONDS = 50;
/**
 * Most rows between clock reads. Reading the clock per row would cost a few percent of a fast
 * row, so the stride doubles up to this while rows are fast and drops back to 1 as soon as they
 * are slow: a batch overshoots its time by at most a few fast rows or one slow one.
 */
const MAX_CLOCK_STRIDE = 16;
/** Rows that together took less than this between two clock reads count as fast. */
const FAST_MILLISECONDS = 1;

/**
 * The batch buffers of one thread, shared by its batchers: memory given back (a batch nobody reads
 * any more) is taken before any is allocated. Holds at most `keep` spare buffers; more are left to
 * the collector.
 */
export class BatchMemory {
  private readonly spare: Buffer[] = [];
  /** Buffers allocated so far: a test counts them to see memory reused. */
  allocated = 0;

  constructor(private readonly keep = Infinity) {}

  /** A buffer for the next batch: a spare one when there is one. */
  take(): Buffer {
    const spare = this.spare.pop();
    if (spare) return spare;
    this.allocated++;
    return Buffer.allocUnsafeSlow(CAPACITY);
  }

  /**
   * Takes back a batch's memory, once nobody will read the batch again. Only whole buffers of
   * this size are kept: a batch of its own (a row too long for a batch) or a grown buffer is left
   * to the collector.
   */
  giveBack(batch: Buffer): void {
    if (batch.byteOffset !== 0 || batch.buffer.byteLength !== CAPACITY || this.spare.length >= this.keep) return;
    this.spare.push(Buffer.from(batch.buffer, 0, CAPACITY));
  }
}

/**
 * Rows appended as UTF-8 into buffers, handed out in order as they fill (or are sealed). Rows
 * come as text (write) or as bytes written straight into the buffer (ByteOut's writers); a row
 * is never split between two batches.
 */
export class ByteBatcher extends ByteOut {
  private readonly ready: Buffer[] = [];
  /** Where the row being written began: the rows before it are whole. */
  private rowStart = 0;

  /** `memory`: where batch buffers come from and spent ones go back to (a thread's batchers share one). */
  constructor(private readonly memory = new BatchMemory()) {
    super(memory.take());
  }

  write(text: string): void {
    if (text.length * MAX_BYTES_PER_UNIT > CAPACITY - this.used) {
      this.seal();
      if (text.length * MAX_BYTES_PER_UNIT > CAPACITY) {
        this.ready.push(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.used += this.buffer.write(text, this.used);
    if (this.used >= BATCH_BYTES) this.seal();
  }

  /** After each row: ends the batch when it is full. */
  rowWritten(): void {
    if (this.used >= BATCH_BYTES) this.seal();
    else this.rowStart = this.used;
  }

  /**
   * A row written as bytes outgrew the buffer: the whole rows before it become a batch, and the
   * row moves to a buffer of its own, as a row of text that does not fit starts a new batch (and
   * one longer than a batch is a batch by itself).
   */
  protected override grow(needed: number): void {
    if (this.rowStart === 0) return super.grow(needed);
    const row = this.buffer.subarray(this.rowStart, this.used);
    const rowBytes = needed - this.rowStart;
    this.ready.push(this.buffer.subarray(0, this.rowStart));
    const fresh =
      rowBytes <= CAPACITY ? this.memory.take() : Buffer.allocUnsafeSlow(Math.max(rowBytes, 2 * row.length));
    row.copy(fresh, 0);
    this.use(fresh);
    this.used = row.length;
    this.rowStart = 0;
  }

  /** Ends the current batch (if it holds anything), making it ready. */
  seal(): void {
    if (this.used === 0) return;
    this.ready.push(this.buffer.subarray(0, this.used));
    this.use(this.memory.take());
    this.used = 0;
    this.rowStart = 0;
  }

  /**
   * Takes back a batch this batcher handed out, once nobody will read it again: its memory then
   * holds a later batch instead of a new allocation. A consumer that writes each batch
   * synchronously (a file written with writeSync) keeps two buffers circulating; one that queues
   * batches (a stream) must not give them back. Batches of their own (a row too long for a
   * batch) are left to the collector.
   */
  giveBack(batch: Buffer): void {
    this.memory.giveBack(batch);
  }

  /** Whether a batch is ready: checked per row, so the generator below is only made when one is. */
  get hasReady(): boolean {
    return this.ready.length > 0;
  }

  /** The batches ready so far, oldest first; they are handed over (not kept). */
  *drain(): Generator<Buffer, void, undefined> {
    while (this.ready.length > 0) yield this.ready.shift()!;
  }
}

/**
 * Writes rows from `from` into `batcher` until a batch is ready (about 64 KiB, or
 * BATCH_MILLISECONDS of work, then sealed) or `end` is reached; returns the next row index.
 * The clock is read between rows, so a time slice ends after the row that crossed it.
 */
export function fillBatch(
  engine: RowEngine,
  writer: RowWriter,
  from: number,
  end: number,
  batcher: ByteBatcher,
): number {
  const started = performance.now();
  let lastRead = started;
  let stride = 1;
  let untilRead = 1;
  const rows = rowsWriterFor(engine, writer);
  for (let index = from; index < end;) {
    rows.write(index, batcher);
    batcher.rowWritten();
    index++;
    if (batcher.hasReady) return index;
    if (--untilRead === 0) {
      const now = performance.now();
      if (now - started >= BATCH_MILLISECONDS) {
        batcher.seal();
        return index;
      }
      stride = now - lastRead < FAST_MILLISECONDS ? Math.min(MAX_CLOCK_STRIDE, stride * 2) : 1;
      untilRead = stride;
      lastRead = now;
    }
  }
  return end;
}

/**
 * Writes the text of rows [start, end) into `batcher`, yielding each batch as it is ready; the
 * last, partly filled batch stays in the batcher (seal it to take it). Row text depends only on
 * the row index.
 */
export function* rowBatches(
  engine: RowEngine,
  writer: RowWriter,
  start: number,
  end: number,
  batcher: ByteBatcher,
): Generator<Buffer, void, undefined> {
  for (let index = start; index < end;) {
    index = fillBatch(engine, writer, index, end, batcher);
    if (batcher.hasReady) yield* batcher.drain();
  }
}
