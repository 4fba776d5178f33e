import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';

const readData = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8')) as T;

interface DrugRecord {
  ndc: string;
  brand: string;
  generic: string;
  company: string;
}

const COUNT = 1000;
const key = (...parts: unknown[]) => JSON.stringify(parts);

describe('drug family', () => {
  const DRUGS = readData<DrugRecord[]>('drugs.json');
  const SCHEMA = [
    { name: 'brand', type: 'Drug Name (Brand)' },
    { name: 'generic', type: 'Drug Name (Generic)' },
    { name: 'company', type: 'Drug Company' },
    { name: 'ndc', type: 'FDA NDC Code' },
  ];
  const rows = generateObjects(SCHEMA, { count: COUNT, seed: 'drugs' }) as unknown as DrugRecord[];

  test('brand, generic name, company and NDC of a row come from one record of drugs.json', () => {
    const records = new Set(DRUGS.map((d) => key(d.ndc, d.brand, d.generic, d.company)));
    for (const row of rows)
      assert.ok(records.has(key(row.ndc, row.brand, row.generic, row.company)), JSON.stringify(row));
  });

  test('NDC codes have one of the three 10-digit layouts: 4-4-2, 5-3-2 or 5-4-1', () => {
    for (const { ndc } of rows) assert.match(ndc, /^(\d{4}-\d{4}-\d{2}|\d{5}-\d{3}-\d{2}|\d{5}-\d{4}-\d)$/);
  });

  test('values vary; the same seed gives the same rows', () => {
    assert.ok(new Set(rows.map((r) => r.ndc)).size > 500);
    assert.ok(new Set(rows.map((r) => r.company)).size > 50);
    assert.deepEqual(generateObjects(SCHEMA, { count: COUNT, seed: 'drugs' }), rows);
    assert.notDeepEqual(generateObjects(SCHEMA, { count: COUNT, seed: 'other' }), rows);
  });
});

interface CodeRecord {
  code: string;
  short: string;
  long: string;
}

interface CodeSet {
  file: string;
  code: string;
  long: string;
  short: string;
  /** The code's layout in the CMS files (ICD-9 and ICD-10-CM with their decimal point). */
  format: RegExp;
}

const CODE_SETS: CodeSet[] = [
  {
    file: 'icd10cm.json',
    code: 'ICD10 Diagnosis Code',
    long: 'ICD10 Dx Desc (Long)',
    short: 'ICD10 Dx Desc (Short)',
    format: /^[A-Z]\d[0-9A-Z](\.[0-9A-Z]{1,4})?$/,
  },
  {
    file: 'icd10pcs.json',
    code: 'ICD10 Procedure Code',
    long: 'ICD10 Proc Desc (Long)',
    short: 'ICD10 Proc Desc (Short)',
    format: /^[0-9A-HJ-NP-Z]{7}$/,
  },
  {
    file: 'icd9dx.json',
    code: 'ICD9 Diagnosis Code',
    long: 'ICD9 Dx Desc (Long)',
    short: 'ICD9 Dx Desc (Short)',
    format: /^(\d{3}|V\d{2}|E\d{3})(\.\d{1,2})?$/,
  },
  {
    file: 'icd9px.json',
    code: 'ICD9 Procedure Code',
    long: 'ICD9 Proc Desc (Long)',
    short: 'ICD9 Proc Desc (Short)',
    format: /^\d{2}(\.\d{1,2})?$/,
  },
];

for (const set of CODE_SETS) {
  describe(`${set.code} family`, () => {
    const SCHEMA = [
      { name: 'long', type: set.long },
      { name: 'code', type: set.code },
      { name: 'short', type: set.short },
    ];

    test(`code and both descriptions of a row come from one record of ${set.file}`, () => {
      const records = new Set(readData<CodeRecord[]>(set.file).map((r) => key(r.code, r.short, r.long)));
      const rows = generateObjects(SCHEMA, { count: COUNT, seed: set.file }) as unknown as CodeRecord[];
      for (const row of rows) assert.ok(records.has(key(row.code, row.short, row.long)), JSON.stringify(row));
      for (const row of rows) assert.match(row.code, set.format);
      assert.ok(new Set(rows.map((r) => r.code)).size > 500, 'codes vary');
    });

    test('reproducible for a seed', () => {
      const rows = generateObjects(SCHEMA, { count: 100, seed: 3 });
      assert.deepEqual(generateObjects(SCHEMA, { count: 100, seed: 3 }), rows);
      assert.notDeepEqual(generateObjects(SCHEMA, { count: 100, seed: 4 }), rows);
    });
  });
}

test('the four code sets are independent families: their records are not drawn together', () => {
  const fields = CODE_SETS.map((set, i) => ({ name: `c${i}`, type: set.code }));
  // Each code's relative position in its file, 0 to 1: one draw shared by two families would
  // put both codes of a row at (almost) the same relative position.
  const positions = CODE_SETS.map((set) => {
    const records = readData<CodeRecord[]>(set.file);
    return new Map(records.map((r, i) => [r.code, i / records.length]));
  });
  const rows = generateObjects(fields, { count: COUNT, seed: 'independent' });
  const relative = rows.map((row) => CODE_SETS.map((_set, i) => positions[i].get(row[`c${i}`] as string)!));
  for (let a = 0; a < CODE_SETS.length; a++) {
    for (let b = a + 1; b < CODE_SETS.length; b++) {
      const close = relative.filter((r) => Math.abs(r[a] - r[b]) < 0.01).length;
      assert.ok(
        close < COUNT * 0.1,
        `${CODE_SETS[a].code} and ${CODE_SETS[b].code} move together (${close} of ${COUNT})`,
      );
    }
  }
});
