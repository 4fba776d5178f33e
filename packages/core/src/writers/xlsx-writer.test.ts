import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { RecordShape } from '../kernel/shape.js';
import { ItemList, Verbatim, type Value } from '../kernel/values.js';
import { checkWriterOptions, createWriter } from './index.js';
import { assertRangesJoin, field, items, plainObject, richRows, richShape, stringColumns } from './writer-fixtures.js';
import type { WriterOptions } from './writer.js';
import { columnLetters } from './xlsx-writer.js';
import { MAX_CELL_CHARACTERS, MAX_SHEET_ROWS } from './xlsx-text.js';
import { packXlsx } from './xlsx-package.js';
import { collect, readWorkbook, sheetRows, zipEntries } from './xlsx-testing.js';

/** The xlsx file of these rows: the writer's sheet XML, packed. */
async function xlsxFile(
  shape: RecordShape,
  rows: readonly Value[][],
  extra: Partial<WriterOptions> = {},
): Promise<Buffer> {
  const writer = createWriter(shape, { format: 'xlsx', count: rows.length, ...extra });
  const text = writer.begin() + rows.map((r, i) => writer.row(r as Value[], i)).join('') + writer.end();
  return collect(
    writer.pack!(
      (async function* () {
        yield text;
      })(),
    ),
  );
}

async function sheetXml(file: Buffer): Promise<string> {
  return (await zipEntries(file)).get('xl/worksheets/sheet1.xml')!.toString('utf8');
}

