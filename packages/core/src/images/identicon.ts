/**
 * Avatars: identicon-style pictures, a mirrored 5x5 pattern of blocks in one colour on a light
 * background, both read from the SHA-256 of a seed text. The same seed always gives the same
 * picture, at any size (blocks stretch to fill a non-square image).
 */
import { createHash } from 'node:crypto';
import type { Rect, Rgb, Scene } from './scene.js';

const GRID = 5;
/** Columns chosen freely; the rest mirror them, as faces and logos do. */
const FREE_COLUMNS = Math.ceil(GRID / 2);
const BACKGROUND: Rgb = [240, 240, 240];
/** Blank border as a share of each side. */
const MARGIN = 0.08;

/** HSL (hue 0..360, saturation and lightness 0..1) to RGB. */
function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = hue / 60;
  const second = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [chroma, second, 0]
      : h < 2
        ? [second, chroma, 0]
        : h < 3
          ? [0, chroma, second]
          : h < 4
            ? [0, second, chroma]
            : h < 5
              ? [second, 0, chroma]
              : [chroma, 0, second];
  const m = lightness - chroma / 2;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/** Cell edges along one side: GRID + 1 whole-pixel positions inside the margins. */
function edges(length: number): number[] {
  const margin = Math.round(length * MARGIN);
  const inner = length - 2 * margin;
  return Array.from({ length: GRID + 1 }, (_, i) => margin + Math.round((i * inner) / GRID));
}

const seedHash = (seed: string): Buffer => createHash('sha256').update(seed, 'utf8').digest();

/** Which cells are filled (row-major), mirrored left to right; never none. */
function cellsOf(hash: Buffer): boolean[] {
  const cells: boolean[] = [];
  for (let row = 0; row < GRID; row++) {
    for (let column = 0; column < GRID; column++) {
      const free = column < FREE_COLUMNS ? column : GRID - 1 - column;
      cells.push((hash[4 + row * FREE_COLUMNS + free] & 1) === 1);
    }
  }
  if (!cells.includes(true)) cells[Math.floor((GRID * GRID) / 2)] = true;
  return cells;
}

/** A mid-lightness colour of any hue: readable on the light background. */
function colorOf(hash: Buffer): Rgb {
  const hue = ((hash[0] << 8) | hash[1]) % 360;
  return hslToRgb(hue, 0.45 + (hash[2] / 255) * 0.25, 0.4 + (hash[3] / 255) * 0.15);
}

export function identiconScene(seed: string, width: number, height: number): Scene {
  const hash = seedHash(seed);
  const cells = cellsOf(hash);
  const xs = edges(width);
  const ys = edges(height);
  const rects: Rect[] = [];
  for (let row = 0; row < GRID; row++) {
    for (let column = 0; column < GRID; column++) {
      if (!cells[row * GRID + column]) continue;
      const rect = {
        x: xs[column],
        y: ys[row],
        width: xs[column + 1] - xs[column],
        height: ys[row + 1] - ys[row],
        color: 1,
      };
      if (rect.width > 0 && rect.height > 0) rects.push(rect);
    }
  }
  return { width, height, palette: [BACKGROUND, colorOf(hash)], background: 0, rects };
}
