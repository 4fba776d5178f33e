import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { assertDeclared, typeValues } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';
import { eip55 } from './ethereum-types.js';

/** EIP-55's own test vectors (all-caps, all-lower and mixed). */
const EIP55_EXAMPLES = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

/** The EIP-55 check as the EIP states it, written out here: hash the lower-case hex as ASCII, compare letter by letter. */
function hasValidChecksum(address: string): boolean {
  const hex = address.slice(2);
  const hash = Buffer.from(keccak_256(Buffer.from(hex.toLowerCase(), 'ascii'))).toString('hex');
  return [...hex].every(
    (ch, i) => !/[a-f]/i.test(ch) || (parseInt(hash[i], 16) >= 8 ? ch === ch.toUpperCase() : ch === ch.toLowerCase()),
  );
}

describe('Ethereum Address', () => {
  test('the hash is Keccak-256 (not NIST SHA3-256): the digest of the empty string', () => {
    assert.equal(
      Buffer.from(keccak_256(new Uint8Array())).toString('hex'),
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
  });

  test('eip55() reproduces the EIP-55 examples, and the written-out check accepts them', () => {
    for (const example of EIP55_EXAMPLES) {
      assert.equal(eip55(example.slice(2).toLowerCase()), example);
      assert.ok(hasValidChecksum(example), example);
    }
    assert.ok(!hasValidChecksum('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed'), 'one flipped letter fails');
  });

  test('0x and 40 hex digits with a valid EIP-55 checksum, all distinct', () => {
    const all = typeValues('Ethereum Address', {}, 3000);
    for (const address of all) {
      assert.match(address, /^0x[0-9a-fA-F]{40}$/);
      assert.ok(hasValidChecksum(address), address);
    }
    assert.equal(new Set(all).size, all.length);
    assert.ok(all.some((a) => /[A-F]/.test(a)) && all.some((a) => /[a-f]/.test(a)));
    assertDeclared('Ethereum Address', all);
  });

  testReproducibility(['Ethereum Address']);
});
