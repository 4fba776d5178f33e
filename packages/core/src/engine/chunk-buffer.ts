/**
 * One worker chunk's bytes, written row by row into a single buffer: the buffer handed back by
 * the main thread when there is one (so a few buffers circulate instead of one new one per
 * chunk), else a new one. It grows by copying when a chunk's rows outgrow it; a recycled buffer
 * has the size of an earlier chunk, so in steady state nothing is allocated or copied.
 */
import { ByteOut } from '../bytes/byte-out.js';

/**
 * Room for a CSV chunk of the standard schema (8192 rows of ~110 bytes) without growing; a JSON
 * chunk grows once to 2 MiB, and its recycled buffer then keeps that size.
 */
export const FIRST_CHUNK_BYTES = 1024 * 1024;

export class ChunkBuffer extends ByteOut {
  /** `recycled`: an ArrayBuffer nobody else can read any more (transferred to this thread). */
  constructor(recycled?: ArrayBuffer) {
    // A Buffer over an ArrayBuffer of its own (never Node's shared pool), so it can be transferred whole.
    super(recycled && recycled.byteLength > 0 ? Buffer.from(recycled) : Buffer.allocUnsafeSlow(FIRST_CHUNK_BYTES));
  }

  /** Appends a row's text as UTF-8, in one encoder call (as ByteBatcher does), so the bytes are the same. */
  write(text: string): void {
    this.encode(text);
  }

  /** The whole ArrayBuffer (to transfer) and how many of its bytes are the chunk's. */
  take(): { memory: ArrayBuffer; length: number } {
    return { memory: this.buffer.buffer as ArrayBuffer, length: this.used };
  }
}
