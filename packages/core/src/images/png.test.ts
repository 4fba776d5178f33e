import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { identiconScene } from './identicon.js';
import { placeholderScene } from './placeholder.js';
import { bitDepthFor, encodePng } from './png.js';
import { rasterize, type IndexedRaster } from './raster.js';
import { decodePng, noiseRaster } from './reference-decoders.js';

function assertSamePixels(raster: IndexedRaster, bytes: Buffer): void {
  const decoded = decodePng(bytes);
  assert.equal(decoded.width, raster.width);
  assert.equal(decoded.height, raster.height);
  assert.equal(decoded.colorType, 3);
  assert.deepEqual(decoded.chunkTypes, ['IHDR', 'PLTE', 'IDAT', 'IEND']);
  assert.deepEqual(decoded.indexes, raster.pixels);
}

describe('PNG encoder', () => {
  test('signature, IHDR size and every chunk CRC check out; the pixels inflate back exactly', () => {
    for (const [width, height] of [
      [1, 1],
      [50, 50],
      [13, 7],
      [300, 200],
      [2, 333],
    ]) {
      const raster = rasterize(placeholderScene(width, height, [255, 68, 68], [255, 255, 255]));
      const bytes = encodePng(raster);
      assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      assert.equal(bytes.readUInt32BE(16), width, 'IHDR width');
      assert.equal(bytes.readUInt32BE(20), height, 'IHDR height');
      assertSamePixels(raster, bytes);
    }
  });

  test('bit depth follows the palette size, and odd row widths pack correctly at every depth', () => {
    assert.deepEqual([2, 3, 4, 5, 16, 17, 256].map(bitDepthFor), [1, 2, 2, 4, 4, 8, 8]);
    for (const colors of [1, 2, 3, 4, 9, 16, 17, 200, 256]) {
      for (const width of [1, 3, 7, 9, 31]) {
        const raster = noiseRaster(width, 5, colors, width);
        const bytes = encodePng(raster);
        assert.equal(decodePng(bytes).bitDepth, bitDepthFor(colors));
        assertSamePixels(raster, bytes);
      }
    }
  });

  test('colours come from the palette: an identicon is its background and one colour', () => {
    const scene = identiconScene('rowloom', 60, 40);
    const decoded = decodePng(encodePng(rasterize(scene)));
    assert.deepEqual(decoded.colorAt(0, 0), scene.palette[0]);
    const colors = new Set<string>();
    for (let y = 0; y < 40; y++) for (let x = 0; x < 60; x++) colors.add(decoded.colorAt(x, y).join(','));
    assert.deepEqual([...colors].sort(), scene.palette.map((c) => c.join(',')).sort());
  });

  test('a flat 2000x2000 image stays small', () => {
    const bytes = encodePng(rasterize(placeholderScene(2000, 2000, [221, 221, 221], [0, 0, 0])));
    assert.ok(bytes.length < 40_000, `${bytes.length} bytes`);
    assert.equal(decodePng(bytes).width, 2000);
  });
});
