import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertDeclared, typeValues } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';

/** Decodes a ULID's 10 time characters as the ULID specification does (Crockford base 32, written out here). */
function ulidTime(ulid: string): number {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let ms = 0;
  for (const ch of ulid.slice(0, 10)) {
    const digit = alphabet.indexOf(ch);
    assert.ok(digit >= 0, `${ch} of ${ulid} is not a Crockford base-32 digit`);
    ms = ms * 32 + digit;
  }
  return ms;
}

describe('ULID', () => {
  const all = typeValues('ULID', {}, 5000);

  test('26 Crockford base-32 characters (no I, L, O, U), the first at most 7 (48-bit time)', () => {
    for (const ulid of all) assert.match(ulid, /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    assertDeclared('ULID', all);
  });

  test('the time part decodes to a moment between 2016 and 2025, spread over the decade', () => {
    const years = new Set<number>();
    for (const ulid of all) {
      const ms = ulidTime(ulid);
      assert.ok(ms >= Date.UTC(2016, 0, 1) && ms < Date.UTC(2026, 0, 1), `${ulid}: ${new Date(ms).toISOString()}`);
      years.add(new Date(ms).getUTCFullYear());
    }
    assert.equal(years.size, 10);
  });

  test('all distinct, and the random part uses every character', () => {
    assert.equal(new Set(all).size, all.length);
    assert.equal(new Set(all.flatMap((ulid) => [...ulid.slice(10)])).size, 32);
  });

  testReproducibility(['ULID']);
});
