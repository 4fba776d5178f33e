import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { StrftimeError, checkStrftime, compileStrftime, splitDateAndTime } from './strftime.js';

// Expectations below come from Node's own Date / Intl, never from the formatter under test.

const DAY_MS = 86_400_000;

function pad(value: number, width: number, fill = '0'): string {
  return String(value).padStart(width, fill);
}

/** Ruby's %Y: at least 4 digits, the sign not counted ("-0044"). */
function rubyYear(year: number): string {
  return year < 0 ? '-' + pad(-year, 4) : pad(year, 4);
}

/** An epoch-ms for a UTC calendar time; works for years 0-99 and negative years, unlike Date.UTC. */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

function startOfYear(ms: number): number {
  return utc(new Date(ms).getUTCFullYear(), 1, 1);
}

/** Day of the year, 1-based, by subtracting Jan 1. */
function dayOfYear(ms: number): number {
  const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
  return Math.round((dayStart - startOfYear(ms)) / DAY_MS) + 1;
}

/** %U / %W by counting: the number of week-starting days (0 Sunday, 1 Monday) from Jan 1 to the date. */
function weekByCounting(ms: number, weekStart: number): number {
  let count = 0;
  const last = Math.floor(ms / DAY_MS);
  for (let day = Math.floor(startOfYear(ms) / DAY_MS); day <= last; day++) {
    if (new Date(day * DAY_MS).getUTCDay() === weekStart) count++;
  }
  return count;
}

/** ISO 8601 week by its definition: week 1 is the Monday-to-Sunday week holding January 4. */
function isoWeek(ms: number): { year: number; week: number } {
  const day = Math.floor(ms / DAY_MS);
  const year = new Date(ms).getUTCFullYear();
  for (const candidate of [year + 1, year, year - 1]) {
    const jan4 = Math.floor(utc(candidate, 1, 4) / DAY_MS);
    const mondayOfWeek1 = jan4 - ((new Date(jan4 * DAY_MS).getUTCDay() + 6) % 7);
    if (mondayOfWeek1 <= day) return { year: candidate, week: Math.floor((day - mondayOfWeek1) / 7) + 1 };
  }
  throw new Error('unreachable');
}

const longWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** What each directive should print for `ms`, from Date getters, toUTCString and Intl. */
function expected(ms: number): Record<string, string> {
  const d = new Date(ms);
  const [weekdayAbbr, , monthAbbr] = d.toUTCString().replace(',', '').split(' ');
  const year = d.getUTCFullYear();
  const hour = d.getUTCHours();
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const iso = isoWeek(ms);
  return {
    '%Y': rubyYear(year),
    '%C': pad(Math.floor(year / 100), 2),
    '%y': pad(((year % 100) + 100) % 100, 2),
    '%m': pad(d.getUTCMonth() + 1, 2),
    '%-m': String(d.getUTCMonth() + 1),
    '%_m': pad(d.getUTCMonth() + 1, 2, ' '),
    '%d': pad(d.getUTCDate(), 2),
    '%-d': String(d.getUTCDate()),
    '%e': pad(d.getUTCDate(), 2, ' '),
    '%0e': pad(d.getUTCDate(), 2),
    '%j': pad(dayOfYear(ms), 3),
    '%H': pad(hour, 2),
    '%k': pad(hour, 2, ' '),
    '%I': pad(hour12, 2),
    '%-I': String(hour12),
    '%l': pad(hour12, 2, ' '),
    '%M': pad(d.getUTCMinutes(), 2),
    '%S': pad(d.getUTCSeconds(), 2),
    '%L': pad(d.getUTCMilliseconds(), 3),
    '%N': pad(d.getUTCMilliseconds(), 3) + '000000',
    '%3N': pad(d.getUTCMilliseconds(), 3),
    '%6N': pad(d.getUTCMilliseconds(), 3) + '000',
    '%p': hour < 12 ? 'AM' : 'PM',
    '%P': hour < 12 ? 'am' : 'pm',
    '%a': weekdayAbbr,
    '%^a': weekdayAbbr.toUpperCase(),
    '%A': longWeekday.format(d),
    '%b': monthAbbr,
    '%h': monthAbbr,
    '%B': longMonth.format(d),
    '%^B': longMonth.format(d).toUpperCase(),
    '%u': String(d.getUTCDay() === 0 ? 7 : d.getUTCDay()),
    '%w': String(d.getUTCDay()),
    '%U': pad(weekByCounting(ms, 0), 2),
    '%W': pad(weekByCounting(ms, 1), 2),
    '%V': pad(iso.week, 2),
    '%G': rubyYear(iso.year),
    '%s': String(Math.floor(ms / 1000)),
  };
}

