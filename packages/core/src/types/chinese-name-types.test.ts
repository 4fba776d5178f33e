import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { zh_CN } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';

const FAMILY_NAMES = new Set(zh_CN.person!.last_name!.generic!);
const GIVEN = zh_CN.person!.first_name!;
const MALE = new Set(GIVEN.male!);
const FEMALE = new Set(GIVEN.female!);
const UNISEX = new Set(GIVEN.generic!);

const SCHEMA = [
  { name: 'gender', type: 'Gender' },
  { name: 'family', type: 'Family Name (Chinese)' },
  { name: 'given', type: 'Given Name (Chinese)' },
  { name: 'family_again', type: 'Family Name (Chinese)' },
  { name: 'given_again', type: 'Given Name (Chinese)' },
];

describe('Chinese names', () => {
  const n = 20_000;
  const rows = generateObjects(SCHEMA, { count: n, seed: 'zh' }) as Record<string, string>[];

  test('family names are zh_CN surnames in Hanzi, compound ones included', () => {
    for (const row of rows) {
      assert.ok(FAMILY_NAMES.has(row.family), row.family);
      assert.match(row.family, /^\p{Script=Han}{1,2}$/u);
    }
    assert.ok(
      rows.some((r) => r.family.length === 2),
      'compound surnames (欧阳...) occur',
    );
    assert.ok(new Set(rows.map((r) => r.family)).size > 150);
  });

  test("given names are Hanzi from zh_CN's list for the row's gender", () => {
    for (const row of rows) {
      const list = row.gender === 'Male' ? MALE : row.gender === 'Female' ? FEMALE : UNISEX;
      assert.ok(list.has(row.given), `${row.given} for ${row.gender}`);
      assert.match(row.given, /^\p{Script=Han}+$/u);
    }
    assert.ok(new Set(rows.map((r) => r.given)).size > 250);
  });

  test('family and given name are one drawing per row; a repeated pair is a second person', () => {
    assert.ok(rows.filter((row) => row.family_again !== row.family).length > 0.7 * n);
    assert.ok(rows.filter((row) => row.given_again !== row.given).length > 0.9 * n);
    for (const row of rows)
      assert.ok(
        FAMILY_NAMES.has(row.family_again) &&
          (MALE.has(row.given_again) || FEMALE.has(row.given_again) || UNISEX.has(row.given_again)),
      );
  });

  test('work without a Gender field and repeat for a seed', () => {
    const fields = [
      { name: 'family', type: 'Family Name (Chinese)' },
      { name: 'given', type: 'Given Name (Chinese)' },
    ];
    const first = generateObjects(fields, { count: 500, seed: 3 }) as Record<string, string>[];
    assert.deepEqual(generateObjects(fields, { count: 500, seed: 3 }), first);
    assert.notDeepEqual(generateObjects(fields, { count: 500, seed: 4 }), first);
    for (const row of first) assert.ok(MALE.has(row.given) || FEMALE.has(row.given) || UNISEX.has(row.given));
  });
});
