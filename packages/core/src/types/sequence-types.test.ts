import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';

function values(
  type: string,
  params: Record<string, unknown> = {},
  count = 500,
  seed: string | number = 'sequences',
): string[] {
  return generateObjects([{ name: 's', type, ...params }], { count, seed }).map((row) => row.s as string);
}

/** Every character seen at each position of the values. */
function charactersByPosition(all: string[]): Set<string>[] {
  const positions: Set<string>[] = [];
  for (const value of all) {
    for (let i = 0; i < value.length; i++) (positions[i] ??= new Set()).add(value[i]);
  }
  return positions;
}

const sorted = (set: Set<string>) => [...set].sort().join('');

describe('Character Sequence and Digit Sequence', () => {
  test('each symbol draws from its class, every member reachable', () => {
    const all = values('Character Sequence', { format: '#@^*$%' }, 5000);
    for (const value of all) assert.match(value, /^[0-9][a-z][A-Z][0-9a-zA-Z][0-9a-z][0-9A-Z]$/);
    const [digit, lower, upper, any, digitOrLower, digitOrUpper] = charactersByPosition(all);
    assert.equal(sorted(digit), '0123456789');
    assert.equal(sorted(lower), 'abcdefghijklmnopqrstuvwxyz');
    assert.equal(sorted(upper), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    assert.equal(any.size, 62);
    assert.equal(digitOrLower.size, 36);
    assert.equal(digitOrUpper.size, 36);
  });

  test('other characters are copied; a backslash copies the next character', () => {
    for (const value of values('Digit Sequence', { format: 'ID-###/x\\#\\\\' }))
      assert.match(value, /^ID-\d{3}\/x#\\$/);
    assert.deepEqual(new Set(values('Character Sequence', { format: 'plain text!' }, 5)), new Set(['plain text!']));
    // A backslash at the very end has nothing to escape and stays.
    for (const value of values('Character Sequence', { format: '#\\' }, 20)) assert.match(value, /^\d\\$/);
  });

  test('without a format: "@@@-###" and "###-##-####"', () => {
    for (const value of values('Character Sequence')) assert.match(value, /^[a-z]{3}-\d{3}$/);
    for (const value of values('Digit Sequence', { format: '' })) assert.match(value, /^\d{3}-\d{2}-\d{4}$/);
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('Character Sequence', {}, 100, 1), values('Character Sequence', {}, 100, 1));
    assert.notDeepEqual(values('Character Sequence', {}, 100, 1), values('Character Sequence', {}, 100, 2));
    assert.notDeepEqual(values('Digit Sequence', {}, 100, 1), values('Digit Sequence', {}, 100, 2));
  });
});

describe('GUID', () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  test('RFC 4122 version 4, lowercase, every random hex digit varies', () => {
    const all = values('GUID', {}, 5000);
    for (const value of all) assert.match(value, V4);
    assert.equal(new Set(all).size, all.length);
    const positions = charactersByPosition(all);
    positions.forEach((chars, i) => {
      if ([8, 13, 18, 23].includes(i)) assert.equal(sorted(chars), '-');
      else if (i === 14) assert.equal(sorted(chars), '4');
      else if (i === 19) assert.equal(sorted(chars), '89ab');
      else assert.equal(chars.size, 16, `position ${i}: ${sorted(chars)}`);
    });
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('GUID', {}, 100, 1), values('GUID', {}, 100, 1));
    assert.notDeepEqual(values('GUID', {}, 100, 1), values('GUID', {}, 100, 2));
  });
});
