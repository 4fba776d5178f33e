import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { identiconScene } from './identicon.js';
import { placeholderScene } from './placeholder.js';
import { sceneToSvg } from './svg.js';

describe('SVG writer', () => {
  test('root size and viewBox, a background rect and one rect per drawn rectangle', () => {
    const scene = placeholderScene(300, 200, [255, 68, 68], [255, 255, 255]);
    const svg = sceneToSvg(scene);
    assert.match(
      svg,
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="200" viewBox="0 0 300 200"[^>]*>.*<\/svg>$/,
    );
    assert.equal(svg.match(/<rect /g)?.length, 1 + scene.rects.length);
    assert.match(svg, /<rect width="300" height="200" fill="#ff4444"\/>/);
    assert.match(svg, /fill="#ffffff"/);
    // Every element is closed: the same number of opening and self-closing tags.
    assert.equal(svg.match(/<rect [^>]*\/>/g)?.length, svg.match(/<rect /g)?.length);
  });

  test('identicons become the same rectangles', () => {
    const scene = identiconScene('seed', 80, 80);
    assert.equal(sceneToSvg(scene).match(/<rect /g)?.length, 1 + scene.rects.length);
  });
});
