import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CounterRandom } from '../random/counter-random.js';
import { encodeGif } from './gif.js';
import { identiconScene } from './identicon.js';
import { lzwEncode } from './lzw.js';
import { placeholderScene } from './placeholder.js';
import { rasterize } from './raster.js';
import { decodeGif, lzwDecode, noiseRaster } from './reference-decoders.js';

describe('LZW (GIF variant)', () => {
  test('round-trips through an independent strict decoder at every code size, across table resets', () => {
    const random = new CounterRandom(7);
    for (let minCodeSize = 2; minCodeSize <= 8; minCodeSize++) {
      // Lengths around the points where codes widen, plus long inputs that fill the 4096-entry table.
      for (const length of [0, 1, 2, 3, 5, 17, 64, 255, 256, 257, 511, 1000, 5000, 40000]) {
        random.reset(minCodeSize * 100000 + length);
        // Skewed towards low indexes so some strings repeat and others do not.
        const alphabet = 1 << minCodeSize;
        const input = new Uint8Array(length);
        for (let i = 0; i < length; i++)
          input[i] = random.chance(0.5) ? random.below(Math.min(alphabet, 3)) : random.below(alphabet);
        const decoded = lzwDecode(lzwEncode(input, minCodeSize), minCodeSize, length);
        assert.deepEqual(decoded, input, `minCodeSize ${minCodeSize}, length ${length}`);
      }
    }
  });

  test('every input length up to 700 ends with the end code at the width the decoder expects', () => {
    const random = new CounterRandom(3);
    for (let length = 1; length <= 700; length++) {
      random.reset(length);
      const input = new Uint8Array(length);
      for (let i = 0; i < length; i++) input[i] = random.below(4);
      assert.deepEqual(lzwDecode(lzwEncode(input, 2), 2, length), input, `length ${length}`);
    }
  });

  test('long runs of one colour compress to a few bytes', () => {
    assert.ok(lzwEncode(new Uint8Array(100_000), 2).length < 1000);
  });
});

describe('GIF encoder', () => {
  test('header, logical screen size and pixels decode back', () => {
    for (const [width, height] of [
      [1, 1],
      [64, 64],
      [166, 137],
      [2000, 3],
    ]) {
      const raster = rasterize(placeholderScene(width, height, [95, 162, 221], [255, 255, 255]));
      const bytes = encodeGif(raster);
      assert.equal(bytes.toString('latin1', 0, 6), 'GIF89a');
      assert.equal(bytes.readUInt16LE(6), width);
      assert.equal(bytes.readUInt16LE(8), height);
      const decoded = decodeGif(bytes);
      assert.deepEqual(decoded.indexes, raster.pixels);
      assert.deepEqual(decoded.colorAt(0, 0), [95, 162, 221]);
    }
  });

  test('palettes of any size up to 256, noisy pixels (table resets), decode exactly', () => {
    for (const colors of [1, 2, 3, 5, 16, 100, 256]) {
      const raster = noiseRaster(97, 61, colors, colors);
      const decoded = decodeGif(encodeGif(raster));
      assert.deepEqual(decoded.indexes, raster.pixels, `${colors} colours`);
      assert.equal(decoded.minCodeSize, Math.max(2, Math.ceil(Math.log2(Math.max(2, colors)))));
    }
  });

  test('an identicon keeps its colours', () => {
    const scene = identiconScene('abc', 50, 50);
    const decoded = decodeGif(encodeGif(rasterize(scene)));
    assert.deepEqual(decoded.colorAt(0, 0), scene.palette[0]);
  });
});
