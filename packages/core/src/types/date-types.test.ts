import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';

/** The values of one field `v` of the given type and parameters, as strings. */
function values(type: string, params: Record<string, unknown> = {}, count = 2000, seed: string | number = 1): string[] {
  return generateObjects([{ name: 'v', type, ...params }], { count, seed }).map((row) => {
    assert.equal(typeof row.v, 'string');
    return row.v as string;
  });
}

function assertProblem(type: string, params: Record<string, unknown>, param: string, ...mentions: string[]): void {
  const problems = problemsOf([{ name: 'when', type, ...params }]);
  const found = problems.find((p) => p.field === 'when' && p.param === param);
  assert.ok(found, `expected a problem with when.${param}, got ${JSON.stringify(problems)}`);
  for (const text of mentions) assert.ok(found.message.includes(text), `"${found.message}" should mention ${text}`);
}

/** Parses "YYYY-MM-DDTHH:MM:SS+00:00" (our default output) with Date, independently of our code. */
function isoMs(text: string): number {
  assert.match(text, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  return Date.parse(text);
}

describe('Date', () => {
  test('the benchmark field: 1950..2005 as %Y-%m-%d, all in range, deterministic', () => {
    const params = { min: '01/01/1950', max: '12/31/2005', format: '%Y-%m-%d' };
    const dates = values('Date', params, 2000, 1);
    for (const d of dates) {
      assert.match(d, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(!Number.isNaN(Date.parse(d)), `${d} is not a real date`);
      assert.ok(d >= '1950-01-01' && d <= '2005-12-31', `${d} out of range`);
    }
    assert.ok(new Set(dates).size > 1500, 'a 56-year range should rarely repeat in 2000 rows');
    assert.deepEqual(values('Date', params, 2000, 1), dates);
    assert.notDeepEqual(values('Date', params, 2000, 2), dates);
  });

  test('both ends of a narrow range are reached, nothing outside', () => {
    const seen = new Set(values('Date', { min: '12/30/2020', max: '1/2/2021', format: '%m/%d/%Y' }, 400));
    assert.deepEqual([...seen].sort(), ['01/01/2021', '01/02/2021', '12/30/2020', '12/31/2020']);
  });

  test('a one-day range gives that day', () => {
    assert.deepEqual(
      new Set(values('Date', { min: '2/29/2020', max: '2/29/2020', format: '%F' }, 50)),
      new Set(['2020-02-29']),
    );
  });

  test('uniform over the days of the range', () => {
    const draws = 20_000;
    const counts = new Map<string, number>();
    for (const d of values('Date', { min: '3/1/2021', max: '3/10/2021', format: '%d' }, draws, 'uniform')) {
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    assert.equal(counts.size, 10);
    const expected = draws / 10;
    const sd = Math.sqrt(draws * 0.1 * 0.9);
    for (const [day, count] of counts) assert.ok(Math.abs(count - expected) < 6 * sd, `day ${day}: ${count}`);
  });

  test('defaults: fixed range 2000..2029, ISO 8601 at midnight UTC (the default format keeps a Date a day)', () => {
    for (const d of values('Date', {}, 500)) {
      const ms = isoMs(d);
      assert.ok(d.endsWith('T00:00:00+00:00'), d);
      assert.ok(ms >= Date.UTC(2000, 0, 1) && ms <= Date.UTC(2029, 11, 31), d);
    }
  });

  test('ISO min and max are accepted; a time of day in them is ignored: the days run from 00:00:00 of min to 23:59:59 of max', () => {
    const all = values('Date', { min: '2021-06-01', max: '6/3/2021 11:00 PM', format: '%F %T' }, 2000);
    for (const d of all) assert.match(d, /^2021-06-0[123] ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
    assert.deepEqual(new Set(all.map((d) => d.slice(0, 10))), new Set(['2021-06-01', '2021-06-02', '2021-06-03']));
    assert.ok(
      all.some((d) => d.startsWith('2021-06-03 23:')),
      'the max day reaches 23:xx, past the 11:00 PM written in max',
    );
    assert.ok(
      all.some((d) => d.startsWith('2021-06-01 00:')),
      'the min day starts at midnight',
    );
  });

  test('a format with time parts (%F %T, as Mockaroo schemas use) gives a uniform time of day: hours, minutes and seconds all vary', () => {
    const draws = 24_000;
    const all = values('Date', { min: '06/19/2002', max: '06/19/2002', format: '%F %T' }, draws, 'times');
    const hours = new Map<string, number>();
    for (const d of all) {
      assert.match(d, /^2002-06-19 \d{2}:\d{2}:\d{2}$/);
      hours.set(d.slice(11, 13), (hours.get(d.slice(11, 13)) ?? 0) + 1);
    }
    assert.equal(hours.size, 24);
    const expected = draws / 24;
    const sd = Math.sqrt(draws * (1 / 24) * (23 / 24));
    for (const [hour, count] of hours) assert.ok(Math.abs(count - expected) < 6 * sd, `hour ${hour}: ${count}`);
    assert.equal(new Set(all.map((d) => d.slice(14, 16))).size, 60, 'every minute');
    assert.equal(new Set(all.map((d) => d.slice(17, 19))).size, 60, 'every second');
  });

  test('every kind of time directive gets the time: %H %M %S %I %p %l %L %s %R %r %c', () => {
    for (const format of [
      '%Y-%m-%d %H:%M:%S',
      '%m/%d/%Y %I:%M %p',
      '%d.%m.%Y %l%P',
      '%F %H:%M:%S.%L',
      '%s',
      '%F %R',
      '%r %F',
      '%c',
    ]) {
      const all = values('Date', { min: '1/1/2020', max: '12/31/2020', format }, 300, format);
      assert.ok(new Set(all).size > 250, `${format}: ${all.slice(0, 3).join(', ')}`);
    }
    const epochs = values('Date', { min: '1/1/2020', max: '1/1/2020', format: '%s' }, 300).map(Number);
    for (const s of epochs) assert.ok(s >= Date.UTC(2020, 0, 1) / 1000 && s < Date.UTC(2020, 0, 2) / 1000, String(s));
    assert.ok(
      epochs.some((s) => s % 86400 !== 0),
      '%s carries the time of day',
    );
  });

  test('the day does not depend on the format: %F and %F %T of one field and seed pick the same days', () => {
    const params = { min: '1/1/1990', max: '12/31/2010' };
    const days = values('Date', { ...params, format: '%F' }, 1000, 'same days');
    const withTimes = values('Date', { ...params, format: '%F %T' }, 1000, 'same days');
    assert.deepEqual(
      withTimes.map((d) => d.slice(0, 10)),
      days,
    );
    const wide = { min: '1/1/1000', max: '12/31/9999' };
    assert.deepEqual(
      values('Date', { ...wide, format: '%Y-%m-%d %H' }, 200, 'wide').map((d) => d.slice(0, 10)),
      values('Date', { ...wide, format: '%Y-%m-%d' }, 200, 'wide'),
    );
  });

  test('formats without time parts give the day alone (%z and %Z print the zone, not a time)', () => {
    for (const s of values('Date', { min: '1/1/2020', max: '1/31/2020', format: '%Y%m%d' }, 200))
      assert.match(s, /^202001\d{2}$/);
    for (const s of values('Date', { min: '1/1/2020', max: '1/31/2020', format: '%F %Z %z' }, 200))
      assert.match(s, /^2020-01-\d{2} UTC \+0000$/);
  });

  test('adding time parts to one Date field changes no other field', () => {
    const others = [
      { name: 'n', type: 'Number', min: 1, max: 1000 },
      { name: 'city', type: 'City' },
      { name: 'other_date', type: 'Date', format: '%F' },
    ];
    const before = generateObjects([...others, { name: 'd', type: 'Date', format: '%F' }], { count: 300, seed: 9 });
    const after = generateObjects([...others, { name: 'd', type: 'Date', format: '%F %T' }], { count: 300, seed: 9 });
    for (const name of ['n', 'city', 'other_date'])
      assert.deepEqual(
        after.map((r) => r[name]),
        before.map((r) => r[name]),
        name,
      );
  });

  test('a range too wide to cache still works', () => {
    for (const d of values('Date', { min: '1/1/1000', max: '12/31/9999', format: '%Y' }, 200)) {
      assert.ok(Number(d) >= 1000 && Number(d) <= 9999, d);
    }
  });

  test('a row depends only on its index, whatever was generated before', () => {
    const fields = [{ name: 'd', type: 'Date', min: '1/1/2020', max: '1/31/2020', format: '%F' }];
    const all = generateObjects(fields, { count: 50, seed: 'rows' });
    assert.deepEqual(generateObjects(fields, { count: 10, seed: 'rows', start: 40 }), all.slice(40));
  });
});

describe('Datetime', () => {
  test('defaults: ISO 8601 with +00:00, within 2000-01-01 .. 2029-12-31 23:59:59', () => {
    const stamps = values('Datetime', {}, 2000);
    for (const t of stamps) {
      const ms = isoMs(t);
      assert.ok(ms >= Date.UTC(2000, 0, 1) && ms <= Date.UTC(2029, 11, 31, 23, 59, 59), t);
    }
    assert.ok(
      stamps.some((t) => !t.endsWith('T00:00:00+00:00')),
      'times of day vary',
    );
  });

  test('a date-only max includes that whole day', () => {
    const stamps = values('Datetime', { min: '12/31/2005', max: '12/31/2005', format: '%F %H' }, 500);
    const hours = new Set(stamps.map((t) => t.slice(11)));
    for (const t of stamps) assert.ok(t.startsWith('2005-12-31 '), t);
    assert.ok(hours.has('00') && hours.has('23'), `hours seen: ${[...hours].sort().join(',')}`);
  });

  test('min and max with times: both ends of a one-minute range reached', () => {
    const stamps = values('Datetime', { min: '1/1/2020 10:00 AM', max: '1/1/2020 10:00 AM', format: '%F %T' }, 2000);
    for (const t of stamps) assert.match(t, /^2020-01-01 10:00:[0-5]\d$/);
    assert.ok(stamps.includes('2020-01-01 10:00:00') && stamps.includes('2020-01-01 10:00:59'));
  });

  test('an exact range to the second, with an ISO offset', () => {
    const stamps = values(
      'Datetime',
      { min: '2020-01-01T12:00:00+02:00', max: '2020-01-01T10:00:02Z', format: '%T' },
      300,
    );
    assert.deepEqual([...new Set(stamps)].sort(), ['10:00:00', '10:00:01', '10:00:02']);
  });

  test('formats that mix date and time directives in any order', () => {
    const low = Date.UTC(2020, 0, 1) / 1000;
    const high = Date.UTC(2020, 11, 31, 23, 59, 59) / 1000;
    for (const t of values('Datetime', { min: '1/1/2020', max: '12/31/2020', format: '%s' }, 300)) {
      assert.ok(Number(t) >= low && Number(t) <= high, t);
    }
    for (const t of values('Datetime', { min: '1/1/2020', max: '12/31/2020', format: '%H:%M %F' }, 300)) {
      assert.match(t, /^\d{2}:\d{2} 2020-\d{2}-\d{2}$/);
    }
  });

  test('the cached halves agree with formatting each value whole', () => {
    // Same field name and seed, so the same instants: %s is formatted whole, %F %T from halves.
    const range = { min: '6/1/1960', max: '6/1/2040' };
    const epochs = values('Datetime', { ...range, format: '%s' }, 1000, 'halves');
    const texts = values('Datetime', { ...range, format: '%F %T' }, 1000, 'halves');
    epochs.forEach((epoch, i) => {
      assert.equal(texts[i], new Date(Number(epoch) * 1000).toISOString().slice(0, 19).replace('T', ' '));
    });
  });

  test('custom format', () => {
    for (const t of values('Datetime', { min: '1/1/2020', max: '12/31/2020', format: '%-m/%-d/%Y %l:%M %p' }, 300)) {
      assert.match(t, /^([1-9]|1[0-2])\/([1-9]|[12]\d|3[01])\/2020 ( [1-9]|1[0-2]):[0-5]\d (AM|PM)$/);
    }
  });
});

describe('Time', () => {
  test('defaults: %T over the whole day', () => {
    const times = values('Time', {}, 3000);
    for (const t of times) assert.match(t, /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
    assert.ok(times.some((t) => t < '01:00:00') && times.some((t) => t >= '23:00:00'));
  });

  test('max written to the minute includes that minute; both ends reachable', () => {
    const times = values('Time', { min: '11:58 PM', max: '11:59 PM' }, 3000);
    for (const t of times) assert.ok(t >= '23:58:00' && t <= '23:59:59', t);
    assert.ok(times.includes('23:58:00') && times.includes('23:59:59'));
  });

  test('24-hour bounds with seconds are exact, and a 12-hour format', () => {
    const times = values('Time', { min: '12:00:00', max: '12:00:01', format: '%I:%M:%S %p' }, 200);
    assert.deepEqual([...new Set(times)].sort(), ['12:00:00 PM', '12:00:01 PM']);
  });
});

describe('invalid parameters', () => {
  test('unparseable dates name the param, the value and the accepted form', () => {
    assertProblem('Date', { min: '13/45/2020' }, 'min', '13/45/2020', 'mm/dd/yyyy');
    assertProblem('Date', { max: '2/30/2021' }, 'max', '2/30/2021', 'mm/dd/yyyy');
    assertProblem('Datetime', { min: '1/1/2020 25:00' }, 'min', '1/1/2020 25:00', 'mm/dd/yyyy');
    assertProblem('Time', { min: '25:00' }, 'min', '25:00', 'HH:MM');
    assertProblem('Time', { max: 'noon' }, 'max', 'noon');
  });

  test('min after max', () => {
    assertProblem('Date', { min: '12/31/2005', max: '01/01/1950' }, 'max', '01/01/1950', '12/31/2005');
    assertProblem('Datetime', { min: '1/1/2020 10:00 PM', max: '1/1/2020 9:00 PM' }, 'max');
    assertProblem('Time', { min: '5:00 PM', max: '9:00 AM' }, 'max', 'midnight');
  });

  test('unknown strftime directive', () => {
    assertProblem('Date', { format: '%Y-%Q' }, 'format', '%Q', 'position 4');
    assertProblem('Datetime', { format: '%F %' }, 'format', 'position 4');
    assertProblem('Time', { format: '%H:%K' }, 'format', '%K');
  });

  test('every problem is reported at once', () => {
    const problems = problemsOf([{ name: 'when', type: 'Date', min: 'x', max: 'y', format: '%Q' }]);
    assert.deepEqual(problems.map((p) => p.param).sort(), ['format', 'max', 'min']);
  });
});
