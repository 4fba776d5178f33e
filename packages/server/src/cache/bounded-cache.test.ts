import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedCache } from './bounded-cache.js';

test('keeps at most max entries, dropping the least recently used', () => {
  const evicted: unknown[] = [];
  const cache = new BoundedCache<string, number>({ max: 2, onEvict: (value) => evicted.push(value) });
  cache.set('a', 1);
  cache.set('b', 2);
  assert.equal(cache.get('a'), 1); // a is now the most recent
  cache.set('c', 3);
  assert.equal(cache.get('b'), undefined);
  assert.equal(cache.get('a'), 1);
  assert.equal(cache.get('c'), 3);
  assert.equal(cache.size, 2);
  assert.deepEqual(evicted, [2]);
});

test('an entry expires after its time to live', () => {
  let now = 1000;
  const cache = new BoundedCache<string, string>({ max: 10, ttlMs: 50, now: () => now });
  cache.set('k', 'v');
  now += 49;
  assert.equal(cache.get('k'), 'v');
  now += 1;
  assert.equal(cache.get('k'), undefined);
  assert.equal(cache.size, 0);
});

test('replacing, deleting and clearing evict the old values', () => {
  const evicted: unknown[] = [];
  const cache = new BoundedCache<string, number>({ max: 10, onEvict: (value) => evicted.push(value) });
  cache.set('a', 1);
  cache.set('a', 2);
  cache.set('b', 3);
  cache.set('c', 4);
  cache.deleteWhere((value) => value === 3);
  cache.delete('missing');
  assert.deepEqual(evicted, [1, 3]);
  cache.clear();
  assert.deepEqual(evicted, [1, 3, 2, 4]);
  assert.equal(cache.size, 0);
});

test('a max below 1 is refused', () => {
  assert.throws(() => new BoundedCache({ max: 0 }), /at least 1/);
});
