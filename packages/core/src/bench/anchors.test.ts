import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { COLUMNS, type AnchorFormat } from './anchor-workload.js';
import { BARE_CHUNK_BYTES, writeBareLoopRows } from './bare-loop-rows.js';
import { writeTunedRows } from './faker-tuned-rows.js';
import { spawnRun, spawnStartup } from './spawn-run.js';

async function tunedText(format: AnchorFormat, n: number, seed = 42): Promise<string> {
  let text = '';
  await writeTunedRows(format, n, seed, (chunk) => {
    text += chunk;
  });
  return text;
}

function bareBytes(format: AnchorFormat, n: number, seed = 42): { bytes: Buffer; flushes: number } {
  const parts: Buffer[] = [];
  // The chunk is reused after each flush, so it is copied here.
  writeBareLoopRows(format, n, seed, (chunk, length) => parts.push(Buffer.from(chunk.subarray(0, length))));
  return { bytes: Buffer.concat(parts), flushes: parts.length };
}

const GENDERS = new Set([
  'Male',
  'Female',
  'Non-binary',
  'Genderfluid',
  'Agender',
  'Bigender',
  'Polygender',
  'Genderqueer',
]);

/** The workload's rules, checked on parsed rows (every cell a string, as CSV gives them). */
function assertStandardRows(rows: Record<string, string>[], n: number): void {
  assert.equal(rows.length, n);
  const genders = new Set<string>();
  rows.forEach((row, i) => {
    assert.deepEqual(Object.keys(row), [...COLUMNS]);
    assert.equal(row.id, String(i + 1));
    const emailName = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
    assert.match(row.email, new RegExp(`^${emailName(row.first_name)}\\.${emailName(row.last_name)}@[a-z]+\\.com$`));
    assert.ok(GENDERS.has(row.gender), row.gender);
    genders.add(row.gender);
    const octets = row.ip_address.split('.').map(Number);
    assert.equal(octets.length, 4);
    assert.ok(
      octets.every((o) => Number.isInteger(o) && o >= 0 && o <= 255),
      row.ip_address,
    );
    assert.match(row.birth_date, /^\d{4}-\d\d-\d\d$/);
    assert.ok(row.birth_date >= '1950-01-01' && row.birth_date <= '2005-12-31', row.birth_date);
    assert.match(row.salary, /^\d+\.\d\d$/);
    assert.ok(Number(row.salary) >= 30000 && Number(row.salary) <= 200000, row.salary);
    assert.ok(row.city.length > 0);
    assert.equal(row.code, `${row.last_name.toUpperCase()}-${row.id}`);
  });
  // 2000 draws from 1000 gender slots: both large shares and some of the tail show up.
  assert.ok(genders.has('Male') && genders.has('Female') && genders.size > 2, [...genders].join());
}

describe('faker-tuned anchor', () => {
  test('CSV: a header and 2000 rows that csv-parse reads back with the workload rules', async () => {
    const text = await tunedText('csv', 2000);
    assert.ok(text.startsWith(COLUMNS.join(',') + '\n'));
    assertStandardRows(parse(text, { columns: true }), 2000);
  });

  test('JSON: one array of 2000 objects that JSON.parse reads back with the workload rules', async () => {
    const rows = JSON.parse(await tunedText('json', 2000)) as Record<string, string | number>[];
    assert.ok(rows.every((r) => typeof r.id === 'number' && typeof r.salary === 'number'));
    // Salary is written with two decimals; as a JSON number it reads back without trailing zeros.
    const cells = rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'salary' ? (v as number).toFixed(2) : String(v)])),
    );
    assertStandardRows(cells, 2000);
  });

  test('the seed decides the rows: the same seed gives the same text, another seed other text', async () => {
    assert.equal(await tunedText('csv', 500, 7), await tunedText('csv', 500, 7));
    assert.notEqual(await tunedText('csv', 500, 7), await tunedText('csv', 500, 8));
  });
});

describe('bare-loop anchor', () => {
  for (const format of ['csv', 'json'] as const) {
    test(`${format}: the same bytes as faker-tuned for one seed, across several 1 MiB chunks`, async () => {
      const n = 12_000; // > 1 MiB of JSON and CSV, so the flush path runs
      const { bytes, flushes } = bareBytes(format, n);
      assert.ok(bytes.length > BARE_CHUNK_BYTES && flushes >= 2, `${bytes.length} bytes in ${flushes} flushes`);
      assert.equal(bytes.toString('utf8'), await tunedText(format, n));
    });
  }
});

describe('anchor children', () => {
  for (const impl of ['faker-tuned', 'bare-loop'] as const) {
    test(`${impl} runs as a child and reports its run like the other implementations`, async () => {
      const outcome = spawnRun(impl, 'json', 2000);
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.error);
      const r = outcome.result;
      assert.equal(r.impl, impl);
      assert.equal(r.n, 2000);
      assert.equal(r.bytes, Buffer.byteLength(await tunedText('json', 2000)));
      assert.ok(r.rows_s > 0 && r.mb_s > 0 && r.max_rss_mb > 0 && r.seconds > 0);
    });
  }
});

describe('worker start-up child', () => {
  test("starts the engine's worker and the split thread, each makes a row, and the times are in order", () => {
    const outcome = spawnStartup('csv', 2);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.error);
    const s = outcome.result;
    assert.equal(s.n, 2);
    assert.equal(s.samples.length, 2);
    for (const [online, ready] of s.samples) assert.ok(online > 0 && ready >= online, `${online} ${ready}`);
    assert.ok(s.split.row_bytes > 0);
    assert.ok([s.split.import_ms, s.split.compile_ms, s.split.first_row_ms].every((ms) => ms >= 0));
  });
});
