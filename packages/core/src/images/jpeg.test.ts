import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import jpeg from 'jpeg-js';
import { encodeJpeg } from './jpeg.js';
import { placeholderScene } from './placeholder.js';
import { rasterize } from './raster.js';

describe('JPEG encoder', () => {
  test('decodes (jpeg-js decoder) to the asked size with the background colour in the corners', () => {
    for (const [width, height] of [
      [1, 1],
      [17, 9],
      [166, 137],
      [640, 480],
    ]) {
      const bytes = encodeJpeg(rasterize(placeholderScene(width, height, [255, 68, 68], [255, 255, 255])));
      assert.deepEqual([...bytes.subarray(0, 2)], [0xff, 0xd8], 'SOI marker');
      const image = jpeg.decode(bytes, { useTArray: true });
      assert.equal(image.width, width);
      assert.equal(image.height, height);
      const [r, g, b] = image.data.subarray(0, 3);
      // Lossy, but a flat corner stays within a few levels of the colour.
      assert.ok(Math.abs(r - 255) <= 6 && Math.abs(g - 68) <= 6 && Math.abs(b - 68) <= 6, `corner is ${r},${g},${b}`);
    }
  });
});
