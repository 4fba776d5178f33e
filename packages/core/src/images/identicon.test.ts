import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { identiconScene } from './identicon.js';
import { rasterize } from './raster.js';

describe('identicons', () => {
  test('the same seed gives the same picture; different seeds give different ones', () => {
    assert.deepEqual(identiconScene('utetquia', 50, 50), identiconScene('utetquia', 50, 50));
    const pictures = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const scene = identiconScene(`seed${i}`, 50, 50);
      pictures.add(JSON.stringify(scene));
    }
    assert.equal(pictures.size, 200);
  });

  test('mirrored left to right, never blank, light background in the margin', () => {
    for (const seed of ['a', 'b', 'voluptatemquiasit', 'ünïcödé']) {
      for (const side of [50, 100]) {
        const raster = rasterize(identiconScene(seed, side, side));
        assert.equal(raster.pixels[0], 0, 'corner is background');
        assert.ok(raster.pixels.includes(1), 'some blocks are filled');
        for (let y = 0; y < side; y++) {
          for (let x = 0; x < side / 2; x++)
            assert.equal(raster.pixels[y * side + x], raster.pixels[y * side + side - 1 - x], `${seed} ${x},${y}`);
        }
      }
    }
  });

  test('any size from 1x1 to wide and tall fills the image without stray rectangles', () => {
    for (const [width, height] of [
      [1, 1],
      [2, 3],
      [7, 200],
      [300, 20],
      [2000, 2000],
    ]) {
      const scene = identiconScene('x', width, height);
      for (const r of scene.rects) {
        assert.ok(
          r.width > 0 && r.height > 0 && r.x >= 0 && r.y >= 0 && r.x + r.width <= width && r.y + r.height <= height,
          JSON.stringify(r),
        );
      }
    }
  });
});
