import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';
import { testReproducibility } from '../testing/type-reproducibility.js';

const require = createRequire(import.meta.url);
const einValidator = require('ein-validator') as { isValid(ein: string): boolean };
const nhsValidator = require('nhs-number-validator') as { validate(nhs: string): boolean };
const isbn3 = require('isbn3') as {
  parse(isbn: string): { isValid: boolean; isIsbn10: boolean; isbn10: string; group: string } | null;
};

/** The values of one field `v` of the given type. */
function values(type: string, count = 5000, seed: string | number = 'identifiers'): string[] {
  return generateObjects([{ name: 'v', type }], { count, seed }).map((row) => row.v as string);
}

describe('SSN', () => {
  test('AAA-GG-SSSS with an issuable area, group and serial', () => {
    const all = values('SSN', 20000);
    for (const ssn of all) {
      const match = /^(\d{3})-(\d{2})-(\d{4})$/.exec(ssn);
      assert.ok(match, ssn);
      const [area, group, serial] = match.slice(1).map(Number);
      assert.ok(area >= 1 && area <= 899 && area !== 666, `area of ${ssn}`);
      assert.ok(group >= 1 && group <= 99, `group of ${ssn}`);
      assert.ok(serial >= 1 && serial <= 9999, `serial of ${ssn}`);
    }
    const areas = all.map((ssn) => Number(ssn.slice(0, 3)));
    // The edges of the area range are reached, on both sides of the excluded 666.
    assert.ok(areas.some((a) => a < 10) && areas.some((a) => a > 890));
    assert.ok(areas.includes(665) || areas.includes(667));
    assert.ok(new Set(all).size > 19900, 'nearly all distinct');
  });
});

describe('EIN', () => {
  test('##-####### with an IRS campus prefix (checked by ein-validator)', () => {
    const all = values('EIN', 20000);
    for (const ein of all) {
      assert.match(ein, /^\d{2}-\d{7}$/);
      assert.ok(einValidator.isValid(ein), ein);
    }
    // All 83 prefixes in use turn up; a prefix no campus uses (e.g. 07, 00, 89) never does.
    const prefixes = new Set(all.map((ein) => ein.slice(0, 2)));
    assert.equal(prefixes.size, 83);
    for (const unused of [
      '00',
      '07',
      '08',
      '09',
      '17',
      '18',
      '19',
      '28',
      '29',
      '49',
      '69',
      '70',
      '78',
      '79',
      '89',
      '96',
      '97',
    ])
      assert.ok(!prefixes.has(unused), unused);
  });
});

describe('DUNS Number', () => {
  test('nine digits formatted ##-###-####, spread over the whole range', () => {
    const all = values('DUNS Number', 10000);
    for (const duns of all) assert.match(duns, /^\d{2}-\d{3}-\d{4}$/);
    const firstDigits = new Set(all.map((duns) => duns[0]));
    assert.equal(firstDigits.size, 10);
    assert.ok(new Set(all).size > 9990);
  });
});

describe('NHS Number', () => {
  test('### ### #### with a valid check digit (checked by nhs-number-validator)', () => {
    const all = values('NHS Number', 20000);
    for (const nhs of all) {
      assert.match(nhs, /^[467]\d{2} \d{3} \d{4}$/);
      assert.ok(nhsValidator.validate(nhs.replace(/ /g, '')), nhs);
    }
    // Every check digit occurs, and the England and Wales ranges both appear.
    assert.equal(new Set(all.map((nhs) => nhs.at(-1))).size, 10);
    assert.deepEqual([...new Set(all.map((nhs) => nhs[0]))].sort(), ['4', '6', '7']);
  });

  test('an independent recomputation of the mod-11 rule agrees', () => {
    for (const nhs of values('NHS Number', 2000, 2)) {
      const digits = nhs.replace(/ /g, '').split('').map(Number);
      const sum = digits.slice(0, 9).reduce((total, digit, i) => total + digit * (10 - i), 0);
      assert.equal((sum + digits[9]) % 11, 0, nhs);
    }
  });
});

describe('ISBN', () => {
  test('nine digits, a hyphen and the ISBN-10 check character, in a real registration group (isbn3)', () => {
    const all = values('ISBN', 20000);
    for (const isbn of all) {
      assert.match(isbn, /^\d{9}-[\dX]$/);
      const parsed = isbn3.parse(isbn);
      assert.ok(parsed?.isValid && parsed.isIsbn10, isbn);
      assert.equal(parsed.isbn10, isbn.replace('-', ''));
    }
    assert.ok(
      all.some((isbn) => isbn.endsWith('X')),
      'the check character X occurs',
    );
    const groups = new Set(all.map((isbn) => isbn3.parse(isbn)?.group));
    assert.ok(groups.size >= 10, `registration groups: ${[...groups].join(', ')}`);
    // English-language groups dominate, as they do among real ISBNs.
    const english = all.filter((isbn) => isbn[0] === '0' || isbn[0] === '1').length;
    assert.ok(english > all.length * 0.5 && english < all.length * 0.7, `English share ${english}`);
  });
});

describe('all identifier types', () => {
  const TYPES = ['SSN', 'EIN', 'DUNS Number', 'NHS Number', 'ISBN'];

  testReproducibility(TYPES);

  test('no parameters: stray keys are ignored; misspelt names are rejected with a suggestion', () => {
    for (const type of TYPES) {
      const plain = values(type, 50, 1);
      const withStray = generateObjects([{ name: 'v', type, format: '###' }], { count: 50, seed: 1 }).map(
        (row) => row.v,
      );
      assert.deepEqual(withStray, plain, type);
    }
    const problems = problemsOf([{ name: 'id', type: 'SNN' }]);
    assert.ok(
      problems.some((p) => p.field === 'id' && p.param === 'type' && /unknown type "SNN"/.test(p.message)),
      JSON.stringify(problems),
    );
  });

  test('percentBlank still applies', () => {
    const rows = generateObjects([{ name: 'v', type: 'NHS Number', percentBlank: 50 }], { count: 2000, seed: 3 });
    const blanks = rows.filter((row) => row.v === null).length;
    assert.ok(blanks > 850 && blanks < 1150, String(blanks));
  });
});
