import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';

const DAY_MS = 86_400_000;
const NOW = '2025-06-15T10:30:00Z';

/** Rows of `fields` with the reference time NOW. */
function rows(fields: object[], count = 20, seed: string | number = 'dates'): Record<string, unknown>[] {
  return generateObjects(fields, { count, seed, now: NOW });
}

/** mm/dd/yyyy -> epoch ms (UTC). */
function usDate(text: string): number {
  const [m, d, y] = text.split('/').map(Number);
  return Date.UTC(y, m - 1, d);
}

describe('Date, Datetime and Time fields are dates inside formulas', () => {
  test("`this + days(1)` on a Datetime is the next day, in the field's format", () => {
    const plain = rows([{ name: 'd', type: 'Datetime' }]);
    const moved = rows([{ name: 'd', type: 'Datetime', formula: 'this + days(1)' }]);
    moved.forEach((row, i) => {
      assert.match(row.d as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      assert.equal(Date.parse(row.d as string) - Date.parse(plain[i].d as string), DAY_MS);
    });
  });

  test('`this + 1` on a Date adds a day (Ruby Date + Integer) and writes mm/dd/yyyy', () => {
    const plain = rows([{ name: 'd2', type: 'Date', format: '%m/%d/%Y' }]);
    const moved = rows([{ name: 'd2', type: 'Date', format: '%m/%d/%Y', formula: 'this + 1' }]);
    moved.forEach((row, i) => {
      assert.match(row.d2 as string, /^\d\d\/\d\d\/\d{4}$/);
      assert.equal(usDate(row.d2 as string) - usDate(plain[i].d2 as string), DAY_MS);
    });
  });

  test('a Time field plus a number adds seconds (Ruby Time + Integer)', () => {
    const plain = rows([{ name: 't', type: 'Time', min: '01:00', max: '22:00' }]);
    const moved = rows([{ name: 't', type: 'Time', min: '01:00', max: '22:00', formula: 'this + 90' }]);
    const seconds = (text: string) =>
      text
        .split(':')
        .map(Number)
        .reduce((a, b) => a * 60 + b);
    moved.forEach((row, i) => assert.equal(seconds(row.t as string) - seconds(plain[i].t as string), 90));
  });

  test('other fields read as dates: arithmetic, strftime, year(), date_diff and comparisons', () => {
    const result = rows([
      { name: 'a', type: 'Date', format: '%m/%d/%Y' },
      { name: 'c', type: 'Datetime', format: '%Y-%m-%d %H:%M:%S' },
      { name: 'earlier', type: 'Formula', value: 'c - seconds(60)' },
      { name: 'year_text', type: 'Formula', value: "c.strftime('%Y')" },
      { name: 'year', type: 'Formula', value: 'year(c)' },
      { name: 'month', type: 'Formula', value: 'c.month' },
      { name: 'between', type: 'Formula', value: "date_diff('days', a, c)" },
      { name: 'later', type: 'Formula', value: 'c > a' },
      { name: 'same', type: 'Formula', value: 'a == a' },
    ]);
    for (const row of result) {
      const c = Date.parse((row.c as string).replace(' ', 'T') + 'Z');
      const a = usDate(row.a as string);
      assert.equal(Date.parse(row.earlier as string), c - 60_000);
      assert.equal(row.year_text, (row.c as string).slice(0, 4));
      assert.equal(row.year, Number((row.c as string).slice(0, 4)));
      assert.equal(row.month, Number((row.c as string).slice(5, 7)));
      assert.equal(row.between, Math.trunc((c - a) / DAY_MS));
      assert.equal(row.later, c > a);
      assert.equal(row.same, true);
    }
  });

  test('a date read from a field keeps its text for text methods, indexing, to_s and concatenation', () => {
    const result = rows([
      { name: 'a', type: 'Date', format: '%m/%d/%Y' },
      { name: 'parts', type: 'Formula', value: "a.split('/')[2] + '|' + a[0, 2] + '|' + a.to_s + '|' + 'on ' + a" },
      { name: 'same', type: 'Formula', value: 'a' },
    ]);
    for (const row of result) {
      const a = row.a as string;
      assert.equal(row.parts, `${a.slice(6)}|${a.slice(0, 2)}|${a}|on ${a}`);
      assert.equal(row.same, a, 'a date returned unchanged keeps its text');
    }
  });

  test("a Formula field writes a date result as ISO 8601; a date field's formula in its own format", () => {
    const [row] = rows([
      { name: 'iso', type: 'Formula', value: "date('07/04/2015') + 1" },
      { name: 'own', type: 'Date', format: '%d.%m.%Y', formula: "date('07/04/2015') + 1" },
      { name: 'us', type: 'Date', format: '%m/%d/%Y' },
      { name: 'copy', type: 'Date', format: '%d.%m.%Y', formula: 'us' },
    ]);
    assert.equal(row.iso, '2015-07-05T00:00:00+00:00');
    assert.equal(row.own, '05.07.2015');
    const [m, d, y] = (row.us as string).split('/');
    assert.equal(row.copy, `${d}.${m}.${y}`, "another date field's value in this field's format");
  });

  test('now() + 1 is one second later, not a year', () => {
    const [row] = rows([{ name: 'x', type: 'Formula', value: 'now() + 1' }]);
    assert.equal(row.x, '2025-06-15T10:30:01+00:00');
  });

  test('formats that cannot be read back leave the value as text', () => {
    const result = rows([
      { name: 'w', type: 'Date', format: 'week %U' },
      { name: 'f', type: 'Formula', value: 'w + 1' },
    ]);
    for (const row of result) assert.equal(row.f, `${row.w as string}1`);
  });

  test('a blank date field reads as nil', () => {
    const result = rows([
      { name: 'd', type: 'Date', percentBlank: 100 },
      { name: 'f', type: 'Formula', value: 'd.nil? && (d + 1).nil?' },
    ]);
    for (const row of result) assert.equal(row.f, true);
  });
});

describe("Ruby's nil conversions", () => {
  test('nil.to_i is 0, nil.to_f is 0.0, nil.to_s is empty', () => {
    const [row] = rows([
      { name: 'blank', type: 'Number', percentBlank: 100 },
      { name: 'i', type: 'Formula', value: 'nil.to_i' },
      { name: 'f', type: 'Formula', value: 'blank.to_f + 0.5' },
      { name: 's', type: 'Formula', value: "'[' + nil.to_s + ']'" },
    ]);
    assert.deepEqual([row.i, row.f, row.s], [0, 0.5, '[]']);
  });
});

describe('Ruby clock idioms', () => {
  test('Time.now, Date.today and DateTime.now read the reference time; numbers add seconds or days as in Ruby', () => {
    const [row] = rows([
      { name: 'time', type: 'Formula', value: 'Time.now' },
      { name: 'hour_ago', type: 'Formula', value: 'Time.now - 3600' },
      { name: 'today', type: 'Formula', value: "Date.today.strftime('%Y-%m-%d')" },
      { name: 'month_ago', type: 'Formula', value: 'Date.today - 30' },
      { name: 'tomorrow', type: 'Formula', value: 'DateTime.now + 1' },
      { name: 'parsed', type: 'Formula', value: "Date.parse('2024-02-28') + 1" },
    ]);
    assert.equal(row.time, '2025-06-15T10:30:00+00:00');
    assert.equal(row.hour_ago, '2025-06-15T09:30:00+00:00');
    assert.equal(row.today, '2025-06-15');
    assert.equal(row.month_ago, '2025-05-16T00:00:00+00:00');
    assert.equal(row.tomorrow, '2025-06-16T10:30:00+00:00');
    assert.equal(row.parsed, '2024-02-29T00:00:00+00:00');
  });

  test('a field named Time is the field, not the clock', () => {
    const [row] = rows([
      { name: 'Time', type: 'Custom List', values: ['x'] },
      { name: 'f', type: 'Formula', value: 'Time.upcase' },
    ]);
    assert.equal(row.f, 'X');
  });

  test('unknown clock methods say once, with the position, what to use instead', () => {
    const messages = (formula: string) =>
      problemsOf([{ name: 'f', type: 'Formula', value: formula }]).map((p) => p.message);
    assert.deepEqual(messages('Time.current'), ['Time.current is not available; use Time.now or now() at 1:6']);
    assert.deepEqual(messages('1 + Date.todya'), ["unknown method 'Date.todya'; did you mean 'Date.today'? at 1:10"]);
    assert.deepEqual(messages('Date.current'), ['Date.current is not available; use Date.today at 1:6']);
    assert.deepEqual(messages('Time.curent'), ["unknown method 'Time.curent'; use Time.now or now() at 1:6"]);
    assert.deepEqual(messages('Time.frobnicate'), [
      "unknown method 'Time.frobnicate' (Time offers Time.now, Time.parse) at 1:6",
    ]);
  });
});

describe('strftime widths are bounded', () => {
  test('a literal format with a huge width is a compile-time error naming the position', () => {
    const [problem] = problemsOf([{ name: 'f', type: 'Formula', value: "now().strftime('%999Y')" }]);
    assert.match(problem.message, /^strftime directive "%999Y" at position 1: width 999 is larger than 64 at 1:16$/);
  });

  test('a format computed per row that is too wide gives nil, not a crash', () => {
    const [row] = rows([
      { name: 'w', type: 'Custom List', values: ['999'] },
      { name: 'f', type: 'Formula', value: "now().strftime('%' + w + 'Y')" },
    ]);
    assert.equal(row.f, null);
  });
});
