/** The Range header for one file: what is served whole, partially, or refused. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byteRange } from './byte-range.js';

test('one range, open ranges, suffixes; past the end is unsatisfiable; the rest is served whole', () => {
  const cases: [string | undefined, number, ReturnType<typeof byteRange>][] = [
    [undefined, 100, { kind: 'whole' }],
    ['bytes=0-9', 100, { kind: 'partial', start: 0, end: 9 }],
    ['bytes=90-', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=90-500', 100, { kind: 'partial', start: 90, end: 99 }],
    ['BYTES = 5 - 5', 100, { kind: 'partial', start: 5, end: 5 }],
    ['bytes=-10', 100, { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-1000', 100, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=-99999999999999999999999', 100, { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=100-200', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', 100, { kind: 'whole' }],
    ['bytes=9-3', 100, { kind: 'whole' }],
    ['bytes=0-1,4-5', 100, { kind: 'whole' }],
    ['bytes=-', 100, { kind: 'whole' }],
    ['items=0-1', 100, { kind: 'whole' }],
    ['bytes=a-b', 100, { kind: 'whole' }],
    ['x'.repeat(10000), 100, { kind: 'whole' }],
  ];
  for (const [header, size, expected] of cases)
    assert.deepEqual(byteRange(header, size), expected, String(header).slice(0, 40));
});
