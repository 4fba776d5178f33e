import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { integerText } from './integer-text.js';

test('integerText writes exactly what String() writes, for every integer', () => {
  fc.assert(
    fc.property(fc.integer({ min: -2e9, max: 2e9 }), (n) => integerText(n) === String(n)),
    { numRuns: 20000 },
  );
  fc.assert(
    fc.property(fc.maxSafeInteger(), (n) => integerText(n) === String(n)),
    { numRuns: 5000 },
  );
  const edges = [
    0,
    -0,
    1,
    9,
    10,
    99,
    100,
    999,
    1000,
    1001,
    1010,
    100000,
    999999,
    1e6,
    1000001,
    1001000,
    999999999,
    1e9,
    -1,
    -1000,
    Number.MAX_SAFE_INTEGER,
    1e21,
    -1e21,
  ];
  for (const n of edges) assert.equal(integerText(n), String(n), String(n));
});
