import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsedDocument } from './parsed-documents.js';

const text = (name: string, filler = '') =>
  JSON.stringify({
    name,
    slug: name,
    routes: [
      { method: 'GET', path: '/users', responses: [{ status: 200, body: { kind: 'json', value: { note: filler } } }] },
    ],
  });

test('the same stored text gives the same parsed document; a changed text is parsed again', () => {
  const first = parsedDocument('mock-a', text('a'));
  assert.equal(parsedDocument('mock-a', text('a')), first, 'served from memory');
  const changed = parsedDocument('mock-a', text('a2'));
  assert.notEqual(changed, first);
  assert.equal(changed.name, 'a2');
  assert.equal(parsedDocument('mock-b', text('a2')).name, 'a2', 'another API with the same text has its own entry');
});

test('a shared document cannot be changed by one request under another', () => {
  const document = parsedDocument('mock-frozen', text('frozen')) as unknown as {
    name: string;
    routes: { path: string }[];
  };
  assert.throws(() => {
    document.name = 'changed';
  }, TypeError);
  assert.throws(() => {
    document.routes[0].path = '/other';
  }, TypeError);
  assert.throws(() => document.routes.push({ path: '/x' }), TypeError);
});

test('memory is bounded: past 8 Mi code units of text the least recently used documents go', () => {
  const big = 'x'.repeat(3 * 1024 * 1024);
  const oldest = parsedDocument('mock-big-1', text('big-1', big));
  parsedDocument('mock-big-2', text('big-2', big));
  parsedDocument('mock-big-3', text('big-3', big)); // the three no longer fit: the first goes
  assert.notEqual(parsedDocument('mock-big-1', text('big-1', big)), oldest, 'parsed again after eviction');
  const kept = parsedDocument('mock-big-3', text('big-3', big));
  assert.equal(parsedDocument('mock-big-3', text('big-3', big)), kept);
});
