import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { en } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';

const FEMALE = new Set(en.person!.first_name!.female!);
const MALE = new Set(en.person!.first_name!.male!);

const SCHEMA = [
  { name: 'first', type: 'First Name' },
  { name: 'last', type: 'Last Name' },
  { name: 'full', type: 'Full Name' },
  { name: 'gender', type: 'Gender' },
  { name: 'email', type: 'Email Address' },
  { name: 'user', type: 'Username' },
];

describe('person family', () => {
  const n = 20_000;
  const rows = generateObjects(SCHEMA, { count: n, seed: 'people' }) as Record<string, string>[];

  test('first names agree with the row\'s gender', () => {
    for (const row of rows) {
      if (row.gender === 'Female') assert.ok(FEMALE.has(row.first), `${row.first} is not a female name`);
      else if (row.gender === 'Male') assert.ok(MALE.has(row.first), `${row.first} is not a male name`);
      else assert.ok(FEMALE.has(row.first) || MALE.has(row.first));
    }
  });

  test('full name, email and username are built from the row\'s names and row number', () => {
    rows.forEach((row, i) => {
      assert.equal(row.full, `${row.first} ${row.last}`);
      const stem = (row.first.normalize('NFD').toLowerCase().replace(/[^a-z0-9]/g, '')[0] ?? '') + row.last.normalize('NFD').toLowerCase().replace(/[^a-z0-9]/g, '');
      assert.equal(row.user, `${stem}${i}`);
      assert.match(row.email, new RegExp(`^${stem}${i}@[a-z0-9.-]+\\.[a-z]{2,}$`));
    });
    assert.equal(new Set(rows.map((r) => r.email)).size, n, 'emails are unique');
  });

  test('genders: about 48% male, 47.8% female, the rest other identities', () => {
    const share = (g: string) => rows.filter((r) => r.gender === g).length / n;
    const tolerance = 6 * Math.sqrt((0.5 * 0.5) / n);
    assert.ok(Math.abs(share('Male') - 0.48) < tolerance, `male ${share('Male')}`);
    assert.ok(Math.abs(share('Female') - 0.478) < tolerance, `female ${share('Female')}`);
    const others = new Set(rows.map((r) => r.gender).filter((g) => g !== 'Male' && g !== 'Female'));
    assert.ok(others.size >= 5, [...others].join(','));
  });

  test('names are varied, not constant', () => {
    assert.ok(new Set(rows.map((r) => r.first)).size > 1000);
    assert.ok(new Set(rows.map((r) => r.last)).size > 400);
  });
});
