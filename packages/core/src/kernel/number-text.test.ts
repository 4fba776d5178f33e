import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { numberText } from './number-text.js';

test('numberText writes exactly what String() writes, for two-decimal values and any double', () => {
  fc.assert(
    fc.property(fc.integer({ min: -1e15, max: 1e15 }), (cents) => numberText(cents / 100) === String(cents / 100)),
    { numRuns: 20000 },
  );
  fc.assert(
    fc.property(fc.double({ noNaN: true }), (n) => numberText(n) === String(n)),
    { numRuns: 20000 },
  );
  for (const n of [
    0,
    -0,
    0.5,
    -0.5,
    0.05,
    -0.05,
    1.1,
    193250.46,
    1e13 - 0.01,
    9999999999999.99,
    1e21,
    1.005,
    0.1 + 0.2,
    Infinity,
    -Infinity,
  ]) {
    assert.equal(numberText(n), String(n), String(n));
  }
});
