/**
 * Property: for every registered type, its own values and a formula's hostile text in its place
 * come back intact from every format, read by a real parser (JSON.parse, csv-parse, SQLite,
 * fast-xml-parser). Writers skip escaping only for values a type itself produced; a formula
 * can return anything, so this test fails if a writer trusts a type's declared characters for a
 * field whose formula replaced its value.
 */
import { textFormValue } from '../testing/type-values.js';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Database from 'better-sqlite3';
import { generate, type GenerateRequest } from './generate.js';
import { generateObjects } from './sample.js';
import { exampleRelations } from '../catalogue/catalogue.js';
import { ALL_TYPES } from '../types/registry.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import type { OutputFormat } from '../writers/writer.js';
import { sheetRows } from '../writers/xlsx-testing.js';

/** Text a formula returns in place of the type's value: every format's special characters. */
const HOSTILE = [
  'a,b',
  'say "hi"',
  "it's",
  'semi;colon',
  'tab\there',
  'line\nbreak',
  'cr\r\nlf',
  '<&>',
  ']]>',
  'emoji 😀🎉',
  'lone \uD800 high',
  'lone \uDC00 low',
  '=1+2',
  '',
  ' padded ',
  '\\back\\slash',
];
const COUNT = HOSTILE.length;
const SEED = 'every-type-formats';

function fieldsFor(type: TypeDefinition): unknown[] {
  const params = type.exampleParams ?? {};
  return [
    { name: 'id', type: 'Row Number' },
    // The catalogue's examples may refer to this field (catalogue/catalogue.ts).
    { name: 'example_row', type: 'Row Number' },
    { name: '__hostile', type: 'Custom List', values: HOSTILE, selectionStyle: 'sequential' },
    { name: 'own', type: type.name, ...params },
    { name: 'replaced', type: type.name, ...params, formula: '__hostile' },
    { name: 'mixed', type: type.name, ...params, formula: 'concat(this, __hostile)' },
  ];
}

