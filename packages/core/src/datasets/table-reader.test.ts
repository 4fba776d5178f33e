import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { stringify } from 'csv-stringify/sync';
import { DatasetParseError, DatasetTooLargeError } from './dataset-errors.js';
import { MAX_DATASET_COLUMN_NAME_BYTES, MAX_DATASET_COLUMNS, MAX_DATASET_VALUE_BYTES } from './dataset-limits.js';
import { parseDataset } from './parse-dataset.js';
import { StoredTableWriter } from './stored-table.js';
import { TableReader } from './table-reader.js';

type Outcome =
  | { columns: string[]; rows: string[][]; preview: string[][]; bytes: number }
  | { error: string; limit?: string; allowed?: number };

/** The server's way: chunk by chunk (sizes cycling through `chunks`), into the stored form. */
async function readStreaming(
  text: string | Buffer,
  filename: string | null,
  chunks: number[] = [65536],
  allowedBytes: number | null = null,
): Promise<Outcome> {
  const writer = new StoredTableWriter(allowedBytes);
  let reported: unknown = null;
  const reader = new TableReader(writer, filename, 'the body', (error) => (reported = error));
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = Math.max(1, chunks[i % chunks.length]);
    reader.write(bytes.subarray(at, at + size));
    at += size;
    if (reported !== null) break;
  }
  try {
    await reader.end();
  } catch (error) {
    assert.equal(error, reported, 'the failure thrown is the one reported');
    return outcomeOf(error);
  }
  const stored = writer.finish();
  const rowsText = Buffer.from(stored.rowsJson).toString('utf8');
  const rows = JSON.parse(rowsText) as string[][];
  assert.equal(stored.columnsJson, JSON.stringify(stored.columns));
  assert.equal(rowsText, JSON.stringify(rows), 'the stored text is JSON.stringify of the rows');
  assert.equal(stored.bytes, Buffer.byteLength(stored.columnsJson) + Buffer.byteLength(rowsText));
  assert.equal(stored.rowCount, rows.length);
  return { columns: stored.columns, rows, preview: JSON.parse(stored.previewJson) as string[][], bytes: stored.bytes };
}

/** The command line's way: the whole text at once. */
function readWhole(text: string, filename: string | null): Outcome {
  try {
    const table = parseDataset(text, filename);
    const bytes = Buffer.byteLength(JSON.stringify(table.columns)) + Buffer.byteLength(JSON.stringify(table.rows));
    return { columns: table.columns, rows: table.rows, preview: table.rows.slice(0, 10), bytes };
  } catch (error) {
    return outcomeOf(error);
  }
}

function outcomeOf(error: unknown): Outcome {
  if (error instanceof DatasetParseError)
    return { error: error.message, ...(error.limit ? { limit: error.limit, allowed: error.allowed } : {}) };
  if (error instanceof DatasetTooLargeError) return { error: `too large: ${error.message}` };
  throw error;
}

const cell = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('', ' ', 'a,b', 'say "hi"', 'two\nlines', 'tab\there', 'é€😀', '\r\n', '\uFEFF'),
);