describe('xlsx writer', () => {
  test('a real spreadsheet reader gets the header and every value with its type: numbers, booleans, text, empty cells for nulls', async () => {
    const shape = {
      nodes: [
        field('id', 0, 'integer'),
        field('name', 1),
        field('score', 2, 'number'),
        field('ok', 3, 'boolean'),
        field('note', 4),
      ],
    };
    const rows: Value[][] = [
      [1, 'Ann', 3.25, true, null],
      [2, '', -0.5, false, 'x'],
      [3, null, 1e21, null, '42'],
    ];
    const file = await xlsxFile(shape, rows);
    assert.deepEqual(sheetRows(file), [
      ['id', 'name', 'score', 'ok', 'note'],
      [1, 'Ann', 3.25, true, undefined],
      [2, '', -0.5, false, 'x'],
      [3, undefined, 1e21, undefined, '42'],
    ]);
    const sheet = readWorkbook(file).Sheets.MOCK_DATA;
    assert.equal(sheet.A2.t, 'n');
    assert.equal(sheet.D2.t, 'b');
    assert.equal(sheet.E4.t, 's', 'text that looks like a number stays text');
    assert.equal(sheet.E2, undefined, 'a null is no cell at all');
    assert.equal(sheet.B3.t, 's', 'an empty string is a text cell');
  });

  test('text starting with = + - @ is a string cell, never a formula', async () => {
    const injections = ['=1+1', '=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', "=cmd|' /C calc'!A0"];
    const file = await xlsxFile(
      stringColumns(1),
      injections.map((v) => [v]),
    );
    const xml = await sheetXml(file);
    assert.equal(/<f[ >]/.test(xml), false, 'no formula element anywhere');
    const sheet = readWorkbook(file).Sheets.MOCK_DATA;
    injections.forEach((value, i) => {
      const cell = sheet[`A${i + 2}`];
      assert.equal(cell.t, 's', value);
      assert.equal(cell.v, value);
      assert.equal(cell.f, undefined, `${value} has no formula`);
    });
  });

  test('hostile text round-trips: quotes, <&>, ]]>, tabs, line breaks, CR, control characters, _x0041_, lone surrogates, edge spaces, emoji', async () => {
    const values = [
      '"q" \'a\' <b> & ]]>',
      'tab\tline\nbreak\r\nend',
      'bell\u0007 nul\u0000 esc\u001b',
      'looks escaped _x0041_ and _x005F_x0041_ and _xZZZZ_',
      'lone \ud800 high \udc00 low \uffff',
      '  padded  ',
      '\nstarts with a line break',
      'emoji 😀 and 中文',
    ];
    const file = await xlsxFile(
      stringColumns(1),
      values.map((v) => [v]),
    );
    assert.deepEqual(
      sheetRows(file)
        .slice(1)
        .map((r) => r[0]),
      values,
    );
  });

  test("text beyond Excel's 32,767 characters is cut there, never through a surrogate pair", async () => {
    const long = 'a'.repeat(MAX_CELL_CHARACTERS + 10);
    const pairAtLimit = 'b'.repeat(MAX_CELL_CHARACTERS - 1) + '😀tail';
    const fits = 'c'.repeat(MAX_CELL_CHARACTERS);
    const rows = sheetRows(await xlsxFile(stringColumns(3), [[long, pairAtLimit, fits]]));
    assert.equal(rows[1][0], 'a'.repeat(MAX_CELL_CHARACTERS));
    assert.equal(rows[1][1], 'b'.repeat(MAX_CELL_CHARACTERS - 1), 'the pair does not fit: it goes whole');
    assert.equal(rows[1][2], fits);
  });

  test('objects are dotted columns, lists and JSON Arrays their JSON text (as in csv); code() values are text', async () => {
    const rows = sheetRows(await xlsxFile(richShape, richRows));
    assert.deepEqual(rows[0], [
      'id',
      'first_name',
      'address.city',
      'address.zip',
      'address.kind',
      'tags',
      'friends',
      'active',
      'score',
      'code',
      'note',
    ]);
    const first = plainObject(richShape.nodes, richRows[0]) as Record<string, Record<string, unknown>>;
    assert.deepEqual(rows[1].slice(0, 10), [
      1,
      'O\'Brien, "Pat"',
      'Tab\there',
      '12\r\n34',
      'home & <work>',
      JSON.stringify(first.tags),
      JSON.stringify(first.friends),
      true,
      3.25,
      '1 + 2',
    ]);
    assert.equal(rows[2][10], (richRows[1][10] as string).slice(0, MAX_CELL_CHARACTERS));
    const nested = { nodes: [items('list', 0, [field('x', 0)])] };
    assert.deepEqual(sheetRows(await xlsxFile(nested, [[new ItemList([['a'], [null]])]]))[1], [
      '[{"x":"a"},{"x":null}]',
    ]);
    assert.deepEqual(sheetRows(await xlsxFile(stringColumns(1), [[new Verbatim('now()', true)]]))[1], ['now()']);
  });

  test('the sheet is named by sheet_name (default MOCK_DATA); header off starts data on row 1; the header is bold and frozen', async () => {
    const file = await xlsxFile(stringColumns(2), [['a', 'b']], { sheetName: "Q1 & 'data' <x>", includeHeader: false });
    assert.deepEqual(readWorkbook(file).SheetNames, ["Q1 & 'data' <x>"]);
    assert.deepEqual(sheetRows(file), [['a', 'b']]);
    const withHeader = await sheetXml(await xlsxFile(stringColumns(1), [['a']]));
    assert.match(withHeader, /<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>/);
    assert.match(withHeader, /<c r="A1" s="1" t="inlineStr"><is><t>c0<\/t><\/is><\/c>/);
  });

  test('sheet names and row counts Excel refuses are rejected, naming the parameter', () => {
    for (const name of ['', 'a'.repeat(32), 'a/b', 'a:b', 'a[1]', "'quoted'", 'History', 'tab\there']) {
      assert.throws(
        () => checkWriterOptions({ format: 'xlsx', count: 1, sheetName: name }),
        /^RangeError: sheet_name /,
        JSON.stringify(name),
      );
    }
    assert.doesNotThrow(() => checkWriterOptions({ format: 'xlsx', count: MAX_SHEET_ROWS - 1 }));
    assert.throws(
      () => checkWriterOptions({ format: 'xlsx', count: MAX_SHEET_ROWS }),
      /^RangeError: count 1048576 is more than the 1048575 rows an Excel worksheet holds below its header row/,
    );
    assert.doesNotThrow(() => checkWriterOptions({ format: 'xlsx', count: MAX_SHEET_ROWS, includeHeader: false }));
    assert.throws(
      () => createWriter(stringColumns(1), { format: 'xlsx', count: MAX_SHEET_ROWS + 1, includeHeader: false }),
      /^RangeError: count 1048577 is more than the 1048576 rows/,
    );
  });

  test('column letters run A..Z, AA..', () => {
    assert.deepEqual([0, 25, 26, 27, 51, 52, 701, 702, 16383].map(columnLetters), [
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });

  test('the zip holds the workbook parts, every CRC right; the same rows give the same bytes in any time zone', async () => {
    const file = await xlsxFile(richShape, richRows);
    assert.deepEqual(
      [...(await zipEntries(file)).keys()],
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/workbook.xml',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/worksheets/sheet1.xml',
      ],
    );
    assert.deepEqual(await xlsxFile(richShape, richRows), file);
    const script = `import { packXlsx } from ${JSON.stringify(fileURLToPath(new URL('./xlsx-package.js', import.meta.url)))};
      const chunks = []; for await (const c of packXlsx((async function* () { yield '<worksheet/>'; })(), 'S')) chunks.push(c);
      process.stdout.write(Buffer.concat(chunks).toString('hex'));`;
    const inZone = (TZ: string) =>
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, TZ },
        encoding: 'utf8',
      });
    assert.equal(inZone('Pacific/Kiritimati'), inZone('America/Los_Angeles'));
  });

  test('rows written in ranges by separate writers join to the same sheet XML', () => {
    assertRangesJoin(richShape, { format: 'xlsx', count: 6 }, [...richRows, ...richRows]);
    assertRangesJoin(richShape, { format: 'xlsx', count: 6, includeHeader: false }, [...richRows, ...richRows]);
  });

  test('packing streams: with nobody reading, only a bounded part of a large sheet is pulled', async () => {
    let pulled = 0;
    const chunk = Buffer.alloc(64 * 1024, '<row r="1"><c r="A1"><v>1</v></c></row>');
    const endless = (async function* () {
      for (;;) {
        pulled++;
        yield chunk;
      }
    })();
    const output = packXlsx(endless, 'S')[Symbol.asyncIterator]();
    await output.next(); // the first bytes: the fixed parts
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = pulled;
    assert.ok(after < 200, `${after} chunks of 64 KiB pulled while nobody read (at most a few MiB are buffered)`);
    await output.return?.(undefined);
  });

  test('a failing sheet fails the file (no hang, no partial file passed as whole)', async () => {
    const failing = (async function* () {
      yield '<worksheet><sheetData>';
      throw new Error('row 7 failed');
    })();
    await assert.rejects(collect(packXlsx(failing, 'S')), /row 7 failed/);
  });

  test('property: any strings round-trip through a real reader (cut at 32,767)', async () => {
    const char = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.constantFrom('_x0041_', '_', '\r', '\u0000', '\ud800', '&', '<', ' ', '\n'),
    );
    const text = fc.string({ unit: char, minLength: 1 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 5 }), async (rows) => {
        const back = sheetRows(await xlsxFile(stringColumns(2), rows)).slice(1);
        assert.deepEqual(back, rows);
      }),
      { numRuns: 60 },
    );
  });
});
