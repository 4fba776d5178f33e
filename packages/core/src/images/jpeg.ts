/** Baseline JPEG of an indexed raster, through the jpeg-js encoder (pure JavaScript, MIT). */
import { createRequire } from 'node:module';
import type { encode as JpegEncode } from 'jpeg-js';
import type { IndexedRaster } from './raster.js';

/** jpeg-js is loaded on the first JPEG only: most processes never make one. */
let encoder: typeof JpegEncode | null = null;
function jpegEncode(): typeof JpegEncode {
  encoder ??= (createRequire(import.meta.url)('jpeg-js') as { encode: typeof JpegEncode }).encode;
  return encoder;
}

/** High enough that flat colours and edges stay clean; the images are small anyway. */
const QUALITY = 90;

export function encodeJpeg(raster: IndexedRaster): Buffer {
  const { width, height, pixels, palette } = raster;
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0, at = 0; i < pixels.length; i++, at += 4) {
    const [r, g, b] = palette[pixels[i]];
    rgba[at] = r;
    rgba[at + 1] = g;
    rgba[at + 2] = b;
    rgba[at + 3] = 255;
  }
  return jpegEncode()({ width, height, data: rgba }, QUALITY).data;
}
