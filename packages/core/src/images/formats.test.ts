import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import jpeg from 'jpeg-js';
import { CONTENT_TYPES, dataUri, encodeScene, IMAGE_FORMATS, imageFormatOf } from './formats.js';
import { placeholderScene } from './placeholder.js';
import { decodeBmp, decodeGif, decodePng } from './reference-decoders.js';

const scene = placeholderScene(120, 90, [74, 123, 63], [255, 255, 255]);

describe('image formats', () => {
  test('format names from URLs and parameters, case-insensitively, jpeg as jpg', () => {
    assert.equal(imageFormatOf('PNG'), 'png');
    assert.equal(imageFormatOf('jpeg'), 'jpg');
    assert.equal(imageFormatOf('JPG'), 'jpg');
    assert.equal(imageFormatOf('tiff'), null);
    assert.equal(imageFormatOf(''), null);
  });

  test('every format encodes the scene at its size', () => {
    const sizes: Record<string, (bytes: Buffer) => [number, number]> = {
      png: (b) => [decodePng(b).width, decodePng(b).height],
      gif: (b) => [decodeGif(b).width, decodeGif(b).height],
      bmp: (b) => [decodeBmp(b).width, decodeBmp(b).height],
      jpg: (b) => {
        const image = jpeg.decode(b);
        return [image.width, image.height];
      },
      svg: (b) => {
        const match = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(b.toString('utf8'));
        return match ? [Number(match[1]), Number(match[2])] : [0, 0];
      },
    };
    for (const format of IMAGE_FORMATS) assert.deepEqual(sizes[format](encodeScene(scene, format)), [120, 90], format);
  });

  test('data URIs carry the content type and the base64 of the same bytes', () => {
    for (const format of IMAGE_FORMATS) {
      const uri = dataUri(scene, format);
      const prefix = `data:${CONTENT_TYPES[format]};base64,`;
      assert.ok(uri.startsWith(prefix), uri.slice(0, 40));
      assert.deepEqual(Buffer.from(uri.slice(prefix.length), 'base64'), encodeScene(scene, format));
    }
  });
});
