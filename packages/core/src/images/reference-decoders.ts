/**
 * Decoders written from the format specifications, for tests only (no runtime code imports
 * this): they check the encoders' bytes independently of how the encoders were written, and
 * fail loudly on anything malformed. They read exactly what Rowloom writes: PNG with palette
 * or truecolour and unfiltered or filtered rows, GIF with one image, 24-bit BMP. Also a
 * fixture: rasters of random pixels.
 */
import { crc32, inflateSync } from 'node:zlib';
import { CounterRandom } from '../random/counter-random.js';
import type { IndexedRaster } from './raster.js';
import type { Rgb } from './scene.js';

/** A decoded image: width * height colours, row-major from the top-left pixel. */
export interface DecodedImage {
  width: number;
  height: number;
  /** For indexed formats: the palette index of each pixel. */
  indexes?: Uint8Array;
  colorAt(x: number, y: number): Rgb;
}

function fail(message: string): never {
  throw new Error(message);
}

// ---------------------------------------------------------------------------------------------
// PNG (ISO/IEC 15948)

export interface PngInfo {
  bitDepth: number;
  colorType: number;
  chunkTypes: string[];
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(bytes: Uint8Array): DecodedImage & PngInfo {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  PNG_SIGNATURE.forEach((b, i) => data[i] === b || fail(`PNG signature byte ${i} is ${data[i]}, expected ${b}`));
  let at = 8;
  const chunkTypes: string[] = [];
  let header: Buffer | null = null;
  let palette: Rgb[] = [];
  const idat: Buffer[] = [];
  while (at < data.length) {
    if (at + 12 > data.length) fail('PNG chunk runs past the end of the file');
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const body = data.subarray(at + 8, at + 8 + length);
    const stored = data.readUInt32BE(at + 8 + length);
    const computed = crc32(data.subarray(at + 4, at + 8 + length));
    if (stored !== computed) fail(`PNG ${type} chunk CRC is ${stored.toString(16)}, computed ${computed.toString(16)}`);
    chunkTypes.push(type);
    if (type === 'IHDR') header = Buffer.from(body);
    else if (type === 'PLTE') {
      if (length % 3 !== 0) fail('PLTE length is not a multiple of 3');
      palette = Array.from({ length: length / 3 }, (_, i) => [body[i * 3], body[i * 3 + 1], body[i * 3 + 2]] as const);
    } else if (type === 'IDAT') idat.push(Buffer.from(body));
    at += 12 + length;
    if (type === 'IEND') break;
  }
  if (at !== data.length) fail('bytes after IEND');
  if (chunkTypes[0] !== 'IHDR' || chunkTypes[chunkTypes.length - 1] !== 'IEND')
    fail(`PNG chunks out of order: ${chunkTypes.join(',')}`);
  if (!header || header.length !== 13) fail('PNG IHDR missing or not 13 bytes');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const bitDepth = header[8];
  const colorType = header[9];
  if (header[10] !== 0 || header[11] !== 0 || header[12] !== 0)
    fail('PNG compression, filter or interlace method is not 0');
  const channels =
    colorType === 3 || colorType === 0
      ? 1
      : colorType === 2
        ? 3
        : colorType === 6
          ? 4
          : fail(`PNG colour type ${colorType} not supported here`);
  if (colorType === 3 && palette.length === 0) fail('indexed PNG without PLTE');
  const bitsPerPixel = bitDepth * channels;
  const rowBytes = Math.ceil((width * bitsPerPixel) / 8);
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length !== height * (rowBytes + 1))
    fail(`PNG image data is ${raw.length} bytes, expected ${height * (rowBytes + 1)}`);
  const bpp = Math.max(1, bitsPerPixel / 8);
  const rows = Buffer.alloc(height * rowBytes);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (rowBytes + 1)];
    for (let i = 0; i < rowBytes; i++) {
      const x = raw[y * (rowBytes + 1) + 1 + i];
      const a = i >= bpp ? rows[y * rowBytes + i - bpp] : 0;
      const b = y > 0 ? rows[(y - 1) * rowBytes + i] : 0;
      const c = y > 0 && i >= bpp ? rows[(y - 1) * rowBytes + i - bpp] : 0;
      const predictor =
        filter === 0
          ? 0
          : filter === 1
            ? a
            : filter === 2
              ? b
              : filter === 3
                ? (a + b) >> 1
                : filter === 4
                  ? paeth(a, b, c)
                  : fail(`PNG filter type ${filter}`);
      rows[y * rowBytes + i] = (x + predictor) & 255;
    }
  }
  const sample = (x: number, y: number, channel: number): number => {
    const bit = (x * channels + channel) * bitDepth;
    const byte = rows[y * rowBytes + (bit >> 3)];
    return bitDepth === 8 ? byte : (byte >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1);
  };
  let indexes: Uint8Array | undefined;
  if (colorType === 3) {
    indexes = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const index = sample(x, y, 0);
        if (index >= palette.length) fail(`PNG pixel ${x},${y} uses palette entry ${index} of ${palette.length}`);
        indexes[y * width + x] = index;
      }
    }
  }
  return {
    width,
    height,
    bitDepth,
    colorType,
    chunkTypes,
    indexes,
    colorAt: (x, y) =>
      indexes
        ? palette[indexes[y * width + x]]
        : colorType === 0
          ? [sample(x, y, 0), sample(x, y, 0), sample(x, y, 0)]
          : [sample(x, y, 0), sample(x, y, 1), sample(x, y, 2)],
  };
}

// ---------------------------------------------------------------------------------------------
// GIF (GIF89a specification)

