import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_JSON_DEPTH, pathDeeperThan } from './json-depth.js';

const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

test('values within the limit pass, whatever their size', () => {
  assert.equal(pathDeeperThan([{ name: 'a', values: [1, 2, [3]] }]), null);
  assert.equal(pathDeeperThan(nested(MAX_JSON_DEPTH)), null);
  assert.equal(pathDeeperThan('text'), null);
});

test('a value nested past the limit is found, with its path, even 100,000 levels deep', () => {
  assert.equal(pathDeeperThan(nested(MAX_JSON_DEPTH + 1)), '[0]'.repeat(MAX_JSON_DEPTH));
  assert.equal(pathDeeperThan([{ values: nested(5) }], 3), '[0].values[0]');
  assert.notEqual(pathDeeperThan(nested(100_000)), null);
});
