/** Test helper: the reproducibility tests every group of types shares. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';

const column = (type: string, count: number, seed: number, start = 0) =>
  generateObjects([{ name: 'v', type }], { count, seed, start }).map((row) => row.v);

/** Registers two tests: a seed fixes the values (and another seed changes them); a row does not depend on the rows before it. */
export function testReproducibility(types: readonly string[]): void {
  test('same seed, same values; different seed, different values', () => {
    for (const type of types) {
      assert.deepEqual(column(type, 200, 5), column(type, 200, 5), type);
      assert.notDeepEqual(column(type, 200, 5), column(type, 200, 6), type);
    }
  });

  test('rows are independent of the rows generated before them', () => {
    for (const type of types) assert.deepEqual(column(type, 100, 9, 200), column(type, 300, 9).slice(200), type);
  });
}
