/**
 * PNG (RFC 2083 / ISO 15948) of an indexed raster: colour type 3 (palette) at the smallest bit
 * depth that holds the palette, every row unfiltered. The images are flat blocks of colour, which
 * deflate squeezes to almost nothing without row filters.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { IndexedRaster } from './raster.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE_PALETTE = 3;

/** Bits per pixel for a palette of that size: 1, 2, 4 or 8. */
export function bitDepthFor(paletteSize: number): 1 | 2 | 4 | 8 {
  return paletteSize <= 2 ? 1 : paletteSize <= 4 ? 2 : paletteSize <= 16 ? 4 : 8;
}

/** length, type, data, CRC over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The scanlines as PNG stores them before compression: a filter byte (0) then packed pixels. */
function scanlines(raster: IndexedRaster, depth: number): Buffer {
  const { width, height, pixels } = raster;
  const rowBytes = Math.ceil((width * depth) / 8);
  const out = Buffer.alloc(height * (rowBytes + 1));
  const perByte = 8 / depth;
  for (let y = 0; y < height; y++) {
    const rowStart = y * (rowBytes + 1) + 1;
    const source = y * width;
    if (depth === 8) {
      out.set(pixels.subarray(source, source + width), rowStart);
      continue;
    }
    for (let x = 0; x < width; x++) {
      // Pixels fill each byte from its most significant bits.
      const shift = 8 - depth * ((x % perByte) + 1);
      out[rowStart + Math.floor(x / perByte)] |= pixels[source + x] << shift;
    }
  }
  return out;
}

export function encodePng(raster: IndexedRaster): Buffer {
  const depth = bitDepthFor(raster.palette.length);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(raster.width, 0);
  header.writeUInt32BE(raster.height, 4);
  header[8] = depth;
  header[9] = COLOR_TYPE_PALETTE;
  // bytes 10..12: compression 0 (deflate), filter method 0, no interlace
  const palette = Buffer.alloc(raster.palette.length * 3);
  raster.palette.forEach(([r, g, b], i) => palette.set([r, g, b], i * 3));
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('IDAT', deflateSync(scanlines(raster, depth))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
