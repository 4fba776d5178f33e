import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema } from './compile.js';
import { generateObjects } from '../engine/sample.js';

const ROWS = 2000;

type Row = Record<string, unknown>;

function rowsOf(fields: { name: string; type: string; formula?: string }[], count = ROWS): Row[] {
  return generateObjects(fields, { count, seed: 7 });
}

/** Share of rows where the two fields hold different values. */
function differing(rows: Row[], a: string, b: string): number {
  return rows.filter((row) => row[a] !== row[b]).length / rows.length;
}

/**
 * The second record's (key2 -> value2) pairs agree with what the first record's pairs say about
 * each key (e.g. a stock symbol has one name), checked on the rows whose key2 the first record
 * also drew; at least `minimum` such rows.
 */
function agreesWithFirstRecord(
  rows: Row[],
  key: string,
  value: string,
  key2: string,
  value2: string,
  minimum = 50,
): void {
  const valuesOf = new Map<unknown, Set<unknown>>();
  for (const row of rows) {
    if (!valuesOf.has(row[key])) valuesOf.set(row[key], new Set());
    valuesOf.get(row[key])!.add(row[value]);
  }
  let checked = 0;
  for (const row of rows) {
    const known = valuesOf.get(row[key2]);
    if (!known) continue;
    checked++;
    assert.ok(
      known.has(row[value2]),
      `${key2}=${String(row[key2])} came with ${value2}=${String(row[value2])}; the first record says ${[...known].join(' | ')}`,
    );
  }
  assert.ok(checked >= minimum, `only ${checked} rows to check`);
}

describe('a repeated type starts a new record of its family', () => {
  test('compile assigns instances in schema order, per family and per scope', () => {
    const plan = compileSchema([
      { name: 'first', type: 'First Name' },
      { name: 'city', type: 'City' },
      { name: 'last', type: 'Last Name' },
      { name: 'mother_first', type: 'First Name' },
      { name: 'mother_last', type: 'Last Name' },
      { name: 'state', type: 'State' },
      { name: 'kids', type: 'JSON Array', minItems: 1, maxItems: 1 },
      { name: 'kids.first', type: 'First Name' },
      { name: 'kids.last', type: 'Last Name' },
      { name: 'id', type: 'Row Number' },
    ]);
    const instances = Object.fromEntries(plan.fields.map((f) => [f.name, f.familyInstance]));
    assert.deepEqual(instances, {
      first: 0,
      city: 0,
      last: 0,
      mother_first: 1,
      mother_last: 1,
      state: 0,
      kids: 0,
      'kids.first': 0,
      'kids.last': 0,
      id: 0,
    });
  });

  test('person: two Last Name fields differ; the mother is a coherent second person', () => {
    const rows = rowsOf([
      { name: 'first', type: 'First Name' },
      { name: 'last', type: 'Last Name' },
      { name: 'gender', type: 'Gender' },
      { name: 'mother_first', type: 'First Name' },
      { name: 'mother_last', type: 'Last Name' },
      { name: 'mother_full', type: 'Full Name' },
      { name: 'mother_gender', type: 'Gender' },
    ]);
    assert.ok(differing(rows, 'last', 'mother_last') > 0.9);
    assert.ok(differing(rows, 'first', 'mother_first') > 0.9);
    for (const row of rows) assert.equal(row.mother_full, `${String(row.mother_first)} ${String(row.mother_last)}`);
    // A male or female person's first name is of that sex (other identities draw from both lists).
    const binary = rows.filter(
      (row) =>
        row.gender !== row.mother_gender &&
        [row.gender, row.mother_gender].every((g) => g === 'Male' || g === 'Female'),
    );
    agreesWithFirstRecord(binary, 'first', 'gender', 'mother_first', 'mother_gender');
  });

  test('the first record draws as before: adding a second person changes no other value', () => {
    const one = rowsOf(
      [
        { name: 'first', type: 'First Name' },
        { name: 'last', type: 'Last Name' },
        { name: 'email', type: 'Email Address' },
      ],
      200,
    );
    const two = rowsOf(
      [
        { name: 'first', type: 'First Name' },
        { name: 'last', type: 'Last Name' },
        { name: 'email', type: 'Email Address' },
        { name: 'first2', type: 'First Name' },
        { name: 'last2', type: 'Last Name' },
      ],
      200,
    );
    assert.deepEqual(
      two.map(({ first, last, email }) => ({ first, last, email })),
      one,
    );
  });

  test('place: a second City has its own State and country', () => {
    const rows = rowsOf([
      { name: 'city', type: 'City' },
      { name: 'state', type: 'State' },
      { name: 'code', type: 'Country Code' },
      { name: 'currency', type: 'Currency Code' },
      { name: 'city2', type: 'City' },
      { name: 'state2', type: 'State' },
      { name: 'code2', type: 'Country Code' },
      { name: 'currency2', type: 'Currency Code' },
    ]);
    assert.ok(differing(rows, 'city', 'city2') > 0.9);
    assert.ok(differing(rows, 'state', 'state2') > 0.8);
    agreesWithFirstRecord(rows, 'code', 'currency', 'code2', 'currency2');
    // Town names repeat across countries; a town with its region does not.
    const located = rows.map((row) => ({
      ...row,
      place: `${String(row.city)}/${String(row.state)}`,
      place2: `${String(row.city2)}/${String(row.state2)}`,
    }));
    agreesWithFirstRecord(located, 'place', 'code', 'place2', 'code2');
  });

  for (const [family, key, value] of [
    ['car', 'Car Model', 'Car Make'],
    ['drug', 'Drug Name (Brand)', 'Drug Company'],
    ['stock', 'Stock Symbol', 'Stock Name'],
    ['ICD-10 diagnosis', 'ICD10 Diagnosis Code', 'ICD10 Dx Desc (Long)'],
    ['ICD-9 procedure', 'ICD9 Procedure Code', 'ICD9 Proc Desc (Short)'],
  ] as const) {
    test(`${family}: the second record differs and agrees with itself`, () => {
      const rows = rowsOf(
        [
          { name: 'key', type: key },
          { name: 'value', type: value },
          { name: 'key2', type: key },
          { name: 'value2', type: value },
        ],
        20000,
      );
      assert.ok(differing(rows, 'key', 'key2') > 0.9);
      agreesWithFirstRecord(rows, 'key', 'value', 'key2', 'value2', 20);
    });
  }

  test("a formula's generate() reads the calling field's record", () => {
    const rows = rowsOf(
      [
        { name: 'first', type: 'First Name' },
        { name: 'first2', type: 'First Name' },
        { name: 'last2', type: 'Last Name', formula: "generate('First Name') + ' ' + this" },
        { name: 'full2', type: 'Full Name' },
      ],
      200,
    );
    for (const row of rows) assert.equal(row.last2, row.full2);
  });
});
