/**
 * GIF89a of an indexed raster: one global colour table, one full-size image, LZW-compressed
 * (./lzw.ts) and cut into sub-blocks of at most 255 bytes.
 */
import type { IndexedRaster } from './raster.js';
import { lzwEncode } from './lzw.js';

/** log2 of the colour table size: the table holds 2^bits entries, 2 at least. */
function tableBits(paletteSize: number): number {
  let bits = 1;
  while (1 << bits < paletteSize) bits++;
  return bits;
}

export function encodeGif(raster: IndexedRaster): Buffer {
  const { width, height } = raster;
  if (width > 65535 || height > 65535)
    throw new RangeError(`a GIF is at most 65535 pixels per side, got ${width}x${height}`);
  const bits = tableBits(raster.palette.length);
  const table = Buffer.alloc(3 * (1 << bits));
  raster.palette.forEach(([r, g, b], i) => table.set([r, g, b], i * 3));

  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  // Global colour table present, colour resolution and table size from `bits`, not sorted.
  screen[10] = 0x80 | ((bits - 1) << 4) | (bits - 1);
  screen[11] = 0; // background colour index
  screen[12] = 0; // no aspect ratio

  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(0, 1);
  descriptor.writeUInt16LE(0, 3);
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  descriptor[9] = 0; // no local table, not interlaced

  const minCodeSize = Math.max(2, bits);
  const codes = lzwEncode(raster.pixels, minCodeSize);
  const blockCount = Math.ceil(codes.length / 255);
  const data = Buffer.alloc(1 + codes.length + blockCount + 1);
  data[0] = minCodeSize;
  let at = 1;
  for (let start = 0; start < codes.length; start += 255) {
    const block = codes.subarray(start, Math.min(codes.length, start + 255));
    data[at++] = block.length;
    data.set(block, at);
    at += block.length;
  }
  data[at] = 0; // block terminator

  return Buffer.concat([screen, table, descriptor, data, Buffer.from([0x3b])]);
}
