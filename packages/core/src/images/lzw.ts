/**
 * GIF's variable-length LZW (GIF89a specification, appendix F): codes start one bit wider than
 * the minimum code size, grow to at most 12 bits, and a clear code restarts the table when it
 * fills. Codes are packed least significant bit first.
 */

const MAX_CODE = 4096;

/** The LZW code stream of `indexes` (each below 2^minCodeSize), not yet cut into sub-blocks. */
export function lzwEncode(indexes: Uint8Array, minCodeSize: number): Uint8Array {
  if (minCodeSize < 2 || minCodeSize > 8) throw new RangeError(`the LZW minimum code size is 2..8, got ${minCodeSize}`);
  const clearCode = 1 << minCodeSize;
  const endCode = clearCode + 1;
  const alphabet = 1 << minCodeSize;
  // The string table as (prefix code, next index) -> code; 0 means absent (real entries are > endCode).
  const table = new Uint16Array(MAX_CODE * alphabet);
  let nextCode = endCode + 1;
  let codeSize = minCodeSize + 1;

  // Worst case one 12-bit code per pixel, plus the clear and end codes.
  const out = new Uint8Array(Math.ceil(((indexes.length + 2) * 12) / 8) + 2);
  let length = 0;
  let bits = 0;
  let bitCount = 0;
  const emit = (code: number) => {
    bits |= code << bitCount;
    bitCount += codeSize;
    while (bitCount >= 8) {
      out[length++] = bits & 255;
      bits >>>= 8;
      bitCount -= 8;
    }
  };

  emit(clearCode);
  if (indexes.length === 0) {
    emit(endCode);
    if (bitCount > 0) out[length++] = bits & 255;
    return out.subarray(0, length);
  }
  let current = indexes[0];
  for (let i = 1; i < indexes.length; i++) {
    const index = indexes[i];
    const key = current * alphabet + index;
    const found = table[key];
    if (found !== 0) {
      current = found;
      continue;
    }
    emit(current);
    if (nextCode === MAX_CODE) {
      // Table full: the decoder stops adding too, so both restart from the single indexes.
      emit(clearCode);
      table.fill(0);
      nextCode = endCode + 1;
      codeSize = minCodeSize + 1;
    } else {
      // The decoder learns this entry one code later, so it widens on reading the next code.
      if (nextCode >= 1 << codeSize) codeSize++;
      table[key] = nextCode++;
    }
    current = index;
  }
  emit(current);
  // The decoder adds one more entry after the last code and may widen before reading the end code.
  if (nextCode < MAX_CODE && nextCode >= 1 << codeSize) codeSize++;
  emit(endCode);
  if (bitCount > 0) out[length++] = bits & 255;
  return out.subarray(0, length);
}
