import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fakerPackage from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';
import { assertDeclared, typeValues } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';
import { findType } from './registry.js';

const { en } = fakerPackage;
const FEMALE = new Set(en.person!.first_name!.female!);
const MALE = new Set(en.person!.first_name!.male!);

describe('Gender (Binary)', () => {
  const rows = generateObjects(
    [
      { name: 'binary', type: 'Gender (Binary)' },
      { name: 'gender', type: 'Gender' },
      { name: 'first', type: 'First Name' },
      { name: 'male', type: 'First Name (Male)' },
      { name: 'female', type: 'First Name (Female)' },
      { name: 'title', type: 'Title' },
    ],
    { count: 20_000, seed: 'binary' },
  ) as Record<string, string>[];

  test('Male or Female, in about equal shares', () => {
    const males = rows.filter((r) => r.binary === 'Male').length;
    assert.ok(rows.every((r) => r.binary === 'Male' || r.binary === 'Female'));
    assert.ok(Math.abs(males / rows.length - 0.5) < 0.03, `${males} males`);
  });

  test("agrees with the row's person: the first name's sex, the sexed first names, Gender and the title", () => {
    for (const row of rows) {
      const male = row.binary === 'Male';
      assert.ok((male ? MALE : FEMALE).has(row.first), `${row.first} is not a ${row.binary} name`);
      assert.equal(male ? row.male : row.female, row.first);
      if (row.gender === 'Male' || row.gender === 'Female') assert.equal(row.binary, row.gender);
      if (row.title === 'Mr') assert.equal(row.binary, 'Male');
      if (row.title === 'Mrs' || row.title === 'Ms' || row.title === 'Miss') assert.equal(row.binary, 'Female');
    }
    assert.ok(
      rows.some((r) => r.gender !== 'Male' && r.gender !== 'Female'),
      'the sample has non-binary genders too',
    );
  });

  test('declares the person family it reads', () => {
    assert.equal(findType('Gender (Binary)')?.family, 'person');
  });

  testReproducibility(['Gender (Binary)']);
});

describe('Gender (Facebook)', () => {
  test("every one of faker's 76 gender identities occurs, nothing else", () => {
    const all = typeValues('Gender (Facebook)', {}, 5000);
    const list = en.person!.gender!;
    assert.equal(list.length, 76);
    assert.deepEqual([...new Set(all)].sort(), [...list].sort());
    assertDeclared('Gender (Facebook)', all);
  });
});
