import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { en } from '@faker-js/faker';
import jpeg from 'jpeg-js';
import { generate } from '../engine/generate.js';
import { toPlainObject } from '../schema/plain-objects.js';
import { RowEngine } from '../engine/row-engine.js';
import { resolveSeed } from '../engine/seed.js';
import { decodeGif, decodePng } from '../images/reference-decoders.js';
import { compileSchema } from '../schema/compile.js';
import { problemsOf } from '../testing/schema-problems.js';

const LOREM = new Set(en.lorem!.word!);

/** Values of one field, compiled with the given public URL (generateObjects has no option for it). */
function values(
  type: string,
  params: Record<string, unknown> = {},
  count = 500,
  publicUrl?: string,
  seed = 'images',
): string[] {
  const plan = compileSchema([{ name: 't', type, ...params }], { publicUrl });
  const engine = new RowEngine(plan, resolveSeed(seed).key);
  return Array.from({ length: count }, (_, i) => toPlainObject(plan.shape.nodes, engine.row(i)).t as string);
}

function assertDeclared(type: string, all: string[], params: Record<string, unknown> = {}, publicUrl?: string): void {
  const allowed = new Set(compileSchema([{ name: 't', type, ...params }], { publicUrl }).fields[0].characters ?? '');
  for (const value of all)
    for (const ch of value) assert.ok(allowed.has(ch), `${type}: "${ch}" in ${value} is not declared`);
}

const paramsWithProblems = (field: Record<string, unknown>) =>
  problemsOf([{ name: 'i', ...field }]).map((p) => p.param);

describe('Avatar', () => {
  test('defaults: a 50x50 png on this Rowloom (localhost:3000 unless told), seeded by three lorem words', () => {
    const all = values('Avatar', {}, 2000);
    for (const value of all) {
      const url = new URL(value);
      assert.equal(url.href, value);
      assert.equal(url.origin, 'http://localhost:3000');
      const match = /^\/images\/avatar\/([a-z]+)\.png$/.exec(url.pathname);
      assert.ok(match, value);
      assert.equal(url.searchParams.get('size'), '50x50');
      // The seed splits into three lorem words in at least one way.
      const splits = (text: string, words: number): boolean =>
        words === 0
          ? text === ''
          : [...Array(text.length).keys()].some(
              (i) => LOREM.has(text.slice(0, i + 1)) && splits(text.slice(i + 1), words - 1),
            );
      assert.ok(splits(match[1], 3), `${match[1]} is not three lorem words`);
    }
    assert.ok(new Set(all).size > 1990, 'seeds rarely repeat');
    assertDeclared('Avatar', all);
  });

  test('size, format and the public URL (trailing slash or not) shape the URL', () => {
    for (const base of ['https://data.example.com', 'https://data.example.com/', 'https://data.example.com/rowloom/']) {
      const expectedBase = base.replace(/\/+$/, '');
      const all = values('Avatar', { width: 120, height: 80, format: 'jpg' }, 50, base);
      for (const value of all)
        assert.match(
          value,
          new RegExp(`^${expectedBase.replace(/[./]/g, '\\$&')}/images/avatar/[a-z]+\\.jpg\\?size=120x80$`),
        );
      assertDeclared('Avatar', all, { width: 120, height: 80, format: 'jpg' }, base);
    }
    assert.match(values('Avatar', { format: 'bmp', width: 1, height: 2000 }, 1)[0], /\.bmp\?size=1x2000$/);
  });

  test('sizes outside 1..2000 and other formats are rejected', () => {
    assert.deepEqual(paramsWithProblems({ type: 'Avatar', width: 0 }), ['width']);
    assert.deepEqual(paramsWithProblems({ type: 'Avatar', height: 2001 }), ['height']);
    assert.deepEqual(paramsWithProblems({ type: 'Avatar', format: 'tiff' }), ['format']);
    assert.match(problemsOf([{ name: 'i', type: 'Avatar', format: 'tiff' }])[0].message, /png/);
  });

  test('the public URL reaches worker threads', async () => {
    const generation = generate({
      fields: [{ name: 'a', type: 'Avatar' }],
      count: 40000,
      seed: 1,
      writer: { format: 'csv' },
      workers: 2,
      publicUrl: 'https://far.example',
    });
    assert.equal(generation.workers, 2);
    let text = '';
    for await (const chunk of generation.stream) text += chunk.toString();
    const lines = text.trim().split('\n').slice(1);
    assert.equal(lines.length, 40000);
    for (const line of lines) assert.ok(line.startsWith('https://far.example/images/avatar/'), line);
  });
});

