import { test } from 'node:test';
import assert from 'node:assert/strict';
import bcrypt from 'bcryptjs';
import { generateObjects } from '../engine/sample.js';

const FIELDS = [
  { name: 'password', type: 'Password' },
  { name: 'hash', type: 'Formula', value: 'bcrypt(password)' },
  { name: 'strong', type: 'Formula', value: 'bcrypt(password, 6)' },
  { name: 'clamped', type: 'Formula', value: 'bcrypt(password, 31)' },
  { name: 'none', type: 'Formula', value: 'bcrypt(nil)' },
];

test('bcrypt(text) is a real bcrypt hash of the text, reproducible from the seed', () => {
  const rows = generateObjects(FIELDS, { count: 5, seed: 'bcrypt' });
  for (const row of rows) {
    const { password, hash, strong, clamped } = row as Record<string, string>;
    assert.match(hash, /^\$2a\$04\$[./A-Za-z0-9]{53}$/);
    assert.ok(bcrypt.compareSync(password, hash), 'the hash verifies against its password');
    assert.ok(!bcrypt.compareSync(password + 'x', hash), 'and not against another');
    assert.equal(bcrypt.getRounds(strong), 6);
    assert.equal(bcrypt.getRounds(clamped), 8, 'a cost past the bound is clamped');
    assert.equal(row.none, null);
  }
  assert.equal(new Set(rows.map((r) => r.hash)).size, rows.length, 'every row has its own salt');
  assert.deepEqual(generateObjects(FIELDS, { count: 5, seed: 'bcrypt' }), rows);
  assert.notDeepEqual(
    generateObjects(FIELDS, { count: 5, seed: 'other' }).map((r) => r.hash),
    rows.map((r) => r.hash),
  );
});
