/**
 * End to end: generated rows, through generate() and every writer, parsed back by real parsers,
 * give the same values as the object view (generateObjects) of the same seed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Database from 'better-sqlite3';
import { generate } from './generate.js';
import { generateObjects } from './sample.js';

const HOSTILE = [
  'a,b',
  'say "hi"',
  "it's",
  'tab\there',
  'line\nbreak',
  'cr\r\nlf',
  '<&>',
  'emoji 😀🎉',
  'x'.repeat(20000),
  '',
  ' padded ',
];
const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'text', type: 'Custom List', values: HOSTILE, selectionStyle: 'sequential' },
  { name: 'name', type: 'Full Name' },
  { name: 'maybe', type: 'Number', min: -5, max: 5, decimals: 2, percentBlank: 30 },
  { name: 'flag', type: 'Boolean' },
  { name: 'when', type: 'Datetime', min: '01/01/2020', max: '12/31/2020' },
];
const COUNT = HOSTILE.length * 3;
const SEED = 'formats';
const expected = generateObjects(FIELDS, { count: COUNT, seed: SEED });

async function output(format: 'json' | 'csv' | 'txt' | 'custom' | 'sql' | 'xml', extra: object = {}): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of generate({ fields: FIELDS, count: COUNT, seed: SEED, writer: { format, ...extra } }).stream)
    chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The values as text, the way flat formats carry them (null -> ''). */
function asText(row: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

describe('every format carries generated values intact', () => {
  test('json', async () => {
    assert.deepEqual(JSON.parse(await output('json')), expected);
  });

  for (const [format, options, parseOptions] of [
    ['csv', {}, {}],
    ['txt', {}, { delimiter: '\t' }],
    [
      'custom',
      { delimiter: '||', quoteChar: "'", lineEnding: 'windows' },
      { delimiter: '||', quote: "'", escape: "'", record_delimiter: '\r\n' },
    ],
  ] as const) {
    test(format, async () => {
      const rows = parse(await output(format, options), {
        columns: true,
        relax_column_count: false,
        ...parseOptions,
      }) as Record<string, string>[];
      assert.deepEqual(rows, expected.map(asText));
    });
  }

  test('sql (executed by SQLite)', async () => {
    const db = new Database(':memory:');
    db.exec(await output('sql', { createTable: true, table: 'people' }));
    const rows = db.prepare('select * from people order by id').all() as Record<string, unknown>[];
    assert.deepEqual(
      rows.map((r) => ({ ...r, flag: r.flag === null ? null : r.flag === 1 })),
      expected,
    );
  });

  test('xml', async () => {
    const text = await output('xml', { rootElement: 'people', recordElement: 'person' });
    assert.equal(XMLValidator.validate(text), true);
    const parsed = new XMLParser({ parseTagValue: false, trimValues: false, htmlEntities: true }).parse(text) as {
      people: { person: Record<string, string>[] };
    };
    const rows = parsed.people.person.map((r) => ({
      id: r.id,
      text: r.text ?? '',
      name: r.name,
      maybe: r.maybe ?? '',
      flag: r.flag,
      when: r.when,
    }));
    // XML normalises CR LF to LF unless escaped; we escape CR, so values come back exactly.
    assert.deepEqual(rows, expected.map(asText));
  });
});
