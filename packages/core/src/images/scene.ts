/**
 * What every generated image is: a background colour and axis-aligned rectangles, each painted
 * in one colour of a small palette. Identicons and placeholders are both drawn this way, so one
 * description becomes PNG, GIF, BMP and JPEG (through a raster) or SVG (rectangle by rectangle)
 * and looks the same in every format.
 */

/** A colour as red, green, blue, each 0..255. */
export type Rgb = readonly [number, number, number];

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Index into the scene's palette. */
  readonly color: number;
}

export interface Scene {
  readonly width: number;
  readonly height: number;
  /** At most 256 colours (GIF and indexed PNG hold no more). */
  readonly palette: readonly Rgb[];
  /** Palette index the whole image starts as. */
  readonly background: number;
  /** Painted in order, clipped to the image. */
  readonly rects: readonly Rect[];
}

/** "ff4444" or "f44" (no #) as a colour; null when it is not hex. */
export function parseHexColor(text: string): Rgb | null {
  const six = /^[0-9a-fA-F]{6}$/.test(text) ? text : /^[0-9a-fA-F]{3}$/.test(text) ? text.replace(/./g, '$&$&') : null;
  if (six === null) return null;
  const n = parseInt(six, 16);
  return [(n >>> 16) & 255, (n >>> 8) & 255, n & 255];
}

/** "#rrggbb", lower-case. */
export function hexOf([r, g, b]: Rgb): string {
  return '#' + ((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1);
}
