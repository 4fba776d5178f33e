/** A scene painted into pixels: one palette index per pixel, rows top to bottom. */
import type { Rgb, Scene } from './scene.js';

export interface IndexedRaster {
  readonly width: number;
  readonly height: number;
  readonly palette: readonly Rgb[];
  /** width * height palette indexes, row-major from the top-left pixel. */
  readonly pixels: Uint8Array;
}

export function rasterize(scene: Scene): IndexedRaster {
  const { width, height } = scene;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`an image must be at least 1x1 whole pixels, got ${width}x${height}`);
  }
  if (scene.palette.length < 1 || scene.palette.length > 256)
    throw new RangeError(`a palette holds 1 to 256 colours, got ${scene.palette.length}`);
  const pixels = new Uint8Array(width * height).fill(scene.background);
  for (const rect of scene.rects) {
    const left = Math.max(0, Math.floor(rect.x));
    const right = Math.min(width, Math.floor(rect.x + rect.width));
    const top = Math.max(0, Math.floor(rect.y));
    const bottom = Math.min(height, Math.floor(rect.y + rect.height));
    if (left >= right) continue;
    for (let y = top; y < bottom; y++) pixels.fill(rect.color, y * width + left, y * width + right);
  }
  return { width, height, palette: scene.palette, pixels };
}
