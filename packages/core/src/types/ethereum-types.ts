/**
 * Ethereum Address: 0x and 20 random bytes in hex, with the EIP-55 checksum: a letter is upper
 * case where the matching hex digit of the Keccak-256 hash of the lower-case address is 8 or
 * more. Node's OpenSSL offers SHA3-256, which pads differently from Keccak-256 and so gives other
 * digests; Keccak comes from @noble/hashes (MIT, audited).
 */
import { createRequire } from 'node:module';
import type { keccak_256 as Keccak256 } from '@noble/hashes/sha3.js';
import type { CounterRandom } from '../random/counter-random.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';

/** Loaded with the first address: its module load cost every thread ~5 ms of start-up. */
let keccak: typeof Keccak256 | null = null;
function keccak256(bytes: Uint8Array): Uint8Array {
  keccak ??= (createRequire(import.meta.url)('@noble/hashes/sha3.js') as { keccak_256: typeof Keccak256 }).keccak_256;
  return keccak(bytes);
}

/** The EIP-55 mixed-case form of a lower-case 40-digit hex address (without 0x). */
export function eip55(lowerHex: string): string {
  const hash = keccak256(new TextEncoder().encode(lowerHex));
  let text = '0x';
  for (let i = 0; i < lowerHex.length; i++) {
    const nibble = i % 2 === 0 ? hash[i >> 1] >> 4 : hash[i >> 1] & 15;
    text += nibble >= 8 ? lowerHex[i].toUpperCase() : lowerHex[i];
  }
  return text;
}

function ethereumAddress(random: CounterRandom): string {
  let hex = '';
  for (let i = 0; i < 5; i++) hex += random.uint32().toString(16).padStart(8, '0');
  return eip55(hex);
}

export const ethereumTypes: TypeDefinition[] = [
  plainType({
    name: 'Ethereum Address',
    category: 'IT',
    description: 'An Ethereum address: 0x and 40 hex digits of random bytes, in the EIP-55 mixed-case checksum form.',
    characters: () => 'x0123456789abcdefABCDEF',
    generator: () => ethereumAddress,
    // A Keccak-256 digest per value (about 30 µs measured): not small.
    smallValues: false,
  }),
];
