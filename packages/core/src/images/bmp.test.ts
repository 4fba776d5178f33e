import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeBmp } from './bmp.js';
import { rasterize } from './raster.js';
import { decodeBmp } from './reference-decoders.js';
import type { Scene } from './scene.js';

describe('BMP encoder', () => {
  test('size, row padding and orientation: a block drawn top-left is read back top-left', () => {
    for (const [width, height] of [
      [1, 1],
      [5, 3],
      [50, 50],
      [333, 2],
    ]) {
      const scene: Scene = {
        width,
        height,
        palette: [
          [10, 20, 30],
          [200, 100, 50],
        ],
        background: 0,
        rects: [{ x: 0, y: 0, width: Math.ceil(width / 2), height: Math.ceil(height / 2), color: 1 }],
      };
      const bytes = encodeBmp(rasterize(scene));
      const decoded = decodeBmp(bytes);
      assert.equal(decoded.width, width);
      assert.equal(decoded.height, height);
      assert.deepEqual(decoded.colorAt(0, 0), [200, 100, 50]);
      if (width > 1 && height > 1) assert.deepEqual(decoded.colorAt(width - 1, height - 1), [10, 20, 30]);
    }
  });
});