describe('Dummy Image URL', () => {
  const parse = (value: string) => {
    const url = new URL(value);
    const match = /^\/images\/dummy\/(\d+)x(\d+)\.(png|gif|jpg)$/.exec(url.pathname);
    assert.ok(match, value);
    return { url, width: Number(match[1]), height: Number(match[2]), format: match[3] };
  };

  test('defaults: 64 to 256 pixels each way, png, gif or jpg at random, a background and text colour', () => {
    const all = values('Dummy Image URL', {}, 5000);
    const formats = new Map<string, number>();
    const widths = new Set<number>();
    const heights = new Set<number>();
    for (const value of all) {
      const { url, width, height, format } = parse(value);
      assert.equal(url.href, value);
      assert.equal(url.origin, 'http://localhost:3000');
      assert.ok(width >= 64 && width <= 256 && height >= 64 && height <= 256, value);
      widths.add(width);
      heights.add(height);
      formats.set(format, (formats.get(format) ?? 0) + 1);
      assert.match(url.searchParams.get('bg')!, /^[0-9a-f]{6}$/);
      assert.match(url.searchParams.get('fg')!, /^[0-9a-f]{6}$/);
    }
    assert.equal(widths.size, 193, 'every width from 64 to 256');
    assert.equal(heights.size, 193);
    for (const format of ['png', 'gif', 'jpg'])
      assert.ok((formats.get(format) ?? 0) > 1500, `${format}: ${formats.get(format)}`);
    assertDeclared('Dummy Image URL', all);
  });

  test('bounds and a fixed format are honoured; equal bounds give one size', () => {
    for (const value of values(
      'Dummy Image URL',
      { minWidth: 300, maxWidth: 300, minHeight: 1, maxHeight: 2, format: 'gif' },
      200,
      'https://x.test',
    )) {
      const { url, width, height, format } = parse(value);
      assert.equal(url.origin, 'https://x.test');
      assert.equal(width, 300);
      assert.ok(height === 1 || height === 2);
      assert.equal(format, 'gif');
    }
  });

  test('a minimum above its maximum, or sides outside 1..2000, are rejected naming the parameter', () => {
    assert.deepEqual(paramsWithProblems({ type: 'Dummy Image URL', minWidth: 300, maxWidth: 200 }), ['minWidth']);
    assert.deepEqual(paramsWithProblems({ type: 'Dummy Image URL', minHeight: 300 }), ['minHeight']);
    assert.match(
      problemsOf([{ name: 'i', type: 'Dummy Image URL', minHeight: 300 }])[0].message,
      /minHeight 300 is more than maxHeight 256/,
    );
    assert.deepEqual(paramsWithProblems({ type: 'Dummy Image URL', maxWidth: 5000 }), ['maxWidth']);
    assert.deepEqual(paramsWithProblems({ type: 'Dummy Image URL', format: 'bmp' }), ['format']);
  });
});

describe('Base64 Image URL', () => {
  const decode = (value: string) => {
    const match = /^data:(image\/(?:png|gif|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
    assert.ok(match, value.slice(0, 60));
    const bytes = Buffer.from(match[2], 'base64');
    const type = match[1];
    if (type === 'image/png') return { type, ...decodePng(bytes) };
    if (type === 'image/gif') return { type, ...decodeGif(bytes) };
    const image = jpeg.decode(bytes);
    return { type, width: image.width, height: image.height };
  };

  test('defaults: a real PNG (CRCs checked, data inflated) of a size within 64..256', () => {
    const all = values('Base64 Image URL', {}, 300);
    for (const value of all) {
      const image = decode(value);
      assert.equal(image.type, 'image/png');
      assert.ok(image.width >= 64 && image.width <= 256 && image.height >= 64 && image.height <= 256);
    }
    assert.ok(new Set(all).size > 250);
    assertDeclared('Base64 Image URL', all);
  });

  test('fixed sizes in every format decode to exactly that size', () => {
    for (const format of ['png', 'gif', 'jpg']) {
      for (const value of values(
        'Base64 Image URL',
        { minWidth: 33, maxWidth: 33, minHeight: 21, maxHeight: 21, format },
        10,
      )) {
        const image = decode(value);
        assert.equal(image.type, format === 'jpg' ? 'image/jpeg' : `image/${format}`);
        assert.deepEqual([image.width, image.height], [33, 21]);
      }
    }
    // random mixes PNG and GIF only: JPEG through jpeg-js costs 30-100 ms an image.
    const types = new Set(
      values('Base64 Image URL', { minWidth: 8, maxWidth: 12, minHeight: 8, maxHeight: 12, format: 'random' }, 60).map(
        (v) => decode(v).type,
      ),
    );
    assert.deepEqual([...types].sort(), ['image/gif', 'image/png']);
  });

  test('reproducible for a seed', () => {
    const params = { minWidth: 10, maxWidth: 40, minHeight: 10, maxHeight: 40 };
    assert.deepEqual(
      values('Base64 Image URL', params, 30, undefined, 's'),
      values('Base64 Image URL', params, 30, undefined, 's'),
    );
  });
});
