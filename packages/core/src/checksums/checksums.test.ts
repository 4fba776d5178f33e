import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { isValidBBAN } from 'ibantools';
import { CounterRandom } from '../random/counter-random.js';
import { base58CheckEncode, base58Encode } from './base58check.js';
import { NATIONAL_CHECKS } from './iban-national.js';
import { luhnCheckDigit } from './luhn.js';
import { isbn10CheckCharacter, nhsCheckDigit } from './mod11.js';
import { ibanCharacterValue, ibanCheckDigits, mod97OfText } from './mod97.js';

const require = createRequire(import.meta.url);
const bs58check = (
  require('bs58check') as { default: { encode(payload: Uint8Array): string; decode(text: string): Uint8Array } }
).default;

const digitsOf = (text: string) => [...text].map(Number);

describe('Luhn', () => {
  test('published examples', () => {
    assert.equal(luhnCheckDigit(digitsOf('7992739871')), 3);
    assert.equal(luhnCheckDigit(digitsOf('411111111111111')), 1); // 4111 1111 1111 1111
    assert.equal(luhnCheckDigit(digitsOf('37828224631000')), 5); // 3782 822463 10005
    assert.equal(luhnCheckDigit([]), 0);
  });
});

describe('mod 11', () => {
  test('NHS numbers: a published valid number; 11 becomes 0; a check of 10 is never issued', () => {
    assert.equal(nhsCheckDigit(digitsOf('943476591')), 9); // 943 476 5919
    assert.equal(nhsCheckDigit(digitsOf('000000000')), 0); // remainder 0: 11 -> 0
    assert.equal(nhsCheckDigit(digitsOf('000000005')), 1); // 5 * 2 = 10: 11 - 10 = 1
    assert.equal(nhsCheckDigit(digitsOf('000000006')), null); // 6 * 2 = 12, remainder 1: 11 - 1 = 10
  });

  test('ISBN-10 check characters, X for ten', () => {
    assert.equal(isbn10CheckCharacter(digitsOf('030640615')), '2'); // 0-306-40615-2
    assert.equal(isbn10CheckCharacter(digitsOf('080442957')), 'X'); // 0-8044-2957-X
    assert.equal(isbn10CheckCharacter(digitsOf('059604784')), '3');
  });
});

describe('MOD 97-10', () => {
  test('IBAN check digits of published examples', () => {
    const values = (bban: string) => [...bban].map(ibanCharacterValue);
    assert.equal(ibanCheckDigits('GB', values('WEST12345698765432')), 82);
    assert.equal(ibanCheckDigits('NL', values('ABNA0417164300')), 91);
    assert.equal(ibanCheckDigits('DE', values('370400440532013000')), 89);
    assert.equal(mod97OfText('WEST12345698765432GB82'), 1);
  });

  test('agrees with big-integer arithmetic', () => {
    const random = new CounterRandom(7);
    for (let i = 0; i < 200; i++) {
      random.reset(i);
      let text = '';
      const length = random.intBetween(1, 40);
      for (let j = 0; j < length; j++) text += '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[random.below(36)];
      const asNumber = BigInt([...text].map((c) => String(ibanCharacterValue(c))).join(''));
      assert.equal(mod97OfText(text), Number(asNumber % 97n), text);
    }
  });

  test('rejects characters that have no value', () => {
    assert.throws(() => mod97OfText('AB-12'), /"-" cannot occur/);
  });
});

describe('national BBAN check digits', () => {
  const LENGTHS: Record<string, number> = {
    BA: 16,
    ME: 18,
    MK: 15,
    PT: 21,
    RS: 18,
    SI: 15,
    BE: 12,
    ES: 20,
    CZ: 20,
    SK: 20,
    NO: 11,
    PL: 24,
    EE: 16,
    HR: 17,
    HU: 24,
    FR: 23,
    MC: 23,
  };

  test("random digits with the check digits set pass ibantools' national validation", () => {
    const random = new CounterRandom(11);
    for (const [country, length] of Object.entries(LENGTHS)) {
      const check = NATIONAL_CHECKS[country];
      assert.ok(check, country);
      for (let i = 0; i < 500; i++) {
        random.reset(i);
        const bban = Array.from({ length }, () => random.below(10));
        check(bban);
        const text = bban.join('');
        assert.ok(isValidBBAN(text, country), `${country} ${text}`);
      }
    }
  });

  test('Belgium: the check digits of a published account number are reproduced', () => {
    // Belgium: 539-0075470-34 is a published example.
    assert.ok(isValidBBAN('539007547034', 'BE'));
    const bban = digitsOf('539007547000');
    NATIONAL_CHECKS.BE(bban);
    assert.equal(bban.join(''), '539007547034');
  });
});

describe('Base58Check', () => {
  test('leading zero bytes become 1s; known encodings', () => {
    assert.equal(base58Encode(new Uint8Array([0, 0, 1])), '112');
    assert.equal(base58Encode(new Uint8Array([])), '');
    assert.equal(base58Encode(Buffer.from('hello world')), 'StV1DL6CwTryKyV');
  });

  test('the genesis block address, and agreement with bs58check on random payloads', () => {
    const genesis = Buffer.from('0062e907b15cbf27d5425399ebf6f0fb50ebb88f18', 'hex');
    assert.equal(base58CheckEncode(genesis), '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    const random = new CounterRandom(3);
    for (let i = 0; i < 500; i++) {
      random.reset(i);
      const payload = Uint8Array.from({ length: random.intBetween(1, 40) }, () =>
        random.chance(0.2) ? 0 : random.below(256),
      );
      const text = base58CheckEncode(payload);
      assert.equal(text, bs58check.encode(payload));
      assert.deepEqual([...bs58check.decode(text)], [...payload]);
    }
  });
});
