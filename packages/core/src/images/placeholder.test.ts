import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { placeholderScene } from './placeholder.js';
import { rasterize } from './raster.js';

const RED = [255, 68, 68] as const;
const WHITE = [255, 255, 255] as const;

describe('placeholder images', () => {
  test('the size is printed in the middle, in the foreground colour, with background corners', () => {
    const raster = rasterize(placeholderScene(300, 200, RED, WHITE));
    const ink: [number, number][] = [];
    for (let y = 0; y < 200; y++) for (let x = 0; x < 300; x++) if (raster.pixels[y * 300 + x] === 1) ink.push([x, y]);
    assert.ok(ink.length > 500, `${ink.length} text pixels`);
    const xs = ink.map(([x]) => x);
    const ys = ink.map(([, y]) => y);
    const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    // Centred within a pixel or two, inside the shares of width and height the text may use.
    assert.ok(
      Math.abs(left - (299 - right)) <= 2 && Math.abs(top - (199 - bottom)) <= 2,
      `text box ${left},${top}..${right},${bottom}`,
    );
    assert.ok(right - left < 300 * 0.7 && bottom - top < 200 * 0.3);
    for (const at of [0, 299, 300 * 199, 300 * 200 - 1]) assert.equal(raster.pixels[at], 0);
  });

  test('too small for text: a plain block of colour', () => {
    assert.deepEqual(placeholderScene(10, 4, RED, WHITE).rects, []);
    assert.ok(placeholderScene(64, 64, RED, WHITE).rects.length > 0);
  });
});
