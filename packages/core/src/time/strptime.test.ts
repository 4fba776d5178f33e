import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compileStrftime } from './strftime.js';
import { compileStrptime } from './strptime.js';

const REFERENCE = Date.UTC(2025, 5, 15, 10, 30);

describe('strptime reads strftime output back', () => {
  test('formats that write every part round-trip for any second from year 1 to 9999', () => {
    const formats = [
      '%FT%T%:z',
      '%Y-%m-%d %H:%M:%S',
      '%m/%d/%Y %I:%M:%S %p',
      '%d %B %Y %H:%M:%S',
      '%a %b %e %T %Y',
      '%Y%m%d%H%M%S',
      '%c',
      '%s',
      '%-m/%-d/%Y %l:%M:%S %P',
      '%Y-%j %T',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: -62_135_596_800, max: 253_402_300_799 }),
        fc.constantFrom(...formats),
        (seconds, format) => {
          const text = compileStrftime(format)(seconds * 1000);
          assert.equal(compileStrptime(format)!(text, REFERENCE), seconds * 1000, `${format}: ${text}`);
        },
      ),
    );
  });

  test('date-only formats give the start of the day; %L keeps milliseconds', () => {
    assert.equal(compileStrptime('%m/%d/%Y')!('07/04/2015', REFERENCE), Date.UTC(2015, 6, 4));
    assert.equal(compileStrptime('%F')!('2015-07-04', REFERENCE), Date.UTC(2015, 6, 4));
    assert.equal(compileStrptime('%T.%L')!('01:02:03.045', REFERENCE), Date.UTC(2025, 5, 15, 1, 2, 3, 45));
  });

  test('parts the format leaves out come from the reference time, as Ruby takes them from today', () => {
    assert.equal(
      compileStrptime('%H:%M')!('08:15', REFERENCE),
      Date.UTC(2025, 5, 15, 8, 15),
      'a time of day is on the reference day',
    );
    assert.equal(compileStrptime('%b %d')!('Feb 03', REFERENCE), Date.UTC(2025, 1, 3), 'no year: the reference year');
    assert.equal(compileStrptime('%y')!('99', REFERENCE), Date.UTC(1999, 0, 1), '%y 69-99 is 1969-1999');
  });

  test('offsets are applied; texts that do not fit, impossible days and unreadable formats give null', () => {
    assert.equal(compileStrptime('%FT%T%:z')!('2020-01-01T05:00:00+05:00', REFERENCE), Date.UTC(2020, 0, 1));
    assert.equal(compileStrptime('%m/%d/%Y')!('2015-07-04', REFERENCE), null);
    assert.equal(compileStrptime('%m/%d/%Y')!('02/30/2015', REFERENCE), null);
    assert.equal(compileStrptime('%m/%d/%Y')!('13/01/2015', REFERENCE), null);
    assert.equal(compileStrptime('week %U'), null, 'a week number alone does not say which day');
    assert.equal(compileStrptime('no directives'), null);
    assert.equal(compileStrptime('%s%s'), null, 'two numbers of no fixed width side by side have no one reading');
    assert.equal(compileStrptime('%Y'.repeat(25)), null, 'at most 24 directives');
  });

  test('numbers side by side are read at their fixed widths', () => {
    assert.equal(compileStrptime('%Y%m%d%H%M')!('202407040930', REFERENCE), Date.UTC(2024, 6, 4, 9, 30));
    assert.equal(
      compileStrptime('%-m%-d%Y')!('742024', REFERENCE),
      null,
      'unpadded numbers side by side cannot be split',
    );
  });
});
