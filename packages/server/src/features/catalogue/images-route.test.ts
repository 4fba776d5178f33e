import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync, crc32 } from 'node:zlib';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { DEFAULT_PLANS } from '../../users/plans.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { ImageCache } from './images-route.js';

/** Width and height read from the bytes by each format's own header rules (PNG also checked in depth). */
function imageSize(bytes: Buffer, contentType: string): [number, number] {
  switch (contentType) {
    case 'image/png': {
      assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      // Walk the chunks: every CRC must hold, and the image data must inflate.
      let at = 8;
      const idat: Buffer[] = [];
      for (;;) {
        const length = bytes.readUInt32BE(at);
        const type = bytes.toString('latin1', at + 4, at + 8);
        assert.equal(
          bytes.readUInt32BE(at + 8 + length),
          crc32(bytes.subarray(at + 4, at + 8 + length)),
          `${type} CRC`,
        );
        if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
        at += 12 + length;
        if (type === 'IEND') break;
      }
      assert.equal(at, bytes.length);
      const [width, height, depth] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20), bytes[24]];
      assert.equal(inflateSync(Buffer.concat(idat)).length, height * (1 + Math.ceil((width * depth) / 8)));
      return [width, height];
    }
    case 'image/gif':
      assert.equal(bytes.toString('latin1', 0, 6), 'GIF89a');
      assert.equal(bytes[bytes.length - 1], 0x3b, 'trailer');
      return [bytes.readUInt16LE(6), bytes.readUInt16LE(8)];
    case 'image/jpeg': {
      assert.deepEqual([...bytes.subarray(0, 2)], [0xff, 0xd8]);
      // The frame header (SOF0..SOF2) holds the size; skip the segments before it.
      for (let at = 2; at < bytes.length;) {
        assert.equal(bytes[at], 0xff, 'segment marker');
        const marker = bytes[at + 1];
        if (marker >= 0xc0 && marker <= 0xc2) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
        at += 2 + bytes.readUInt16BE(at + 2);
      }
      assert.fail('no JPEG frame header');
      break;
    }
    case 'image/bmp':
      assert.equal(bytes.toString('latin1', 0, 2), 'BM');
      assert.equal(bytes.readUInt32LE(2), bytes.length);
      return [bytes.readInt32LE(18), Math.abs(bytes.readInt32LE(22))];
    case 'image/svg+xml': {
      const match = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(\d+)" height="(\d+)"[^>]*>.*<\/svg>$/s.exec(
        bytes.toString('utf8'),
      );
      assert.ok(match, 'an svg root with width and height');
      return [Number(match[1]), Number(match[2])];
    }
  }
  assert.fail(`unexpected content type ${contentType}`);
}

async function fetchImage(url: string) {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: () => JSON.parse(bytes.toString('utf8')) as { error: string },
  };
}

const CONTENT_TYPES = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

