/**
 * Tezos identifiers: Base58Check text of a fixed prefix and random bytes, as Tezos writes them.
 * Each prefix is chosen (by Tezos) so that every value starts with the same letters: tz1/tz2/tz3
 * accounts (Ed25519, secp256k1, P-256 key hashes), KT1 originated contracts, B block hashes, o
 * operation hashes and sig generic signatures.
 */
import type { CounterRandom } from '../random/counter-random.js';
import { BASE58_ALPHABET, base58CheckEncode } from '../checksums/base58check.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';

interface TezosKind {
  prefix: readonly number[];
  /** Bytes after the prefix: 20 for key hashes and contracts, 32 for hashes, 64 for signatures. */
  payloadLength: number;
}

/** The prefixes of Tezos's base58 encodings (octez src/lib_crypto/base58.ml). */
export const TEZOS_KINDS = {
  tz1: { prefix: [6, 161, 159], payloadLength: 20 },
  tz2: { prefix: [6, 161, 161], payloadLength: 20 },
  tz3: { prefix: [6, 161, 164], payloadLength: 20 },
  KT1: { prefix: [2, 90, 121], payloadLength: 20 },
  B: { prefix: [1, 52], payloadLength: 32 },
  o: { prefix: [5, 116], payloadLength: 32 },
  sig: { prefix: [4, 130, 43], payloadLength: 64 },
} as const satisfies Record<string, TezosKind>;

/** A generator of one kind's values: the prefix is written once, the payload drawn per row. */
function tezosValue(kind: TezosKind): (random: CounterRandom) => string {
  const bytes = new Uint8Array(kind.prefix.length + kind.payloadLength);
  bytes.set(kind.prefix, 0);
  return (random) => {
    for (let i = kind.prefix.length; i < bytes.length; i++) bytes[i] = random.below(256);
    return base58CheckEncode(bytes);
  };
}

/** Accounts: Ed25519 (tz1) most often, as on the chain; secp256k1 (tz2) and P-256 (tz3) now and then. */
function tezosAccount(): (random: CounterRandom) => string {
  const tz1 = tezosValue(TEZOS_KINDS.tz1);
  const tz2 = tezosValue(TEZOS_KINDS.tz2);
  const tz3 = tezosValue(TEZOS_KINDS.tz3);
  return (random) => {
    const ticket = random.below(10);
    return ticket < 8 ? tz1(random) : ticket < 9 ? tz2(random) : tz3(random);
  };
}

function tezosType(
  name: string,
  description: string,
  generator: () => (random: CounterRandom) => string,
): TypeDefinition {
  // Base58Check: two SHA-256 digests per value (10-25 µs measured): not small.
  return plainType({
    name,
    category: 'IT',
    description,
    characters: () => BASE58_ALPHABET,
    generator,
    smallValues: false,
  });
}

export const tezosTypes: TypeDefinition[] = [
  tezosType(
    'Tezos Account',
    'A Tezos implicit account address: tz1 (80%), tz2 or tz3 followed by 33 Base58Check characters.',
    tezosAccount,
  ),
  tezosType('Tezos Contract', 'A Tezos originated contract address: KT1 followed by 33 Base58Check characters.', () =>
    tezosValue(TEZOS_KINDS.KT1),
  ),
  tezosType('Tezos Block', 'A Tezos block hash: 51 Base58Check characters starting with B.', () =>
    tezosValue(TEZOS_KINDS.B),
  ),
  tezosType('Tezos Operation', 'A Tezos operation hash: 51 Base58Check characters starting with o.', () =>
    tezosValue(TEZOS_KINDS.o),
  ),
  tezosType('Tezos Signature', 'A Tezos generic signature: sig followed by 93 Base58Check characters.', () =>
    tezosValue(TEZOS_KINDS.sig),
  ),
];
