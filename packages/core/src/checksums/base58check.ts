/**
 * Base58Check, the text form of Bitcoin addresses: payload + the first four bytes of the
 * payload's double SHA-256, written in base 58 over an alphabet without look-alike characters
 * (no 0, O, I, l); every leading zero byte becomes a leading '1'.
 */
import { hash } from 'node:crypto';

export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** SHA-256 of SHA-256 of `bytes`. */
export function doubleSha256(bytes: Uint8Array): Buffer {
  return hash('sha256', hash('sha256', bytes, 'buffer'), 'buffer');
}

/**
 * The number is converted in limbs of 58^5 (five base-58 digits each) fed two bytes at a time:
 * limb * 65536 + carry stays below 2^53, so plain numbers are exact, with a tenth of the steps
 * of digit-by-digit division.
 */
const LIMB = 58 ** 5;
const DIGITS_PER_LIMB = 5;

/** Base 58 text of `bytes` (a big-endian number); every leading zero byte becomes a '1'. */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const limbs: number[] = []; // least significant first
  // An odd count leaves one byte to take alone, first, so the rest go in pairs.
  let i = zeros;
  while (i < bytes.length) {
    const pair = (bytes.length - i) % 2 === 0;
    const factor = pair ? 65536 : 256;
    let carry = pair ? bytes[i] * 256 + bytes[i + 1] : bytes[i];
    i += pair ? 2 : 1;
    for (let j = 0; j < limbs.length; j++) {
      const x = limbs[j] * factor + carry;
      carry = Math.floor(x / LIMB);
      limbs[j] = x - carry * LIMB;
    }
    while (carry > 0) {
      const next = Math.floor(carry / LIMB);
      limbs.push(carry - next * LIMB);
      carry = next;
    }
  }
  let digits = '';
  for (let j = limbs.length - 1; j >= 0; j--) {
    let limb = limbs[j];
    let chunk = '';
    for (let k = 0; k < DIGITS_PER_LIMB; k++) {
      chunk = BASE58_ALPHABET[limb % 58] + chunk;
      limb = Math.floor(limb / 58);
    }
    digits += chunk;
  }
  // The most significant limb is padded with zero digits ('1'): they are not part of the number.
  let leading = 0;
  while (leading < digits.length && digits[leading] === '1') leading++;
  return '1'.repeat(zeros) + digits.slice(leading);
}

/** Base58Check text of `payload` (version byte and data). */
export function base58CheckEncode(payload: Uint8Array): string {
  const checksum = doubleSha256(payload).subarray(0, 4);
  const whole = new Uint8Array(payload.length + 4);
  whole.set(payload, 0);
  whole.set(checksum, payload.length);
  return base58Encode(whole);
}
