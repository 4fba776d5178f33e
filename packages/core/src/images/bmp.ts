/**
 * Windows BMP of an indexed raster as 24-bit colour (BITMAPINFOHEADER, uncompressed): the
 * format every viewer reads. Rows are stored bottom-up, blue-green-red, padded to 4 bytes.
 */
import type { IndexedRaster } from './raster.js';

const FILE_HEADER = 14;
const INFO_HEADER = 40;

export function encodeBmp(raster: IndexedRaster): Buffer {
  const { width, height, pixels, palette } = raster;
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const dataOffset = FILE_HEADER + INFO_HEADER;
  const out = Buffer.alloc(dataOffset + rowBytes * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(dataOffset, 10);
  out.writeUInt32LE(INFO_HEADER, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22); // positive: bottom-up rows
  out.writeUInt16LE(1, 26); // planes
  out.writeUInt16LE(24, 28); // bits per pixel
  out.writeUInt32LE(0, 30); // BI_RGB: uncompressed
  out.writeUInt32LE(rowBytes * height, 34);
  out.writeInt32LE(2835, 38); // 72 dpi, in pixels per metre
  out.writeInt32LE(2835, 42);
  const bgr = palette.map(([r, g, b]) => [b, g, r] as const);
  for (let y = 0; y < height; y++) {
    let at = dataOffset + (height - 1 - y) * rowBytes;
    const source = y * width;
    for (let x = 0; x < width; x++) {
      const [b, g, r] = bgr[pixels[source + x]];
      out[at++] = b;
      out[at++] = g;
      out[at++] = r;
    }
  }
  return out;
}
