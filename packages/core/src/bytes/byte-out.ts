/**
 * Bytes written straight into a buffer: the byte engine's destination (a batch, a worker's
 * chunk). Values whose bytes already exist (pre-encoded pools) are copied, numbers are written as
 * digits, and only other text goes through an encoder. Each writer below makes room for what it
 * writes, so a row never needs to know its size in advance.
 *
 * Why not Buffer.write per value: each call into Node's encoder costs about 1,000 instructions
 * (argument checks, the C++ transition), more than a short value's bytes (docs/performance.md).
 */
/** UTF-8 needs at most three bytes per UTF-16 code unit (a surrogate pair: four bytes for two units). */
export const MAX_BYTES_PER_UNIT = 3;

export class ByteOut {
  /** The bytes so far are buffer[0, used). Replaced by a larger one when a write needs it. */
  buffer: Buffer;
  used = 0;

  constructor(buffer: Buffer) {
    this.buffer = buffer;
  }

  /** Makes sure `bytes` more fit after `used`, growing (by copying) when they do not. */
  room(bytes: number): void {
    if (this.used + bytes > this.buffer.length) this.grow(this.used + bytes);
  }

  /** Appends `text` as UTF-8 in one encoder call: for long or rare text. */
  encode(text: string): void {
    this.room(text.length * MAX_BYTES_PER_UNIT);
    this.used += this.buffer.write(text, this.used);
  }

  protected grow(needed: number): void {
    const bigger = Buffer.allocUnsafeSlow(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(bigger, 0, 0, this.used);
    this.buffer = bigger;
  }
}

/** Text this long or shorter is copied by the loop below; longer goes to the encoder in one call. */
const SHORT_TEXT = 64;

/**
 * Appends `text` as UTF-8. Short ASCII text is copied code unit by code unit, which is cheaper
 * than a call into the encoder; the first character beyond ASCII hands the whole text to it.
 */
export function writeText(out: ByteOut, text: string): void {
  const length = text.length;
  if (length > SHORT_TEXT) return out.encode(text);
  out.room(length);
  const buffer = out.buffer;
  const start = out.used;
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    if (unit > 0x7f) return out.encode(text);
    buffer[start + i] = unit;
  }
  out.used = start + length;
}

/** Appends bytes[start, end). */
export function writeBytes(out: ByteOut, bytes: Uint8Array, start: number, end: number): void {
  const length = end - start;
  out.room(length);
  const buffer = out.buffer;
  const at = out.used;
  for (let i = 0; i < length; i++) buffer[at + i] = bytes[start + i];
  out.used = at + length;
}

/** Pieces at least this long are copied by TypedArray.set (a memcpy after a call), shorter ones by a loop. */
const COPY_CALL_BYTES = 12;

/**
 * Appends all of `bytes` (a layout's piece between two values, such as `,"first_name":"`).
 * Copied byte by byte, a JSON row's keys cost more than all its values.
 */
export function writePiece(out: ByteOut, bytes: Uint8Array): void {
  const length = bytes.length;
  if (length < COPY_CALL_BYTES) return writeBytes(out, bytes, 0, length);
  out.room(length);
  out.buffer.set(bytes, out.used);
  out.used += length;
}

/** Appends one byte (an ASCII character's code). */
export function writeByte(out: ByteOut, byte: number): void {
  out.room(1);
  out.buffer[out.used++] = byte;
}

/** "000".."999" as ASCII, three bytes each: integers are written a group of three digits at a time. */
const TRIPLES = new Uint8Array(3000);
for (let i = 0; i < 1000; i++) {
  TRIPLES[3 * i] = 48 + Math.floor(i / 100);
  TRIPLES[3 * i + 1] = 48 + (Math.floor(i / 10) % 10);
  TRIPLES[3 * i + 2] = 48 + (i % 10);
}

/** Appends the decimal digits of a whole number 0 <= n <= 2^53 (no sign), as String(n) writes them. */
export function writeDigits(out: ByteOut, n: number): void {
  if (n >= 1e9) return writeLongDigits(out, n);
  out.room(9);
  const buffer = out.buffer;
  if (n < 1000) {
    out.used = putGroup(buffer, out.used, n);
    return;
  }
  const thousands = Math.floor(n / 1000);
  let at: number;
  if (thousands < 1000) at = putGroup(buffer, out.used, thousands);
  else {
    const millions = Math.floor(thousands / 1000);
    at = putTriple(buffer, putGroup(buffer, out.used, millions), thousands - millions * 1000);
  }
  out.used = putTriple(buffer, at, n - thousands * 1000);
}

/**
 * Puts 0..999 without leading zeros at `at` and returns where it ends. The caller has made
 * room (three bytes): hot byte forms make room once for a whole value (an IPv4 address).
 */
export function putGroup(buffer: Uint8Array, at: number, n: number): number {
  if (n < 10) {
    buffer[at] = 48 + n;
    return at + 1;
  }
  if (n < 100) {
    buffer[at] = TRIPLES[3 * n + 1];
    buffer[at + 1] = TRIPLES[3 * n + 2];
    return at + 2;
  }
  buffer[at] = TRIPLES[3 * n];
  buffer[at + 1] = TRIPLES[3 * n + 1];
  buffer[at + 2] = TRIPLES[3 * n + 2];
  return at + 3;
}

/** Puts 0..999 as three digits (000..999) at `at` and returns where it ends (room made by the caller). */
function putTriple(buffer: Uint8Array, at: number, n: number): number {
  buffer[at] = TRIPLES[3 * n];
  buffer[at + 1] = TRIPLES[3 * n + 1];
  buffer[at + 2] = TRIPLES[3 * n + 2];
  return at + 3;
}

function writeLongDigits(out: ByteOut, n: number): void {
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  out.room(digits);
  const buffer = out.buffer;
  let at = out.used + digits;
  out.used = at;
  do {
    const quotient = Math.floor(n / 10);
    buffer[--at] = 48 + (n - quotient * 10);
    n = quotient;
  } while (n > 0);
}
