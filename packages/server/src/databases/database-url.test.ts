import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDatabaseUrl, redact } from './database-url.js';

test('database URLs: each accepted form and what it names', () => {
  assert.deepEqual(parseDatabaseUrl('postgres://u@h:5432/db'), { dialect: 'postgres', url: 'postgres://u@h:5432/db' });
  assert.deepEqual(parseDatabaseUrl('postgresql://h/db'), { dialect: 'postgres', url: 'postgresql://h/db' });
  assert.deepEqual(parseDatabaseUrl('mysql://root@h/db'), { dialect: 'mysql', url: 'mysql://root@h/db' });
  assert.deepEqual(parseDatabaseUrl('MariaDB://root@h/db'), { dialect: 'mysql', url: 'mysql://root@h/db' });
  assert.deepEqual(parseDatabaseUrl('sqlite:data/shop.db'), { dialect: 'sqlite', path: 'data/shop.db' });
  assert.deepEqual(parseDatabaseUrl('sqlite:///tmp/shop'), { dialect: 'sqlite', path: '/tmp/shop' });
  assert.deepEqual(parseDatabaseUrl('./shop.sqlite3'), { dialect: 'sqlite', path: './shop.sqlite3' });
  assert.deepEqual(parseDatabaseUrl('/var/x.DB'), { dialect: 'sqlite', path: '/var/x.DB' });
  assert.deepEqual(parseDatabaseUrl('C:\\data\\x.sqlite'), { dialect: 'sqlite', path: 'C:\\data\\x.sqlite' });
});

test('database URLs: anything else is refused with the forms, the password hidden', () => {
  for (const bad of ['', 'shop', 'shop.csv', 'oracle://h/db', 'sqlite:', 'http://h/x.db']) {
    assert.throws(() => parseDatabaseUrl(bad), /is not one Rowloom can load into: use postgres:\/\/.*sqlite:path/, bad);
  }
  assert.throws(
    () => parseDatabaseUrl('redis://u:pa55@h/0'),
    (e: Error) => !e.message.includes('pa55'),
  );
  assert.equal(redact('mysql://root:secret@h:3306/db'), 'mysql://root:***@h:3306/db');
  assert.equal(redact('mysql://root@h/db'), 'mysql://root@h/db');
});
