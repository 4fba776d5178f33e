import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertDeclared, typeValues } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';

const BCRYPT = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** bcrypt base 64 decoded through Node's standard base 64 (same bit order, other alphabet). */
function decodeBcrypt(text: string): Buffer {
  return Buffer.from([...text].map((ch) => STANDARD[BCRYPT.indexOf(ch)]).join(''), 'base64');
}

describe('Password Hash', () => {
  const all = typeValues('Password Hash', {}, 3000);

  test('the bcrypt modular format: $2a$10$, a 22-character salt and a 31-character hash', () => {
    for (const hash of all) assert.match(hash, /^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    assertDeclared('Password Hash', all);
  });

  test('salt and hash decode to 16 and 23 bytes and encode back to the same text (canonical, as bcrypt writes them)', () => {
    for (const hash of all) {
      const salt = hash.slice(7, 29);
      const digest = hash.slice(29);
      const saltBytes = decodeBcrypt(salt);
      const digestBytes = decodeBcrypt(digest);
      assert.equal(saltBytes.length, 16);
      assert.equal(digestBytes.length, 23);
      const reencode = (bytes: Buffer) =>
        [...bytes.toString('base64').replace(/=+$/, '')].map((ch) => BCRYPT[STANDARD.indexOf(ch)]).join('');
      assert.equal(reencode(saltBytes), salt);
      assert.equal(reencode(digestBytes), digest);
    }
    assert.equal(new Set(all).size, all.length);
  });

  testReproducibility(['Password Hash']);
});
