import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { generateObjects } from '../engine/sample.js';
import { assertDeclared } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';
import { findType } from './registry.js';

// countries-list (MIT) names each ISO 639-1 code's language: the independent check of the pairing.
const require = createRequire(import.meta.url);
const { languages } = require('countries-list') as { languages: Record<string, { name: string }> };

describe('Language Code', () => {
  const rows = generateObjects(
    [
      { name: 'language', type: 'Language' },
      { name: 'code', type: 'Language Code' },
      { name: 'country', type: 'Country Code' },
    ],
    { count: 5000, seed: 'languages' },
  ) as Record<string, string | null>[];

  test("is the ISO 639-1 code of the row's Language", () => {
    for (const row of rows) {
      if (row.language === null) assert.equal(row.code, null);
      else {
        assert.match(row.code ?? '', /^[a-z]{2}$/);
        assert.equal(languages[row.code!].name, row.language, `${row.country}: ${row.code} vs ${row.language}`);
      }
    }
    assert.ok(new Set(rows.map((r) => r.code)).size > 30);
    assertDeclared(
      'Language Code',
      rows.map((r) => r.code).filter((c): c is string => c !== null),
    );
  });

  test('follows the place restriction of other fields (countries: Germany gives de)', () => {
    const german = generateObjects(
      [
        { name: 'country', type: 'Country', countries: ['Germany'] },
        { name: 'code', type: 'Language Code' },
      ],
      { count: 200, seed: 1 },
    );
    assert.ok(german.every((row) => row.code === 'de'));
  });

  test('declares the place family it reads', () => {
    assert.equal(findType('Language Code')?.family, 'place');
  });

  testReproducibility(['Language Code']);
});
