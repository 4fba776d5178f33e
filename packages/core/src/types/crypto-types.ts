/**
 * Hashes, ciphertexts, passwords and document-database object ids. Everything is computed from
 * the row's random draws (never crypto.randomBytes), so a seed reproduces the same values:
 * hashes are real digests of random bytes, Encrypt is a real AES-256 ciphertext of random text
 * under a random key.
 */
import { createCipheriv, hash } from 'node:crypto';
import { EN } from '../data/faker-en.js';
import type { CounterRandom } from '../random/counter-random.js';
import { JsonFragment } from '../kernel/values.js';
import { charactersOf } from '../kernel/characters.js';
import type { TypeDefinition, ValueGenerator } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';

const HEX = '0123456789abcdef';
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';

/** Fills `bytes` from the row's draws, four bytes per draw. */
function fillRandom(random: CounterRandom, bytes: Buffer): Buffer {
  for (let i = 0; i + 4 <= bytes.length; i += 4) bytes.writeUInt32BE(random.uint32(), i);
  for (let i = bytes.length & ~3; i < bytes.length; i++) bytes[i] = random.below(256);
  return bytes;
}

function cryptoType(
  name: string,
  category: string,
  description: string,
  characters: string,
  generate: () => ValueGenerator,
  smallValues: boolean,
  aliases?: string[],
): TypeDefinition {
  return plainType({
    name,
    aliases,
    category,
    description,
    characters: () => characters,
    generator: generate,
    smallValues,
  });
}

/** A hash type: the hex digest of 32 random bytes. */
function digestType(name: string, algorithm: string, hexLength: number): TypeDefinition {
  return cryptoType(
    name,
    'IT',
    `A ${name} digest of random data: ${hexLength} lower-case hex digits.`,
    HEX,
    () => {
      const input = Buffer.alloc(32);
      return (random) => hash(algorithm, fillRandom(random, input), 'hex');
      // Cryptographic digests are kept off the main thread, however short their input.
    },
    false,
  );
}

// ---------------------------------------------------------------------------------------------
// Encrypt

const LOREM_WORDS: readonly string[] = EN.lorem?.word ?? [];

/** 2 to 12 lorem words: the plaintext Encrypt encrypts. */
function plaintext(random: CounterRandom): string {
  const count = random.intBetween(2, 12);
  let text = LOREM_WORDS[random.below(LOREM_WORDS.length)];
  for (let i = 1; i < count; i++) text += ' ' + LOREM_WORDS[random.below(LOREM_WORDS.length)];
  return text;
}

const encrypt = cryptoType(
  'Encrypt',
  'Advanced',
  'Base64 of an AES-256-CBC ciphertext of 2 to 12 random words under a random key and IV.',
  BASE64,
  () => {
    if (LOREM_WORDS.length === 0)
      throw new Error('@faker-js/faker EN.lorem.word is missing: Encrypt encrypts lorem text');
    const key = Buffer.alloc(32);
    const iv = Buffer.alloc(16);
    return (random) => {
      const cipher = createCipheriv('aes-256-cbc', fillRandom(random, key), fillRandom(random, iv));
      const head = cipher.update(plaintext(random), 'utf8');
      return Buffer.concat([head, cipher.final()]).toString('base64');
    };
  },
  // A cipher set up per value (about 15 µs measured): not small.
  false,
);

// ---------------------------------------------------------------------------------------------
// Password

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const NUMBERS = '0123456789';
/** Symbols that common password rules accept; no quotes, commas, backslashes or spaces. */
const SYMBOLS = '!#$%*+-=?@^_~';
const PASSWORD_CLASSES = [UPPER, LOWER, NUMBERS, SYMBOLS];
const PASSWORD_CHARACTERS = PASSWORD_CLASSES.join('');
const PASSWORD_MIN_LENGTH = 10;
const PASSWORD_MAX_LENGTH = 16;

/** 10 to 16 characters with at least one upper-case letter, lower-case letter, digit and symbol. */
function password(random: CounterRandom, characters: string[]): string {
  const length = random.intBetween(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH);
  characters.length = length;
  // One of each class first, the rest from all of them, then shuffled so the classes land anywhere.
  for (let i = 0; i < PASSWORD_CLASSES.length; i++)
    characters[i] = PASSWORD_CLASSES[i][random.below(PASSWORD_CLASSES[i].length)];
  for (let i = PASSWORD_CLASSES.length; i < length; i++)
    characters[i] = PASSWORD_CHARACTERS[random.below(PASSWORD_CHARACTERS.length)];
  for (let i = length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const swap = characters[i];
    characters[i] = characters[j];
    characters[j] = swap;
  }
  return characters.join('');
}

// ---------------------------------------------------------------------------------------------
// Document-DB ObjectID

/** Object ids carry their creation second: drawn between these moments (UTC), reproducibly. */
const OBJECT_ID_FROM = Date.UTC(2015, 0, 1) / 1000;
const OBJECT_ID_TO = Date.UTC(2025, 0, 1) / 1000 - 1;

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}

/** 12 bytes as 24 hex digits: a 4-byte big-endian creation time in seconds, then 8 random bytes. */
function objectIdHex(random: CounterRandom): string {
  return hex8(random.intBetween(OBJECT_ID_FROM, OBJECT_ID_TO)) + hex8(random.uint32()) + hex8(random.uint32());
}

/**
 * In JSON the document database's extended JSON, {"$oid": "..."}, as the established product
 * writes it; in every other format (CSV, SQL, XML...) and inside formulas, the 24 hex digits.
 */
function objectId(random: CounterRandom): JsonFragment {
  const hex = objectIdHex(random);
  return new JsonFragment('{"$oid":"' + hex + '"}', hex);
}

export const cryptoTypes: TypeDefinition[] = [
  digestType('MD5', 'md5', 32),
  digestType('SHA1', 'sha1', 40),
  digestType('SHA256', 'sha256', 64),
  encrypt,
  cryptoType(
    'Password',
    'Basic',
    'A random password of 10 to 16 characters with at least one upper-case letter, one lower-case letter, one digit and one symbol.',
    charactersOf(PASSWORD_CHARACTERS),
    () => {
      const characters: string[] = [];
      return (random) => password(random, characters);
    },
    true,
  ),
  cryptoType(
    'Document-DB ObjectID',
    'IT',
    'A document-database object id: 24 hex digits, a creation time between 2015 and 2024 followed by 8 random bytes. ' +
      'In JSON output it is the extended-JSON object {"$oid": "<24 hex digits>"}; in CSV, TSV, SQL and XML, and inside formulas, the bare hex digits.',
    HEX,
    () => objectId,
    true,
    ['MongoDB ObjectID'],
  ),
];
