import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Permutation } from '../random/permutation.js';
import { DrivenRows } from './driven-rows.js';
import { childrenSampler } from './distributions.js';

describe('relations building blocks', () => {
  test('a permutation is a bijection of [0, n) for small, odd and large sizes', () => {
    for (const size of [1, 2, 3, 7, 100, 1000, 4097, 65_537]) {
      const permutation = new Permutation(size, 1234);
      const seen = new Set<number>();
      for (let i = 0; i < size; i++) seen.add(permutation.at(i));
      assert.equal(seen.size, size, `size ${size}`);
      assert.ok([...seen].every((v) => v >= 0 && v < size));
    }
    const large = new Permutation(2 ** 40 + 3, 9);
    const values = Array.from({ length: 1000 }, (_, i) => large.at(i));
    assert.equal(new Set(values).size, 1000);
    assert.ok(values.every((v) => Number.isSafeInteger(v) && v < 2 ** 40 + 3));
    assert.notDeepEqual(
      Array.from({ length: 20 }, (_, i) => new Permutation(100, 1).at(i)),
      Array.from({ length: 20 }, (_, i) => i),
      'not the identity',
    );
  });

  test('driven rows: each row belongs to the parent whose children span it, whichever order rows are asked in', () => {
    const driven = new DrivenRows(5000, childrenSampler({ kind: 'poisson', mean: 1.5 }), 77);
    const owners: number[] = [];
    for (let parent = 0; parent < 5000; parent++) for (let k = 0; k < driven.children(parent); k++) owners.push(parent);
    assert.equal(driven.total, owners.length);
    for (let row = 0; row < owners.length; row++) assert.equal(driven.locate(row).parent, owners[row]);
    const fresh = new DrivenRows(5000, childrenSampler({ kind: 'poisson', mean: 1.5 }), 77);
    for (const row of [owners.length - 1, 0, 4321, 17, 6000, 3]) {
      const { parent, ordinal } = fresh.locate(row);
      assert.equal(parent, owners[row]);
      assert.equal(fresh.firstRow(parent) + ordinal, row);
    }
  });

  test('children counts follow their rule', () => {
    const mean = (rule: Parameters<typeof childrenSampler>[0]) => {
      const driven = new DrivenRows(20_000, childrenSampler(rule), 5);
      return driven.total / 20_000;
    };
    assert.equal(mean({ kind: 'fixed', count: 3 }), 3);
    assert.ok(Math.abs(mean({ kind: 'uniform', min: 0, max: 4 }) - 2) < 0.05);
    assert.ok(Math.abs(mean({ kind: 'poisson', mean: 4 }) - 4) < 0.1);
    const zipf = new DrivenRows(20_000, childrenSampler({ kind: 'zipf', skew: 2, min: 1, max: 100 }), 5);
    const ones = Array.from({ length: 20_000 }, (_, p) => zipf.children(p)).filter((n) => n === 1).length;
    assert.ok(ones / 20_000 > 0.55 && ones / 20_000 < 0.7, `P(1) is about 1/zeta(2) = 0.61, got ${ones / 20_000}`);
  });
});
