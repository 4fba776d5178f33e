import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { civilFromDays, daysFromCivil, daysInMonth, isLeapYear, isValidDate } from './civil.js';

const DAY_MS = 86_400_000;

describe('civil calendar', () => {
  test('agrees with Date over years -5000..15000 both ways', () => {
    const low = Math.floor(new Date(0).setUTCFullYear(-5000, 0, 1) / DAY_MS);
    const high = Math.floor(new Date(0).setUTCFullYear(15000, 11, 31) / DAY_MS);
    fc.assert(
      fc.property(fc.integer({ min: low, max: high }), (days) => {
        const date = new Date(days * DAY_MS);
        const civil = civilFromDays(days);
        assert.deepEqual(civil, { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
        assert.equal(daysFromCivil(civil.year, civil.month, civil.day), days);
      }),
      { numRuns: 5000 },
    );
  });

  test('epoch day and leap rules', () => {
    assert.equal(daysFromCivil(1970, 1, 1), 0);
    assert.deepEqual(civilFromDays(-1), { year: 1969, month: 12, day: 31 });
    assert.ok(isLeapYear(2000) && isLeapYear(2024) && !isLeapYear(1900) && !isLeapYear(2023));
    assert.equal(daysInMonth(2024, 2), 29);
    assert.equal(daysInMonth(2023, 2), 28);
    assert.ok(
      isValidDate(2020, 2, 29) && !isValidDate(2021, 2, 29) && !isValidDate(2020, 13, 1) && !isValidDate(2020, 4, 31),
    );
  });
});
