import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseEncoding, codedEtag, isCompressible, leaveAsIs, varyWithAcceptEncoding } from './compression-policy.js';

test('the coding follows Accept-Encoding and its q-values; streams prefer gzip, whole bodies brotli', () => {
  assert.equal(chooseEncoding('gzip, deflate, br', true), 'gzip');
  assert.equal(chooseEncoding('gzip, deflate, br', false), 'br');
  assert.equal(chooseEncoding('br;q=0, gzip;q=0.5', false), 'gzip');
  assert.equal(chooseEncoding('deflate', false), 'deflate');
  assert.equal(chooseEncoding('X-GZIP', false), 'gzip');
  assert.equal(chooseEncoding('*', true), 'gzip');
  for (const none of [undefined, '', '  ', 'identity', 'compress', 'gzip;q=0', ['gzip']])
    assert.equal(chooseEncoding(none, false), null, String(none));
});

test('text is compressible; images, archives, xlsx and event streams are not', () => {
  for (const type of [
    'application/json; charset=utf-8',
    'text/csv',
    'text/tab-separated-values',
    'application/xml',
    'application/x-ndjson',
    'application/sql',
    'application/javascript; charset=utf-8',
    'application/problem+json',
    'image/svg+xml',
  ])
    assert.ok(isCompressible(type), type);
  for (const type of [
    'text/event-stream',
    'image/png',
    'application/zip',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/octet-stream',
    'application/jsonx',
    undefined,
  ])
    assert.ok(!isCompressible(type), String(type));
});

test('responses left as they are: coded already, partial, no-transform, opted out, bodiless statuses', () => {
  const base = {
    statusCode: 200,
    range: undefined,
    contentType: 'text/csv',
    contentEncoding: undefined,
    contentRange: undefined,
    cacheControl: undefined,
    optedOut: false,
  };
  assert.equal(leaveAsIs(base), false);
  assert.equal(leaveAsIs({ ...base, contentEncoding: 'identity' }), false);
  for (const change of [
    { contentEncoding: 'br' },
    { statusCode: 206 },
    { statusCode: 304 },
    { statusCode: 204 },
    { range: 'bytes=0-9' },
    { contentRange: 'bytes 0-9/100' },
    { cacheControl: 'public, no-transform' },
    { optedOut: true },
    { contentType: 'image/png' },
  ])
    assert.equal(leaveAsIs({ ...base, ...change }), true, JSON.stringify(change));
});

test('a coded ETag differs from the plain one; Vary gains Accept-Encoding once', () => {
  assert.equal(codedEtag('"abc-12"', 'gzip'), '"abc-12-gzip"');
  assert.equal(codedEtag('W/"5-x"', 'br'), 'W/"5-x-br"');
  assert.equal(varyWithAcceptEncoding(undefined), 'Accept-Encoding');
  assert.equal(varyWithAcceptEncoding('Origin'), 'Origin, Accept-Encoding');
  assert.equal(varyWithAcceptEncoding('accept-encoding'), 'accept-encoding');
  assert.equal(varyWithAcceptEncoding(['Origin', 'Cookie']), 'Origin, Cookie, Accept-Encoding');
  assert.equal(varyWithAcceptEncoding('*'), '*');
});
