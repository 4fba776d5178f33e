import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertDeclared, typeValues } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';

const FORMS: Record<string, RegExp> = {
  apartment: /^Apt [1-9]\d{0,3}$/,
  suite: /^Suite [1-9]\d{0,2}$/,
  unit: /^Unit [1-9]\d{0,2}$/,
  room: /^Room [1-9]\d{2,3}$/,
  floor: /^Floor [1-9]\d?$/,
  ordinalFloor: /^(?:\d*1st|\d*2nd|\d*3rd|\d+th) Floor$/,
  poBox: /^PO Box [1-9]\d{0,4}$/,
};

describe('Address Line 2', () => {
  const all = typeValues('Address Line 2', {}, 5000);

  test('every value is one of the secondary-unit or PO box forms, and every form occurs', () => {
    const seen = new Set<string>();
    for (const line of all) {
      const form = Object.keys(FORMS).find((name) => FORMS[name].test(line));
      assert.ok(form, `${line} is not an Address Line 2 form`);
      seen.add(form);
    }
    assert.deepEqual([...seen].sort(), Object.keys(FORMS).sort());
    assertDeclared('Address Line 2', all);
  });

  test('ordinal floors are spelt as English ordinals (11th, 12th, 13th, 21st, 22nd, 23rd)', () => {
    for (const line of all.filter((l) => l.endsWith(' Floor'))) {
      const n = Number.parseInt(line, 10);
      const expected =
        n % 100 >= 11 && n % 100 <= 13
          ? 'th'
          : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
      assert.equal(line, `${n}${expected} Floor`);
    }
  });

  testReproducibility(['Address Line 2']);
});
