/**
 * Property: the byte engine writes exactly the bytes of the writer's text, for every registered
 * type in every format that has a byte layout, with and without options that change quoting:
 * its own values (written from a byte form where the type has one), values another field reads
 * (generated, then written from the value), blanks, and a formula's hostile text in its place.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ByteOut } from '../bytes/byte-out.js';
import { exampleRelations } from '../catalogue/catalogue.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { compileSchema } from '../schema/compile.js';
import type { CompileOptions } from '../schema/compile-options.js';
import { ALL_TYPES } from '../types/registry.js';
import { createWriter } from '../writers/index.js';
import type { WriterOptions } from '../writers/writer.js';
import { ByteRows } from './byte-rows.js';
import { projectRelations } from './relation-runtime.js';
import { RowEngine } from './row-engine.js';
import { resolveSeed } from './seed.js';

const HOSTILE = ['a,b', 'say "hi"', 'tab\there', 'line\nbreak', 'emoji 😀', 'lone \uD800', '=1+2', '', '\\', 'Łódź'];
const ROWS = 120;
const SEED = 'byte-rows';

const WRITERS: Omit<WriterOptions, 'count'>[] = [
  { format: 'csv' },
  { format: 'csv', neutralizeFormulas: true, lineEnding: 'windows' },
  { format: 'txt' },
  { format: 'custom', delimiter: ';' },
  // A delimiter that numbers and names contain: their text needs quoting then.
  { format: 'custom', delimiter: '.', quoteChar: "'" },
  { format: 'custom', delimiter: 'a' },
  { format: 'json' },
  { format: 'jsonl' },
  { format: 'sql', table: 'people', createTable: true },
  { format: 'xml', rootElement: 'people', recordElement: 'person' },
  { format: 'cql', keyspace: 'shop', table: 'people' },
  { format: 'dbunit', table: 'people' },
  { format: 'firebase' },
  { format: 'firebase', firebaseKey: 'row_number' },
];

function fieldsFor(type: TypeDefinition): unknown[] {
  const params = type.exampleParams ?? {};
  return [
    { name: 'id', type: 'Row Number' },
    { name: 'example_row', type: 'Row Number' },
    { name: '__hostile', type: 'Custom List', values: HOSTILE, selectionStyle: 'sequential' },
    { name: 'own', type: type.name, ...params },
    // Read by the Template below: generated, and written from its value.
    { name: 'read', type: type.name, ...params },
    { name: 'reads', type: 'Template', value: '<{read}>' },
    { name: 'blanks', type: type.name, ...params, percentBlank: 30 },
    { name: 'replaced', type: type.name, ...params, formula: '__hostile' },
  ];
}

function compileOptions(type: TypeDefinition, fields: unknown[]): CompileOptions {
  const base: CompileOptions = {
    datasets: type.exampleDatasets,
    scenarios: type.exampleScenarios,
    startedAtMs: Date.UTC(2026, 0, 1),
  };
  const relations = exampleRelations(type, fields, SEED);
  return relations ? { ...base, relations: projectRelations(relations, base) } : base;
}

/** The rows as the writer's text (what every format wrote before the byte engine) and as bytes. */
function bothWays(fields: unknown[], options: CompileOptions, writerOptions: Omit<WriterOptions, 'count'>) {
  const plan = compileSchema(fields, options);
  const writer = createWriter(plan.shape, { ...writerOptions, count: ROWS });
  const seed = resolveSeed(SEED).key;
  const textEngine = new RowEngine(plan, seed);
  let text = '';
  for (let i = 0; i < ROWS; i++) text += writer.row(textEngine.row(i), i);
  const rows = ByteRows.of(new RowEngine(plan, seed), writer);
  if (rows === null) return null;
  const out = new ByteOut(Buffer.alloc(16));
  for (let i = 0; i < ROWS; i++) rows.write(i, out);
  return { text: Buffer.from(text, 'utf8'), bytes: out.buffer.subarray(0, out.used), rows };
}

describe('the byte engine writes exactly the text writers write', () => {
  for (const type of ALL_TYPES) {
    test(type.name, () => {
      const fields = fieldsFor(type);
      const options = compileOptions(type, fields);
      // Without the formula the rows may be small, and the template is then written as bytes too.
      const withoutFormula = fields.filter((field) => (field as { name: string }).name !== 'replaced');
      for (const writerOptions of WRITERS) {
        for (const schema of [fields, withoutFormula]) {
          const both = bothWays(schema, options, writerOptions);
          if (both === null) continue;
          assert.ok(
            both.bytes.equals(both.text),
            `${type.name} as ${JSON.stringify(writerOptions)}:\n${both.bytes}\n---\n${both.text}`,
          );
        }
      }
    });
  }

  test('the standard schema is written from byte forms where nothing reads the field, in CSV and JSON', () => {
    const fields = JSON.parse(readFileSync(new URL('../../bench/standard-schema.json', import.meta.url), 'utf8'));
    for (const format of ['csv', 'json'] as const) {
      const both = bothWays(fields, {}, { format });
      assert.ok(both !== null, `${format} has a byte layout`);
      assert.ok(both.bytes.equals(both.text));
      // All but id and last_name, which the template reads; the salary is written as digits.
      assert.deepEqual(both.rows.emittedColumns(), [
        'first_name',
        'email',
        'gender',
        'ip_address',
        'birth_date',
        'city',
        'code',
      ]);
    }
  });

  test('a template is written from its byte form only where rows are small (its value charges the row budget)', () => {
    const fields = [
      { name: 'id', type: 'Row Number' },
      { name: 'code', type: 'Template', value: 'A-{id}' },
      { name: 'note', type: 'Formula', value: "'x' * 3" },
    ];
    const both = bothWays(fields, {}, { format: 'csv' });
    assert.ok(both !== null && both.bytes.equals(both.text));
    assert.deepEqual(both.rows.emittedColumns(), []);
    const small = bothWays(fields.slice(0, 2), {}, { format: 'csv' });
    assert.deepEqual(small?.rows.emittedColumns(), ['code']);
  });

  test('an XML record whose values are all null is <record/>, as the writer writes it', () => {
    const fields = [
      { name: 'a', type: 'First Name', percentBlank: 80 },
      { name: 'b', type: 'Number', percentBlank: 80 },
    ];
    const both = bothWays(fields, {}, { format: 'xml' });
    assert.ok(both !== null && both.bytes.equals(both.text));
    assert.match(both.text.toString(), /<record\/>\n/);
  });

  test('formats whose rows vary have no byte layout and keep the text path', () => {
    const fields = [
      { name: 'id', type: 'Row Number' },
      { name: 'name', type: 'First Name' },
    ];
    assert.equal(bothWays(fields, {}, { format: 'json', includeNulls: false }), null);
    assert.equal(bothWays([...fields, { name: 'a.b', type: 'City' }], {}, { format: 'xml' }), null);
    assert.equal(bothWays([{ name: 'only', type: 'First Name' }], {}, { format: 'csv' }), null);
    assert.equal(bothWays([...fields, { name: 'a.b', type: 'City' }], {}, { format: 'json' }), null);
  });
});