/** A spread of instants: every day of two years around a leap year, plus awkward ones. */
function sampleInstants(): number[] {
  const instants: number[] = [];
  for (let day = 0; day < 2 * 366 + 5; day++) {
    instants.push(utc(2003, 12, 29) + day * DAY_MS + ((day * 7919) % 86400) * 1000 + (day % 1000));
  }
  instants.push(
    utc(1970, 1, 1),
    utc(1969, 12, 31, 23, 59, 59, 999),
    utc(2000, 12, 31, 12),
    utc(1900, 12, 31, 0),
    utc(2100, 12, 31, 23),
    utc(1, 1, 1, 0, 0, 1),
    utc(987, 6, 15, 13, 5, 9),
    utc(-44, 3, 15, 11, 0, 0),
    utc(12345, 7, 4, 4, 4, 4),
  );
  return instants;
}

describe('compileStrftime: each directive against Date-derived values', () => {
  const instants = sampleInstants();
  for (const directive of Object.keys(expected(0))) {
    test(directive, () => {
      const format = compileStrftime(directive);
      for (const ms of instants) {
        assert.equal(format(ms), expected(ms)[directive], `${directive} at ${new Date(ms).toISOString()}`);
      }
    });
  }
});

describe('compileStrftime: specific cases', () => {
  test('12-hour clock at midnight, noon and 1 PM', () => {
    const format = compileStrftime('%I|%l|%-I|%p|%P');
    assert.equal(format(utc(2020, 5, 5, 0, 30)), '12|12|12|AM|am');
    assert.equal(format(utc(2020, 5, 5, 12, 0)), '12|12|12|PM|pm');
    assert.equal(format(utc(2020, 5, 5, 13, 0)), '01| 1|1|PM|pm');
    assert.equal(format(utc(2020, 5, 5, 11, 59, 59)), '11|11|11|AM|am');
  });

  test('%j on the last day of leap and common years', () => {
    const format = compileStrftime('%j');
    assert.equal(format(utc(2000, 12, 31)), '366');
    assert.equal(format(utc(2024, 12, 31, 23, 59, 59)), '366');
    assert.equal(format(utc(1900, 12, 31)), '365');
    assert.equal(format(utc(2023, 12, 31)), '365');
    assert.equal(format(utc(2023, 1, 1)), '001');
  });

  test('years below 1000, negative and above 9999', () => {
    const format = compileStrftime('%Y|%-Y|%F');
    assert.equal(format(utc(987, 6, 15)), '0987|987|0987-06-15');
    assert.equal(format(utc(5, 1, 2)), '0005|5|0005-01-02');
    assert.equal(format(utc(-44, 3, 15)), '-0044|-44|-0044-03-15');
    assert.equal(format(utc(12345, 7, 4)), '12345|12345|12345-07-04');
  });

  test('ISO weeks at year boundaries', () => {
    const format = compileStrftime('%G-W%V-%u');
    assert.equal(format(utc(2004, 12, 31)), '2004-W53-5');
    assert.equal(format(utc(2005, 1, 1)), '2004-W53-6');
    assert.equal(format(utc(2008, 12, 29)), '2009-W01-1');
    assert.equal(format(utc(2010, 1, 3)), '2009-W53-7');
  });

  test('epoch seconds, zone and fixed texts', () => {
    const ms = utc(2007, 1, 21, 9, 51, 51, 123);
    assert.equal(compileStrftime('%s')(ms), String(Math.floor(ms / 1000)));
    assert.equal(compileStrftime('%s')(-1500), '-2');
    assert.equal(compileStrftime('%z|%:z|%::z|%Z|%%|%n|%t')(ms), '+0000|+00:00|+00:00:00|UTC|%|\n|\t');
  });

  test('composite directives match their expansions', () => {
    const ms = utc(2007, 1, 21, 9, 51, 51, 123);
    const pairs: [string, string][] = [
      ['%F', '%Y-%m-%d'],
      ['%T', '%H:%M:%S'],
      ['%D', '%m/%d/%y'],
      ['%x', '%m/%d/%y'],
      ['%X', '%H:%M:%S'],
      ['%R', '%H:%M'],
      ['%r', '%I:%M:%S %p'],
      ['%c', '%a %b %e %H:%M:%S %Y'],
    ];
    for (const [composite, expansion] of pairs) {
      assert.equal(compileStrftime(composite)(ms), compileStrftime(expansion)(ms), composite);
    }
    assert.equal(compileStrftime('%FT%T%:z')(ms), new Date(ms).toISOString().slice(0, 19) + '+00:00');
  });

  test('flags and widths', () => {
    const ms = utc(2007, 1, 5, 9, 5, 7);
    assert.equal(compileStrftime('%-m/%-d/%Y %-H:%M')(ms), '1/5/2007 9:05');
    assert.equal(compileStrftime('%_m|%_d|%0e|%e|%-e')(ms), ' 1| 5|05| 5|5');
    assert.equal(compileStrftime('%^a %^b %^B|%#p|%^P|%#b')(ms), 'FRI JAN JANUARY|am|AM|JAN');
    assert.equal(compileStrftime('%10A|%-10A|%_4d|%05d|%3Y')(ms), '    Friday|Friday|   5|00005|2007');
    assert.equal(compileStrftime('%^c|%12F')(ms), 'FRI JAN  5 09:05:07 2007|  2007-01-05');
  });

  test('literal text is kept around and between directives', () => {
    const ms = utc(2021, 3, 4, 5, 6, 7);
    assert.equal(compileStrftime('')(ms), '');
    assert.equal(compileStrftime('no directives')(ms), 'no directives');
    assert.equal(compileStrftime('<%d>')(ms), '<04>');
    assert.equal(compileStrftime('day %d of %B, %Y at %-l%P!')(ms), 'day 04 of March, 2021 at 5am!');
  });

  test('property: %FT%T equals toISOString to the second', () => {
    const format = compileStrftime('%FT%T');
    fc.assert(
      fc.property(fc.integer({ min: -2e12, max: 4e12 }), (ms) => {
        assert.equal(format(ms), new Date(ms).toISOString().slice(0, 19));
      }),
      { numRuns: 2000 },
    );
  });

  test('property: every numeric and name directive over years -1000..9999', () => {
    const directives = Object.keys(expected(0));
    const format = compileStrftime(directives.join('|'));
    const low = utc(-1000, 1, 1);
    const high = utc(9999, 12, 31, 23, 59, 59, 999);
    fc.assert(
      fc.property(fc.integer({ min: low, max: high }), (ms) => {
        const wanted = expected(ms);
        assert.equal(format(ms), directives.map((d) => wanted[d]).join('|'));
      }),
      { numRuns: 500 },
    );
  });
});

