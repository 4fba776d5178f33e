import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { assertDeclared, typeValues } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';

// bs58check (MIT) decodes and verifies the checksum independently of checksums/base58check.ts.
const require = createRequire(import.meta.url);
const bs58check = (require('bs58check') as { default: { decode(text: string): Uint8Array } }).default;

/** Tezos's prefixes as its documentation and client libraries list them (bytes, payload length, text start, text length). */
const KINDS = {
  tz1: { prefix: [6, 161, 159], payload: 20, length: 36 },
  tz2: { prefix: [6, 161, 161], payload: 20, length: 36 },
  tz3: { prefix: [6, 161, 164], payload: 20, length: 36 },
  KT1: { prefix: [2, 90, 121], payload: 20, length: 36 },
  B: { prefix: [1, 52], payload: 32, length: 51 },
  o: { prefix: [5, 116], payload: 32, length: 51 },
  sig: { prefix: [4, 130, 43], payload: 64, length: 96 },
} as const;
type Kind = keyof typeof KINDS;

/** Checks one value: it decodes (checksum verified), and its prefix bytes, payload length and text start match the kind. */
function assertTezos(value: string, kind: Kind): void {
  const { prefix, payload, length } = KINDS[kind];
  assert.ok(value.startsWith(kind), `${value} starts with ${kind}`);
  assert.equal(value.length, length, value);
  const bytes = bs58check.decode(value);
  assert.deepEqual([...bytes.subarray(0, prefix.length)], [...prefix], value);
  assert.equal(bytes.length - prefix.length, payload, value);
}

describe('Tezos types', () => {
  test('Tezos Account: tz1, tz2 or tz3 addresses, Base58Check valid, tz1 most often', () => {
    const all = typeValues('Tezos Account', {}, 3000);
    const counts: Record<string, number> = {};
    for (const value of all) {
      const kind = value.slice(0, 3) as Kind;
      assert.ok(['tz1', 'tz2', 'tz3'].includes(kind), value);
      assertTezos(value, kind);
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    assert.ok(counts.tz1 > 2200 && counts.tz2 > 150 && counts.tz3 > 150, JSON.stringify(counts));
    assertDeclared('Tezos Account', all);
  });

  for (const [type, kind] of [
    ['Tezos Contract', 'KT1'],
    ['Tezos Block', 'B'],
    ['Tezos Operation', 'o'],
    ['Tezos Signature', 'sig'],
  ] as const) {
    test(`${type}: ${kind}... Base58Check with Tezos's prefix and payload length, all distinct`, () => {
      const all = typeValues(type, {}, 1000);
      for (const value of all) assertTezos(value, kind);
      assert.equal(new Set(all).size, all.length);
      assertDeclared(type, all);
    });
  }

  test('a real mainnet address decodes with the tz1 prefix (the test table itself is right)', () => {
    assertTezos('tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx', 'tz1');
  });

  testReproducibility(['Tezos Account', 'Tezos Contract', 'Tezos Block', 'Tezos Operation', 'Tezos Signature']);
});
