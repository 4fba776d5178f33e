/** Baseline JPEG of an indexed raster, through the jpeg-js encoder (pure JavaScript, MIT). */
import jpeg from 'jpeg-js';
import type { IndexedRaster } from './raster.js';

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
  return jpeg.encode({ width, height, data: rgba }, QUALITY).data;
}