describe('checkStrftime', () => {
  test('accepts every supported directive', () => {
    const all =
      '%Y %C %y %G %g %m %B %b %h %d %e %j %U %W %V %u %w %A %a %H %k %I %l %M %S %L %N %3N %6N %9N ' +
      '%p %P %Z %z %:z %::z %s %F %T %D %R %r %c %x %X %v %+ %n %t %% %-m %_d %0e %^b %#p %10A';
    assert.equal(checkStrftime(all), null);
    assert.equal(checkStrftime(''), null);
    assert.equal(checkStrftime('plain text'), null);
  });

  test('names an unknown directive and its position', () => {
    const message = checkStrftime('%Y-%Q');
    assert.ok(message !== null);
    assert.match(message, /"%Q"/);
    assert.match(message, /position 4/);
    assert.match(checkStrftime('%-K') ?? '', /"%-K" at position 1/);
  });

  test('rejects a trailing % and colons outside %z', () => {
    assert.match(checkStrftime('100%') ?? '', /position 4/);
    assert.match(checkStrftime('%Y%-') ?? '', /"%-"/);
    assert.match(checkStrftime('%:d') ?? '', /colons/);
    assert.match(checkStrftime('%9999Y') ?? '', /width/);
  });

  test('compileStrftime throws the same message', () => {
    assert.throws(
      () => compileStrftime('%Y-%Q'),
      (error: unknown) =>
        error instanceof StrftimeError && error.position === 4 && error.message === checkStrftime('%Y-%Q'),
    );
  });
});

describe('splitDateAndTime', () => {
  test('splits date-then-time formats into halves that join to the whole', () => {
    const formats = [
      '%FT%T%:z',
      '%Y-%m-%d %H:%M:%S',
      '%-m/%-d/%Y %l:%M %p',
      '%a %d %b %Y, %T.%L %Z',
      '%F',
      '%T',
      'at %H:%M',
      '%D %r',
    ];
    const instants = sampleInstants();
    for (const format of formats) {
      const split = splitDateAndTime(format);
      assert.ok(split !== null, format);
      assert.equal(split.date + split.time, format);
      const date = compileStrftime(split.date);
      const time = compileStrftime(split.time);
      const whole = compileStrftime(format);
      for (const ms of instants) {
        const day = Math.floor(ms / DAY_MS) * DAY_MS;
        // Each half may read only its own part of the instant.
        assert.equal(date(day) + time(ms - day), whole(ms), `${format} at ${ms}`);
      }
    }
    assert.deepEqual(splitDateAndTime('%FT%T%:z'), { date: '%FT', time: '%T%:z' });
  });

  test('refuses formats whose date and time directives interleave', () => {
    for (const format of ['%c', '%s', '%H %F', '%F %T %Y', '%+']) assert.equal(splitDateAndTime(format), null, format);
  });
});
