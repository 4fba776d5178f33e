import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDateParam, parseDateTime, parseTimeOfDay, parseTimeParam } from './parse.js';

describe('parseDateParam', () => {
  test('mm/dd/yyyy with one- or two-digit month and day', () => {
    assert.equal(parseDateParam('1/5/2020'), Date.UTC(2020, 0, 5));
    assert.equal(parseDateParam('01/05/2020'), Date.UTC(2020, 0, 5));
    assert.equal(parseDateParam('12/31/2005'), Date.UTC(2005, 11, 31));
    assert.equal(parseDateParam(' 7/4/1776 '), Date.UTC(1776, 6, 4));
  });

  test('leap days only in leap years', () => {
    assert.equal(parseDateParam('2/29/2020'), Date.UTC(2020, 1, 29));
    assert.equal(parseDateParam('2/29/2000'), Date.UTC(2000, 1, 29));
    assert.equal(parseDateParam('2/29/2021'), null);
    assert.equal(parseDateParam('2/29/1900'), null);
    assert.equal(parseDateParam('2/30/2021'), null);
  });

  test('rejects impossible dates and garbage', () => {
    for (const text of [
      '13/45/2020',
      '13/1/2020',
      '0/1/2020',
      '1/0/2020',
      '4/31/2020',
      '1/32/2020',
      '1/5/20',
      '1/5/20200',
      '',
      'yesterday',
      '2020/01/05',
      '1-5-2020',
      '1/5/2020 25:00',
      '1/5/2020 10:60',
      '1/5/2020 13:00 PM',
      '1/5/2020 0:30 AM',
      '1/5/2020 10:00 XM',
      '2020-13-01',
      '2020-02-30',
      '2020-1-5',
      '2020-01-05T24:00',
      '2020-01-05T10:00+25:00',
      '2020-01-05T10:00:61',
    ]) {
      assert.equal(parseDateParam(text), null, JSON.stringify(text));
    }
  });

  test('an optional time after the date, 24-hour or with AM/PM', () => {
    assert.equal(parseDateParam('12/31/2005 23:30'), Date.UTC(2005, 11, 31, 23, 30));
    assert.equal(parseDateParam('12/31/2005 11:30 PM'), Date.UTC(2005, 11, 31, 23, 30));
    assert.equal(parseDateParam('12/31/2005 11:30:15pm'), Date.UTC(2005, 11, 31, 23, 30, 15));
    assert.equal(parseDateParam('12/31/2005 12:00 AM'), Date.UTC(2005, 11, 31, 0, 0));
    assert.equal(parseDateParam('12/31/2005 12:05 p.m.'), Date.UTC(2005, 11, 31, 12, 5));
  });

  test('ISO 8601 dates and date-times, offsets converted to UTC', () => {
    assert.equal(parseDateParam('2020-01-05'), Date.UTC(2020, 0, 5));
    assert.equal(parseDateParam('2020-01-05T10:20'), Date.UTC(2020, 0, 5, 10, 20));
    assert.equal(parseDateParam('2020-01-05T10:20:30Z'), Date.UTC(2020, 0, 5, 10, 20, 30));
    assert.equal(parseDateParam('2020-01-05 10:20:30.250'), Date.UTC(2020, 0, 5, 10, 20, 30, 250));
    assert.equal(parseDateParam('2020-01-05T10:20:30+02:00'), Date.UTC(2020, 0, 5, 8, 20, 30));
    assert.equal(parseDateParam('2020-01-05T00:30-0130'), Date.UTC(2020, 0, 5, 2, 0));
  });

  test('reports the precision written, for inclusive maxima', () => {
    assert.equal(parseDateTime('1/5/2020')?.precision, 'day');
    assert.equal(parseDateTime('1/5/2020 10:00 AM')?.precision, 'minute');
    assert.equal(parseDateTime('2020-01-05T10:00:00Z')?.precision, 'second');
  });

  test('property: any real date round-trips through m/d/yyyy and ISO forms', () => {
    const low = Date.UTC(1000, 0, 1);
    const high = Date.UTC(9999, 11, 31);
    fc.assert(
      fc.property(fc.integer({ min: low / 86_400_000, max: high / 86_400_000 }), (day) => {
        const date = new Date(day * 86_400_000);
        const us = `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
        assert.equal(parseDateParam(us), date.getTime(), us);
        assert.equal(parseDateParam(date.toISOString().slice(0, 10)), date.getTime());
      }),
    );
  });
});

describe('parseTimeParam', () => {
  test('12-hour times with AM/PM', () => {
    assert.equal(parseTimeParam('12:00 AM'), 0);
    assert.equal(parseTimeParam('12:30 am'), 30 * 60);
    assert.equal(parseTimeParam('11:59 PM'), 23 * 3600 + 59 * 60);
    assert.equal(parseTimeParam('12:00 PM'), 12 * 3600);
    assert.equal(parseTimeParam('9:05 am'), 9 * 3600 + 5 * 60);
    assert.equal(parseTimeParam('9:05AM'), 9 * 3600 + 5 * 60);
    assert.equal(parseTimeParam('1:02:03 PM'), 13 * 3600 + 2 * 60 + 3);
  });

  test('24-hour times', () => {
    assert.equal(parseTimeParam('00:00'), 0);
    assert.equal(parseTimeParam('23:59'), 23 * 3600 + 59 * 60);
    assert.equal(parseTimeParam('23:59:59'), 86399);
    assert.equal(parseTimeParam('7:30'), 7 * 3600 + 30 * 60);
  });

  test('rejects invalid times', () => {
    for (const text of [
      '',
      'noon',
      '24:00',
      '12:60',
      '10:00:60',
      '13:00 PM',
      '0:30 AM',
      '12:00 m',
      '12:00 a',
      '1200',
      '9 AM',
      '9:5',
    ]) {
      assert.equal(parseTimeParam(text), null, JSON.stringify(text));
    }
  });

  test('reports whether seconds were written', () => {
    assert.equal(parseTimeOfDay('11:59 PM')?.precision, 'minute');
    assert.equal(parseTimeOfDay('23:59:30')?.precision, 'second');
  });
});
