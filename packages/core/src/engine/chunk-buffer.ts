/**
 * One worker chunk's bytes, written row by row into a single buffer: the buffer handed back by
 * the main thread when there is one (so a few buffers circulate instead of one new one per
 * chunk), else a new one. It grows by copying when a chunk's rows outgrow it; a recycled buffer
 * has the size of an earlier chunk, so in steady state nothing is allocated or copied.
 */
import { MAX_BYTES_PER_UNIT } from './batches.js';

/**
 * Room for a CSV chunk of the standard schema (8192 rows of ~110 bytes) without growing; a JSON
 * chunk grows once to 2 MiB, and its recycled buffer then keeps that size.
 */
export const FIRST_CHUNK_BYTES = 1024 * 1024;

export class ChunkBuffer {
  private buffer: Buffer;
  private used = 0;

  /** `recycled`: an ArrayBuffer nobody else can read any more (transferred to this thread). */
  constructor(recycled?: ArrayBuffer) {
    this.buffer = recycled && recycled.byteLength > 0 ? Buffer.from(recycled) : ownedBuffer(FIRST_CHUNK_BYTES);
  }

  /** Appends `text` as UTF-8, in one encoder call (as ByteBatcher does), so the bytes are the same. */
  write(text: string): void {
    const worstCase = text.length * MAX_BYTES_PER_UNIT;
    if (worstCase > this.buffer.length - this.used) this.grow(this.used + worstCase);
    this.used += this.buffer.write(text, this.used);
  }

  /** The whole ArrayBuffer (to transfer) and how many of its bytes are the chunk's. */
  take(): { memory: ArrayBuffer; length: number } {
    return { memory: this.buffer.buffer as ArrayBuffer, length: this.used };
  }

  private grow(needed: number): void {
    const bigger = ownedBuffer(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(bigger, 0, 0, this.used);
    this.buffer = bigger;
  }
}

/** A Buffer over an ArrayBuffer of its own (never Node's shared pool), so it can be transferred whole. */
function ownedBuffer(size: number): Buffer {
  return Buffer.allocUnsafeSlow(size);
}
