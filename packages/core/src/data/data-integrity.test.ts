/**
 * The curated data files keep the uniqueness their families rely on: a code names one thing, a
 * row of a record family is one real record. Each test reads the shipped file itself.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readDataFile } from './data-files.js';
import { MOVIE_GENRES } from '../testing/movie-genres.js';
import type { CodeRecord, DrugRecord } from '../types/health-types.js';

/** The values that occur more than once, each once (empty when all are unique). */
function duplicates(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}

const key = (...parts: unknown[]) => JSON.stringify(parts);

interface CarRecord {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
}
interface Table {
  columns: string[];
  rows: unknown[][];
}

describe('drugs.json', () => {
  const drugs = readDataFile<DrugRecord[]>('drugs.json');

  test('every NDC is given once', () => {
    assert.deepEqual(duplicates(drugs.map((d) => d.ndc)), []);
  });

  test('a labeler and product code name one product (one brand and generic name)', () => {
    const productOf = new Map<string, string>();
    for (const drug of drugs) {
      const [labeler, product] = drug.ndc.split('-');
      const code = `${labeler}-${product}`;
      const name = `${drug.brand} (${drug.generic})`;
      const earlier = productOf.get(code) ?? name;
      assert.equal(name, earlier, `${code} names both ${earlier} and ${name}`);
      productOf.set(code, name);
    }
  });
});

describe('ICD code files', () => {
  for (const file of ['icd10cm.json', 'icd10pcs.json', 'icd9dx.json', 'icd9px.json']) {
    const codes = readDataFile<CodeRecord[]>(file).map((record) => record.code);

    test(`${file}: every code is given once`, () => {
      assert.deepEqual(duplicates(codes), []);
    });

    test(`${file}: every code is a leaf (no header code beside the codes under it)`, () => {
      const bare = [...new Set(codes.map((code) => code.replace('.', '')))].sort();
      // Sorted, a header comes right before the first code that extends it.
      const headers = bare.filter((code, i) => bare[i + 1]?.startsWith(code));
      assert.deepEqual(headers, []);
    });
  }

  test('codes deleted before FY2026 are absent', () => {
    const cm = new Set(readDataFile<CodeRecord[]>('icd10cm.json').map((r) => r.code));
    for (const deleted of ['S30.1XXA', 'S30.1XXD']) assert.ok(!cm.has(deleted), deleted);
    // ICD-10-PCS table 302 offers only the percutaneous approach into peripheral and central veins.
    const openIntoVein = readDataFile<CodeRecord[]>('icd10pcs.json').filter((r) => /^302[34]0/.test(r.code));
    assert.deepEqual(openIntoVein, []);
  });
});

describe('stocks.json', () => {
  const stocks = readDataFile<{ symbol: string; name: string }[]>('stocks.json');

  test('every symbol and every company is listed once', () => {
    assert.deepEqual(duplicates(stocks.map((s) => s.symbol)), []);
    assert.deepEqual(duplicates(stocks.map((s) => s.name)), []);
  });
});

describe('cars.json and wmi.json', () => {
  const cars = readDataFile<CarRecord[]>('cars.json');
  const wmiByMake = readDataFile<Record<string, string[]>>('wmi.json');

  test("a model line's year ranges are well formed and never overlap", () => {
    const rangesOf = new Map<string, CarRecord[]>();
    for (const car of cars) {
      assert.ok(car.yearFrom <= car.yearTo, JSON.stringify(car));
      const line = key(car.make, car.model);
      rangesOf.set(line, [...(rangesOf.get(line) ?? []), car]);
    }
    for (const [line, ranges] of rangesOf) {
      const sorted = [...ranges].sort((a, b) => a.yearFrom - b.yearFrom);
      for (let i = 1; i < sorted.length; i++)
        assert.ok(sorted[i - 1].yearTo < sorted[i].yearFrom, `${line} overlaps itself`);
    }
  });

  test('a WMI is listed once per make, and shared only by makes of one manufacturer', () => {
    // FCA US (Stellantis) builds Chrysler, Dodge and Jeep under the same World Manufacturer Identifiers.
    const oneManufacturer = new Set(['Chrysler', 'Dodge', 'Jeep']);
    const makesOf = new Map<string, string[]>();
    for (const [make, codes] of Object.entries(wmiByMake)) {
      assert.deepEqual(duplicates(codes), [], make);
      for (const code of codes) makesOf.set(code, [...(makesOf.get(code) ?? []), make]);
    }
    for (const [code, makes] of makesOf) {
      if (makes.length > 1)
        assert.ok(
          makes.every((make) => oneManufacturer.has(make)),
          `${code} is given to ${makes.join(', ')}`,
        );
    }
  });
});

describe('movies.json', () => {
  const movies = readDataFile<{ title: string; genres: string }[]>('movies.json');

  test('every title (with its year) is listed once', () => {
    assert.deepEqual(duplicates(movies.map((m) => m.title)), []);
  });

  test("genres are our own vocabulary, each once, in alphabetical order (never MovieLens' IMAX)", () => {
    for (const { title, genres } of movies) {
      const labels = genres.split('|');
      for (const label of labels) assert.ok(MOVIE_GENRES.has(label), `${label} in ${title}`);
      assert.ok(!labels.includes('IMAX'), title);
      assert.deepEqual(labels, [...new Set(labels)].sort(), title);
    }
  });
});

describe('species, universities and lists', () => {
  test('animals and plants: each scientific and each common name once', () => {
    for (const file of ['animals.json', 'plants.json']) {
      const species = readDataFile<{ common: string; scientific: string }[]>(file);
      assert.deepEqual(duplicates(species.map((s) => s.scientific)), [], file);
      assert.deepEqual(duplicates(species.map((s) => s.common.toLowerCase())), [], file);
    }
  });

  test('universities: each web domain once, each name once within a country', () => {
    const universities = readDataFile<{ name: string; country: string; domain: string }[]>('universities.json');
    assert.deepEqual(duplicates(universities.map((u) => u.domain)), []);
    assert.deepEqual(duplicates(universities.map((u) => key(u.name, u.country))), []);
  });

  test('word lists: each entry once, whatever its case', () => {
    for (const file of [
      'company-names.json',
      'domains.json',
      'grocery.json',
      'job-titles.json',
      'races.json',
      'skills.json',
    ]) {
      assert.deepEqual(duplicates(readDataFile<string[]>(file).map((entry) => entry.toLowerCase())), [], file);
    }
  });

  test('credit-card brands and EIN campuses list each brand and prefix once', () => {
    assert.deepEqual(duplicates(readDataFile<{ type: string }[]>('credit-cards.json').map((card) => card.type)), []);
    // A prefix may belong to two campuses (the IRS gives some to Philadelphia and Internet), never twice to one.
    for (const [campus, prefixes] of Object.entries(readDataFile<Record<string, string[]>>('ein-prefixes.json'))) {
      assert.deepEqual(duplicates(prefixes), [], campus);
    }
  });

  test('place tables: each country code, postal pattern country and US ZIP code once', () => {
    const firstColumn = (file: string) => readDataFile<Table>(file).rows.map((row) => String(row[0]));
    assert.deepEqual(duplicates(firstColumn('places-countries.json')), []);
    assert.deepEqual(duplicates(firstColumn('postal-patterns.json')), []);
    assert.deepEqual(duplicates(readDataFile<{ columns: { zip: string[] } }>('places-us.json').columns.zip), []);
  });
});
