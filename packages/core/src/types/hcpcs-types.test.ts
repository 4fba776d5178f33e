import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';
import { assertDeclared } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';
import { findType } from './registry.js';

const HCPCS = (
  JSON.parse(readFileSync(new URL('../../data/hcpcs.json', import.meta.url), 'utf8')) as { rows: [string, string][] }
).rows;

describe('HCPCS data', () => {
  test('200+ Level II codes (a letter A-V and four digits), each once, each with a name', () => {
    assert.ok(HCPCS.length >= 200, `${HCPCS.length} codes`);
    const codes = HCPCS.map(([code]) => code);
    assert.equal(new Set(codes).size, codes.length, 'a code is listed twice');
    for (const [code, name] of HCPCS) {
      assert.match(code, /^[A-V]\d{4}$/);
      assert.ok(name.trim() === name && name.length > 0, code);
    }
  });
});

describe('HCPCS family', () => {
  test("a row's HCPCS Name is its HCPCS Code's descriptor", () => {
    const names = new Map(HCPCS);
    const rows = generateObjects(
      [
        { name: 'code', type: 'HCPCS Code' },
        { name: 'name', type: 'HCPCS Name' },
      ],
      { count: 3000, seed: 'hcpcs' },
    ) as Record<string, string>[];
    for (const row of rows) assert.equal(row.name, names.get(row.code), row.code);
    assert.ok(new Set(rows.map((r) => r.code)).size > 180);
    assertDeclared(
      'HCPCS Code',
      rows.map((r) => r.code),
    );
    assertDeclared(
      'HCPCS Name',
      rows.map((r) => r.name),
    );
    for (const type of ['HCPCS Code', 'HCPCS Name']) assert.equal(findType(type)?.family, 'hcpcs', type);
  });

  testReproducibility(['HCPCS Code', 'HCPCS Name']);
});