/** The decoder side of GIF's LZW: codes LSB-first, widening when the next code needs a bit more. */
export function lzwDecode(codes: Uint8Array, minCodeSize: number, expectedLength: number): Uint8Array {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const out = new Uint8Array(expectedLength);
  let length = 0;
  let codeSize = minCodeSize + 1;
  let dictionary: number[][] = [];
  const reset = () => {
    dictionary = Array.from({ length: clear + 2 }, (_, i) => (i < clear ? [i] : []));
    codeSize = minCodeSize + 1;
  };
  reset();
  let bitPosition = 0;
  const read = (): number => {
    if (bitPosition + codeSize > codes.length * 8) fail('LZW data ends without an end code');
    let code = 0;
    for (let i = 0; i < codeSize; i++, bitPosition++) code |= ((codes[bitPosition >> 3] >> (bitPosition & 7)) & 1) << i;
    return code;
  };
  let previous: number[] | null = null;
  let sawEnd = false;
  for (;;) {
    const code = read();
    if (code === clear) {
      reset();
      previous = null;
      continue;
    }
    if (code === end) {
      sawEnd = true;
      break;
    }
    let entry: number[];
    if (code < dictionary.length) entry = dictionary[code];
    else if (code === dictionary.length && previous) entry = [...previous, previous[0]];
    else fail(`LZW code ${code} is not in the table (size ${dictionary.length})`);
    if (entry.length === 0) fail(`LZW code ${code} is reserved`);
    if (length + entry.length > expectedLength) fail('LZW data decodes to more pixels than the image has');
    out.set(entry, length);
    length += entry.length;
    if (previous && dictionary.length < 4096) {
      dictionary.push([...previous, entry[0]]);
      if (dictionary.length === 1 << codeSize && codeSize < 12) codeSize++;
    }
    previous = entry;
  }
  if (!sawEnd) fail('no LZW end code');
  if (length !== expectedLength) fail(`LZW data decodes to ${length} pixels, expected ${expectedLength}`);
  // Whatever follows the end code in its last byte must be padding.
  if (Math.ceil(bitPosition / 8) !== codes.length)
    fail(`${codes.length - Math.ceil(bitPosition / 8)} bytes after the LZW end code`);
  return out;
}

export function decodeGif(bytes: Uint8Array): DecodedImage & { minCodeSize: number } {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = data.toString('latin1', 0, 6);
  if (signature !== 'GIF89a' && signature !== 'GIF87a') fail(`GIF signature is "${signature}"`);
  const width = data.readUInt16LE(6);
  const height = data.readUInt16LE(8);
  const packed = data[10];
  let at = 13;
  let palette: Rgb[] = [];
  if (packed & 0x80) {
    const size = 1 << ((packed & 7) + 1);
    palette = Array.from(
      { length: size },
      (_, i) => [data[at + i * 3], data[at + i * 3 + 1], data[at + i * 3 + 2]] as const,
    );
    at += size * 3;
  }
  // Skip extensions until the image descriptor.
  while (data[at] === 0x21) {
    at += 2;
    while (data[at] !== 0) at += data[at] + 1;
    at++;
  }
  if (data[at] !== 0x2c) fail(`expected an image descriptor at byte ${at}, found ${data[at]}`);
  const left = data.readUInt16LE(at + 1);
  const top = data.readUInt16LE(at + 3);
  const imageWidth = data.readUInt16LE(at + 5);
  const imageHeight = data.readUInt16LE(at + 7);
  if (left !== 0 || top !== 0 || imageWidth !== width || imageHeight !== height)
    fail('the GIF image does not cover the screen');
  if (data[at + 9] & 0xc0) fail('local colour table or interlace not expected');
  at += 10;
  const minCodeSize = data[at++];
  const blocks: Buffer[] = [];
  while (data[at] !== 0) {
    if (at >= data.length) fail('GIF sub-blocks run past the end');
    blocks.push(data.subarray(at + 1, at + 1 + data[at]));
    at += data[at] + 1;
  }
  at++;
  if (data[at] !== 0x3b || at !== data.length - 1) fail('GIF does not end with its trailer');
  const indexes = lzwDecode(Buffer.concat(blocks), minCodeSize, width * height);
  for (const index of indexes) if (index >= palette.length) fail(`GIF pixel uses colour ${index} of ${palette.length}`);
  return { width, height, minCodeSize, indexes, colorAt: (x, y) => palette[indexes[y * width + x]] };
}

// ---------------------------------------------------------------------------------------------
// BMP (BITMAPINFOHEADER, 24 bits)

export function decodeBmp(bytes: Uint8Array): DecodedImage {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.toString('latin1', 0, 2) !== 'BM') fail('BMP does not start with BM');
  if (data.readUInt32LE(2) !== data.length) fail('BMP file size field is wrong');
  const offset = data.readUInt32LE(10);
  const width = data.readInt32LE(18);
  const rawHeight = data.readInt32LE(22);
  if (data.readUInt16LE(28) !== 24 || data.readUInt32LE(30) !== 0) fail('only uncompressed 24-bit BMP is read here');
  const height = Math.abs(rawHeight);
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  if (offset + rowBytes * height !== data.length) fail('BMP pixel data has the wrong length');
  return {
    width,
    height,
    colorAt: (x, y) => {
      const row = rawHeight > 0 ? height - 1 - y : y;
      const at = offset + row * rowBytes + x * 3;
      return [data[at + 2], data[at + 1], data[at]];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Fixtures

/** A raster of random pixels over a palette of `colors` entries. */
export function noiseRaster(width: number, height: number, colors: number, seed = 1): IndexedRaster {
  const random = new CounterRandom(seed);
  random.reset(colors);
  const palette: Rgb[] = Array.from({ length: colors }, (_, i) => [i, (i * 7) & 255, 255 - i]);
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = random.below(colors);
  return { width, height, palette, pixels };
}
