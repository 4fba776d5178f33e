import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertDeclared, typeValues } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';

/** CMS's MBI format: C A AN N A AN N A A N N, letters without S, L, O, I, B, Z. */
const LETTER = '[AC-HJKMNP-RT-Y]';
const MBI = new RegExp(`^[1-9]${LETTER}(?:${LETTER}|\\d)\\d${LETTER}(?:${LETTER}|\\d)\\d${LETTER}${LETTER}\\d\\d$`);

describe('Medicare Beneficiary ID', () => {
  const all = typeValues('Medicare Beneficiary ID', {}, 5000);

  test('11 characters in the CMS pattern, never S, L, O, I, B or Z', () => {
    assert.match('1EG4TE5MK73', MBI); // CMS's published example
    for (const mbi of all) {
      assert.match(mbi, MBI);
      assert.doesNotMatch(mbi, /[SLOIBZ]/);
    }
    assertDeclared('Medicare Beneficiary ID', all);
  });

  test('every allowed letter occurs at the letter-only positions, and digits and letters at the mixed ones', () => {
    assert.equal(new Set(all.map((mbi) => mbi[1])).size, 20);
    const third = all.map((mbi) => mbi[2]);
    assert.ok(third.some((ch) => /\d/.test(ch)) && third.some((ch) => /[A-Z]/.test(ch)));
  });

  testReproducibility(['Medicare Beneficiary ID']);
});