describe('images route', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'));
  });
  after(() => server.close());

  test('Avatar and Dummy Image URL values point at this server, and fetching them gives images of their size', async () => {
    const key = await server.userKey();
    const fields = [
      { name: 'avatar', type: 'Avatar', width: 64, height: 48 },
      { name: 'avatar_jpg', type: 'Avatar', format: 'jpg' },
      { name: 'dummy', type: 'Dummy Image URL', minWidth: 20, maxWidth: 300, minHeight: 20, maxHeight: 300 },
    ];
    const response = await fetch(`${server.url}/api/generate.json?key=${key}&count=12&seed=3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    assert.equal(response.status, 200);
    const rows = (await response.json()) as { avatar: string; avatar_jpg: string; dummy: string }[];
    for (const row of rows) {
      assert.ok(row.avatar.startsWith(`${server.url}/images/avatar/`), row.avatar);
      const avatar = await fetchImage(row.avatar);
      assert.equal(avatar.status, 200);
      assert.equal(avatar.headers.get('content-type'), 'image/png');
      assert.deepEqual(imageSize(avatar.bytes, 'image/png'), [64, 48]);

      const jpg = await fetchImage(row.avatar_jpg);
      assert.equal(jpg.headers.get('content-type'), 'image/jpeg');
      assert.deepEqual(imageSize(jpg.bytes, 'image/jpeg'), [50, 50]);

      const [, width, height, format] = /\/(\d+)x(\d+)\.(\w+)\?/.exec(row.dummy)!;
      const dummy = await fetchImage(row.dummy);
      assert.equal(dummy.status, 200, row.dummy);
      const type = CONTENT_TYPES[format as keyof typeof CONTENT_TYPES];
      assert.equal(dummy.headers.get('content-type'), type);
      assert.deepEqual(imageSize(dummy.bytes, type), [Number(width), Number(height)]);
    }
  });

  test('every format, both kinds, no API key, cacheable for good', async () => {
    for (const [format, type] of Object.entries(CONTENT_TYPES)) {
      for (const path of [
        `/images/avatar/quiaetvel.${format}?size=37x29`,
        `/images/dummy/37x29.${format}?bg=ff4444&fg=fff`,
      ]) {
        const image = await fetchImage(server.url + path);
        assert.equal(image.status, 200, path);
        assert.equal(image.headers.get('content-type'), type, path);
        assert.match(image.headers.get('cache-control')!, /max-age=31536000/);
        assert.equal(image.headers.get('x-content-type-options'), 'nosniff');
        assert.deepEqual(imageSize(image.bytes, type), [37, 29], path);
      }
    }
  });

  test('defaults: a 50x50 avatar without size, a png placeholder without an extension; sizes 1 and 2000 work', async () => {
    assert.deepEqual(imageSize((await fetchImage(`${server.url}/images/avatar/abc.png`)).bytes, 'image/png'), [50, 50]);
    const plain = await fetchImage(`${server.url}/images/dummy/120x60`);
    assert.equal(plain.headers.get('content-type'), 'image/png');
    assert.deepEqual(imageSize(plain.bytes, 'image/png'), [120, 60]);
    assert.deepEqual(
      imageSize((await fetchImage(`${server.url}/images/dummy/1x2000.gif`)).bytes, 'image/gif'),
      [1, 2000],
    );
    assert.deepEqual(
      imageSize((await fetchImage(`${server.url}/images/avatar/abc.png?size=2000x1`)).bytes, 'image/png'),
      [2000, 1],
    );
  });

  test('the same URL gives the same bytes; the seed and colours change the picture', async () => {
    const first = await fetchImage(`${server.url}/images/avatar/sameseed.png?size=40x40`);
    const again = await fetchImage(`${server.url}/images/avatar/sameseed.png?size=40x40`);
    assert.deepEqual(first.bytes, again.bytes);
    assert.notDeepEqual((await fetchImage(`${server.url}/images/avatar/otherseed.png?size=40x40`)).bytes, first.bytes);
    const red = await fetchImage(`${server.url}/images/dummy/40x40.png?bg=ff0000`);
    const blue = await fetchImage(`${server.url}/images/dummy/40x40.png?bg=0000ff`);
    assert.notDeepEqual(red.bytes, blue.bytes);
  });

  test('out-of-range sizes, unknown formats and bad colours are 400s naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['/images/dummy/0x10.png', /^width "0" is not allowed; give a whole number of pixels from 1 to 2000$/],
      ['/images/dummy/10x2001.png', /^height "2001" is not allowed.*1 to 2000/],
      ['/images/dummy/tenxten.png', /size .*WIDTHxHEIGHT/],
      ['/images/dummy/10x10.tiff', /format "tiff" is not supported; use one of \.png, \.gif, \.jpg, \.bmp, \.svg/],
      ['/images/dummy/10x10.png?bg=zzz', /parameter "bg" must be a hex colour/],
      ['/images/dummy/10x10.png?fg=12345', /parameter "fg" must be a hex colour/],
      ['/images/avatar/abc.png?size=3000x10', /size \(width\) "3000" is not allowed/],
      ['/images/avatar/abc.png?size=10x0', /size \(height\) "0" is not allowed/],
      ['/images/avatar/abc.png?size=big', /parameter "size" "big" is not a size/],
      ['/images/avatar/abc', /must end in an image format/],
      ['/images/avatar/.png', /seed .* must be 1 to 100 characters/],
    ];
    for (const [path, message] of cases) {
      const response = await fetchImage(server.url + path);
      assert.equal(response.status, 400, path);
      assert.match(response.headers.get('content-type')!, /^application\/json/);
      assert.match(response.json().error, message, path);
    }
  });

  test('PUBLIC_URL, when set, is where generated image URLs point', async () => {
    const config = loadConfig({ PUBLIC_URL: 'https://rowloom.example.com/' });
    assert.equal(config.publicUrl, 'https://rowloom.example.com');
    assert.equal(loadConfig({}).publicUrl, null);
    assert.throws(() => loadConfig({ PUBLIC_URL: 'ftp://x' }), /PUBLIC_URL must be an http or https address/);
    assert.throws(() => loadConfig({ PUBLIC_URL: 'not a url' }), /PUBLIC_URL/);
    const app = await buildApp({
      store: server.store,
      config: { plans: DEFAULT_PLANS, bodyLimitBytes: 1 << 20, timeLimitMs: null, publicUrl: config.publicUrl },
    });
    try {
      const key = await server.userKey();
      const response = await app.inject({
        method: 'POST',
        url: `/api/generate.json?key=${key}`,
        payload: [
          { name: 'a', type: 'Avatar' },
          { name: 'd', type: 'Dummy Image URL' },
        ],
      });
      assert.equal(response.statusCode, 200);
      const row = response.json() as { a: string; d: string };
      assert.match(row.a, /^https:\/\/rowloom\.example\.com\/images\/avatar\/[a-z]+\.png\?size=50x50$/);
      assert.match(
        row.d,
        /^https:\/\/rowloom\.example\.com\/images\/dummy\/\d+x\d+\.(png|gif|jpg)\?bg=[0-9a-f]{6}&fg=[0-9a-f]{6}$/,
      );
    } finally {
      await app.close();
    }
  });
});

describe('image cache', () => {
  test('keeps the most recently used images within its count and byte limits', () => {
    const cache = new ImageCache({ entries: 3, bytes: 100 });
    const bytes = (n: number) => Buffer.alloc(n);
    cache.set('a', bytes(10));
    cache.set('b', bytes(10));
    cache.set('c', bytes(10));
    assert.ok(cache.get('a'), 'a is now the most recent');
    cache.set('d', bytes(10));
    assert.equal(cache.get('b'), undefined, 'b was the least recently used');
    assert.deepEqual(
      ['a', 'c', 'd'].map((k) => cache.get(k)?.length),
      [10, 10, 10],
    );
    cache.set('e', bytes(90));
    assert.ok(cache.bytes <= 100 && cache.count <= 3, `${cache.count} images, ${cache.bytes} bytes`);
    assert.equal(cache.get('e')?.length, 90);
    cache.set('huge', bytes(101));
    assert.equal(cache.get('huge'), undefined, 'larger than the whole cache: not kept');
    cache.set('e', bytes(5));
    assert.equal(cache.get('e')?.length, 5, 'replacing updates the size');
    assert.ok(cache.bytes <= 100);
  });
});