async function outputBytes(type: TypeDefinition, format: OutputFormat, extra: object = {}): Promise<Buffer> {
  const request: GenerateRequest = {
    fields: fieldsFor(type),
    count: COUNT,
    seed: SEED,
    datasets: type.exampleDatasets,
    scenarios: type.exampleScenarios,
    writer: { format, ...extra },
    // A type that reads other tables is tried in its example project (catalogue.ts).
    relations: exampleRelations(type, fieldsFor(type), SEED),
  };
  const chunks: Buffer[] = [];
  for await (const chunk of generate(request).stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function output(type: TypeDefinition, format: OutputFormat, extra: object = {}): Promise<string> {
  return (await outputBytes(type, format, extra)).toString('utf8');
}

/** UTF-8 cannot carry a lone surrogate: encoding gives U+FFFD, as documented. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A value as flat formats write it: null empty, objects and arrays as JSON text. */
function flatText(value: unknown): string {
  value = textFormValue(value);
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return wellFormed(JSON.stringify(value));
  return wellFormed(String(value));
}

/** XML 1.0 cannot carry control characters (but tab, LF, CR), lone surrogates or U+FFFE/U+FFFF: they are dropped. */
function xmlText(value: unknown): string {
  value = textFormValue(value);
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

const COLUMNS = ['id', 'example_row', 'own', 'replaced', 'mixed'] as const;

/** SQL Expression values are SQL code by design, bare in SQL output: only its text columns are compared there. */
function writesCode(type: TypeDefinition): boolean {
  return type.name === 'SQL Expression';
}

const types = ALL_TYPES.filter((t) => t.structure !== 'items');

describe('every type, with and without a hostile formula, survives every format', () => {
  for (const type of types) {
    test(type.name, async () => {
      const expected = generateObjects(fieldsFor(type), {
        count: COUNT,
        seed: SEED,
        datasets: type.exampleDatasets,
        scenarios: type.exampleScenarios,
        relations: exampleRelations(type, fieldsFor(type), SEED),
      });
      // The formula's text really is in the rows (a formula that silently did nothing would pass the rest).
      assert.deepEqual(
        expected.map((r) => r.replaced),
        HOSTILE,
      );

      assert.deepEqual(JSON.parse(await output(type, 'json')), expected, 'json');

      const flat = expected.map((row) => COLUMNS.map((c) => flatText(row[c])));
      for (const [format, options, parseOptions] of [
        ['csv', {}, {}],
        ['txt', {}, { delimiter: '\t' }],
        [
          'custom',
          { delimiter: ';', quoteChar: "'", lineEnding: 'windows' },
          { delimiter: ';', quote: "'", escape: "'", record_delimiter: '\r\n' },
        ],
      ] as const) {
        const rows = parse(await output(type, format, options), {
          from_line: 2,
          relax_column_count: false,
          ...parseOptions,
        }) as string[][];
        assert.deepEqual(rows, flat, format);
      }

      const db = new Database(':memory:');
      db.exec(await output(type, 'sql', { createTable: true, table: 't' }));
      const sqlRows = db.prepare('select * from t order by id').all() as Record<string, unknown>[];
      const sqlColumns = writesCode(type) ? (['id', 'replaced'] as const) : COLUMNS;
      const sqlValue = (v: unknown) =>
        v === null ? '' : typeof v === 'boolean' ? String(Number(v)) : flatText(v).replace(/\0/g, '');
      assert.deepEqual(
        sqlRows.map((r) => sqlColumns.map((c) => (r[c] === null ? '' : String(r[c])))),
        expected.map((r) => sqlColumns.map((c) => sqlValue(r[c]))),
        'sql',
      );

      const xml = await output(type, 'xml');
      assert.equal(XMLValidator.validate(xml), true, 'xml is well-formed');
      const parsed = new XMLParser({
        parseTagValue: false,
        trimValues: false,
        htmlEntities: true,
        isArray: (name) => name === 'record',
      }).parse(xml) as {
        dataset: { record: Record<string, string>[] };
      };
      assert.deepEqual(
        parsed.dataset.record.map((r) => COLUMNS.map((c) => r[c] ?? '')),
        expected.map((r) => COLUMNS.map((c) => xmlText(r[c]))),
        'xml',
      );

      const lines = await output(type, 'jsonl');
      assert.deepEqual(
        lines
          .split('\n')
          .slice(0, -1)
          .map((line) => JSON.parse(line)),
        expected,
        'jsonl',
      );
      assert.deepEqual(Object.values(JSON.parse(await output(type, 'firebase'))), expected, 'firebase');

      // CQL's constants follow SQL's rules for flat rows: SQLite runs the statements.
      const cql = new Database(':memory:');
      cql.exec(`create table mock_data (${COLUMNS.join(', ')})`);
      cql.exec(await output(type, 'cql'));
      const cqlRows = cql.prepare('select * from mock_data order by id').all() as Record<string, unknown>[];
      assert.deepEqual(
        cqlRows.map((r) => sqlColumns.map((c) => (r[c] === null ? '' : String(r[c])))),
        expected.map((r) => sqlColumns.map((c) => sqlValue(r[c]))),
        'cql',
      );

      const dbunit = await output(type, 'dbunit');
      assert.equal(XMLValidator.validate(dbunit), true, 'dbunit is well-formed');
      const table = (
        new XMLParser({
          ignoreAttributes: false,
          attributeNamePrefix: '',
          parseAttributeValue: false,
          trimValues: false,
          htmlEntities: true,
          isArray: (name) => name === 'MOCK_DATA',
        }).parse(dbunit) as {
          dataset: { MOCK_DATA: Record<string, string>[] };
        }
      ).dataset.MOCK_DATA;
      assert.deepEqual(
        table.map((r) => COLUMNS.map((c) => r[c] ?? '')),
        expected.map((r) => COLUMNS.map((c) => xmlText(r[c]))),
        'dbunit',
      );

      // Cells keep their types; text comes back whole (Excel's escapes carry what XML cannot).
      const cells = sheetRows(await outputBytes(type, 'xlsx'));
      assert.deepEqual(cells[0], [...COLUMNS]);
      assert.deepEqual(
        cells.slice(1),
        expected.map((r) =>
          COLUMNS.map((c) => textFormValue(r[c])).map((v) =>
            v === null ? undefined : typeof v === 'object' ? JSON.stringify(v) : v,
          ),
        ),
        'xlsx',
      );
    });
  }
});
