import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';

interface CarRecord {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
}

const readData = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8')) as T;
const CARS = readData<CarRecord[]>('cars.json');
const WMI = readData<Record<string, string[]>>('wmi.json');

/** The check digit as 49 CFR 565.15 defines it, written out independently of the implementation. */
const LETTER_VALUE: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
function expectedCheckDigit(vin: string): string {
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce(
    (total, ch, i) => total + (/\d/.test(ch) ? Number(ch) : LETTER_VALUE[ch]) * weights[i],
    0,
  );
  return sum % 11 === 10 ? 'X' : String(sum % 11);
}

/** Model years a position-10 code can stand for: the table of 49 CFR 565.15, 1980-2039. */
function yearsOfCode(code: string): number[] {
  const table = [
    'A',
    'B',
    'C',
    'D',
    'E',
    'F',
    'G',
    'H',
    'J',
    'K',
    'L',
    'M',
    'N',
    'P',
    'R',
    'S',
    'T',
    'V',
    'W',
    'X',
    'Y',
    '1',
    '2',
    '3',
    '4',
    '5',
    '6',
    '7',
    '8',
    '9',
  ];
  const position = table.indexOf(code);
  return position < 0 ? [] : [1980 + position, 2010 + position];
}

const SCHEMA = [
  { name: 'make', type: 'Car Make' },
  { name: 'model', type: 'Car Model' },
  { name: 'year', type: 'Car Model Year' },
  { name: 'vin', type: 'Car VIN' },
];

interface CarRow {
  make: string;
  model: string;
  year: number;
  vin: string;
}

describe('car family', () => {
  const rows = generateObjects(SCHEMA, { count: 1000, seed: 'cars' }) as unknown as CarRow[];

  test('the oracle itself: known VINs pass its check digit', () => {
    assert.equal(expectedCheckDigit('1M8GDM9AXKP042788'), 'X');
    assert.equal(expectedCheckDigit('11111111111111111'), '1');
    assert.equal(expectedCheckDigit('5YJSA1DG9DFP14705'), '9');
  });

  test('make, model and model year come from one record of cars.json, the year within its range', () => {
    for (const row of rows) {
      assert.equal(typeof row.year, 'number');
      assert.ok(Number.isInteger(row.year), `${row.year}`);
      const ranges = CARS.filter((car) => car.make === row.make && car.model === row.model);
      assert.ok(ranges.length > 0, `${row.make} ${row.model} is not a record`);
      assert.ok(
        ranges.some((car) => car.yearFrom <= row.year && row.year <= car.yearTo),
        `${row.year} ${row.make} ${row.model} was not built`,
      );
    }
  });

  test('VINs are 17 allowed characters with a valid check digit', () => {
    for (const { vin } of rows) {
      assert.equal(vin.length, 17, vin);
      assert.match(vin, /^[A-HJ-NPR-Z0-9]{17}$/, vin);
      assert.doesNotMatch(vin, /[IOQ]/);
      assert.equal(vin[8], expectedCheckDigit(vin), vin);
    }
  });

  test("a VIN starts with one of its make's manufacturer codes and encodes the row's model year", () => {
    for (const row of rows) {
      assert.ok(WMI[row.make].includes(row.vin.slice(0, 3)), `${row.vin} is not a ${row.make} code`);
      assert.ok(yearsOfCode(row.vin[9]).includes(row.year), `${row.vin}: code ${row.vin[9]} is not ${row.year}`);
      assert.match(row.vin.slice(11), /^\d{6}$/, 'serial number');
    }
    // Fixed points of the cycle, in case both tables were wrong the same way.
    const codeOf = (year: number) => rows.find((row) => row.year === year)?.vin[9];
    for (const [year, code] of [
      [2000, 'Y'],
      [2001, '1'],
      [2009, '9'],
      [2010, 'A'],
      [2018, 'J'],
      [2024, 'R'],
    ] as const) {
      const seen = codeOf(year);
      if (seen !== undefined) assert.equal(seen, code, `${year}`);
    }
  });

  test('every make of cars.json has a manufacturer code', () => {
    for (const { make } of CARS) assert.ok((WMI[make] ?? []).length > 0, make);
    for (const codes of Object.values(WMI)) for (const code of codes) assert.match(code, /^[A-HJ-NPR-Z0-9]{3}$/);
  });

  test('model years spread over the whole range of the model', () => {
    const many = generateObjects(SCHEMA.slice(0, 3), { count: 20_000, seed: 'years' }) as unknown as CarRow[];
    let total = 0;
    let counted = 0;
    for (const row of many) {
      const car = CARS.find(
        (c) => c.make === row.make && c.model === row.model && c.yearFrom <= row.year && row.year <= c.yearTo,
      )!;
      if (car.yearTo === car.yearFrom) continue;
      total += (row.year - car.yearFrom) / (car.yearTo - car.yearFrom);
      counted++;
    }
    const mean = total / counted;
    assert.ok(Math.abs(mean - 0.5) < 0.02, `mean relative position ${mean}`);
  });

  test('values vary', () => {
    assert.ok(new Set(rows.map((r) => r.make)).size > 30);
    assert.ok(new Set(rows.map((r) => r.model)).size > 300);
    assert.ok(new Set(rows.map((r) => r.year)).size > 25);
    assert.equal(new Set(rows.map((r) => r.vin)).size, rows.length);
  });

  test('reproducible for a seed; another seed differs', () => {
    assert.deepEqual(generateObjects(SCHEMA, { count: 1000, seed: 'cars' }), rows);
    assert.notDeepEqual(generateObjects(SCHEMA, { count: 1000, seed: 'other' }), rows);
  });

  test('the row keeps its car whatever fields the schema has, and in any order', () => {
    const alone = generateObjects([{ name: 'make', type: 'Car Make' }], { count: 1000, seed: 'cars' });
    const reversed = generateObjects([...SCHEMA].reverse(), { count: 1000, seed: 'cars' });
    assert.deepEqual(
      alone.map((r) => r.make),
      rows.map((r) => r.make),
    );
    assert.deepEqual(
      reversed.map((r) => [r.make, r.model, r.year]),
      rows.map((r) => [r.make, r.model, r.year]),
    );
  });
});