describe('reading uploaded tables', () => {
  test('streamed in any chunks, a table reads exactly as the whole text does (rows, errors and line numbers)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom(',', '\t'),
        fc.boolean(),
        fc.constantFrom<string | null>(null, 'data.csv', 'data.txt'),
        async (records, chunks, delimiter, bom, filename) => {
          // Ragged records, repeated or empty names and bad quoting all occur: both readers must agree on them too.
          const text =
            (bom ? '\uFEFF' : '') +
            stringify(records, { delimiter, record_delimiter: fc.sample(fc.constantFrom('\n', '\r\n'), 1)[0] });
          assert.deepEqual(await readStreaming(text, filename, chunks), readWhole(text, filename));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the old rules hold: separators, BOM, quoting, ragged rows, names; empty and header-only tables', async () => {
    const cases: [string, string | null, Outcome][] = [
      [
        '\uFEFFid\tname\n1\tAnn "A"\n',
        null,
        { columns: ['id', 'name'], rows: [['1', 'Ann "A"']], preview: [['1', 'Ann "A"']], bytes: 13 + 19 },
      ],
      [
        ' id , name \n1,"a,b"\n',
        'x.TXT',
        { columns: ['id', 'name'], rows: [['1', 'a,b']], preview: [['1', 'a,b']], bytes: 13 + 13 },
      ],
      [
        '  \r\n\n',
        null,
        { error: 'the body is empty; send the table as CSV (or tab-separated text) with a header row of column names' },
      ],
      [
        'a,b\n',
        null,
        { error: 'the table has a header row but no data rows; add at least one row of values below the column names' },
      ],
      [
        'a,b,a\n1,2,3\n',
        null,
        { error: 'column name "a" appears twice in the header row (columns 1 and 3); column names must be unique' },
      ],
      [
        'a, ,c\n1,2,3\n',
        null,
        { error: 'column 2 of the header row has no name; the first row must name every column' },
      ],
      [
        'a,b\n1,2\n\n3\n',
        null,
        {
          error:
            'line 4 has 1 value but the header row has 2 columns; every row needs one value per column (leave a value empty, not out)',
        },
      ],
    ];
    for (const [text, filename, expected] of cases) {
      assert.deepEqual(await readStreaming(text, filename, [3]), expected, text);
      assert.deepEqual(readWhole(text, filename), expected, text);
    }
    const bad = await readStreaming('a,b\n1,"x\n', null);
    assert.match(
      (bad as { error: string }).error,
      /^the body is not valid CSV \(line \d\): .*; quote values that contain the separator/,
    );
  });

  test('the caps: columns, column name bytes and value bytes are refused naming the line, the column and the limit', async () => {
    const wide = Array.from({ length: MAX_DATASET_COLUMNS + 1 }, (_, i) => `c${i}`).join(',');
    const longName = 'n'.repeat(MAX_DATASET_COLUMN_NAME_BYTES - 1) + 'é';
    const longValue = 'v'.repeat(MAX_DATASET_VALUE_BYTES - 1) + '€';
    const cases: [string, Outcome][] = [
      [
        `${wide}\n${wide}\n`,
        {
          error: `the header row has ${MAX_DATASET_COLUMNS + 1} columns; a dataset may have at most ${MAX_DATASET_COLUMNS}: split the table, or leave out the columns no schema reads`,
          limit: 'datasetColumns',
          allowed: MAX_DATASET_COLUMNS,
        },
      ],
      [
        `id,${longName}\n1,2\n`,
        {
          error: `column 2 of the header row ("${'n'.repeat(40)}...") is a name of ${MAX_DATASET_COLUMN_NAME_BYTES + 1} bytes; a column name may have at most ${MAX_DATASET_COLUMN_NAME_BYTES}: shorten it`,
          limit: 'datasetColumnNameBytes',
          allowed: MAX_DATASET_COLUMN_NAME_BYTES,
        },
      ],
      [
        `id,text\n1,ok\n2,"${longValue}"\n`,
        {
          error: `line 3, column 2 ("text"): the value is ${MAX_DATASET_VALUE_BYTES + 2} bytes long; a value may have at most ${MAX_DATASET_VALUE_BYTES} bytes: shorten it`,
          limit: 'datasetValueBytes',
          allowed: MAX_DATASET_VALUE_BYTES,
        },
      ],
    ];
    for (const [text, expected] of cases) {
      assert.deepEqual(await readStreaming(text, null, [1000]), expected);
      assert.deepEqual(readWhole(text, null), expected);
    }
    // At the caps exactly, the table is read.
    const atCaps = `${'n'.repeat(MAX_DATASET_COLUMN_NAME_BYTES)}\n${'v'.repeat(MAX_DATASET_VALUE_BYTES)}\n`;
    assert.equal(
      ((await readStreaming(atCaps, null)) as { rows: string[][] }).rows[0][0].length,
      MAX_DATASET_VALUE_BYTES,
    );
  });

  test('a header of a million columns is refused at the header, in one pass (no comparison of every pair)', async () => {
    const header = Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(',');
    const started = performance.now();
    const outcome = await readStreaming(`${header}\n1\n`, null);
    assert.equal((outcome as { limit?: string }).limit, 'datasetColumns');
    assert.match((outcome as { error: string }).error, /the header row has 1000000 columns/);
    // Not a timing threshold of the test's pass: a quadratic check would take hours, not seconds.
    assert.ok(performance.now() - started < 60_000);
  });

  test('a table that takes more than it is allowed as stored is refused at the row that passes it, before the rest is read', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => String(i));
    const text = `n\n${rows.join('\n')}\n`;
    const whole = (await readStreaming(text, null)) as { bytes: number };
    // Exactly the stored size fits; a byte less does not.
    assert.equal(((await readStreaming(text, null, [65536], whole.bytes)) as { bytes: number }).bytes, whole.bytes);
    const writer = new StoredTableWriter(100);
    let reported: unknown = null;
    const reader = new TableReader(writer, null, 'the body', (error) => (reported = error));
    reader.write(Buffer.from(text));
    assert.ok(reported instanceof DatasetTooLargeError);
    // ["n"] is 5 bytes; [["0"],...,["9"] 60, then ,["10"] 7 each: with the closing bracket, row 15 (line 16) passes 100.
    assert.deepEqual({ line: reported.line, rows: reported.rows }, { line: 16, rows: 15 });
    await assert.rejects(reader.end(), (error) => error === reported);
    assert.deepEqual(await readStreaming(text, null, [7], whole.bytes - 1).then((o) => 'error' in o), true);
  });
});
