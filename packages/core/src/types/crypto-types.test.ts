import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import Database from 'better-sqlite3';
import { generate } from '../engine/generate.js';
import { generateObjects } from '../engine/sample.js';
import { streamText } from '../testing/stream-text.js';
import { testReproducibility } from '../testing/type-reproducibility.js';

function values(type: string, count = 5000, seed: string | number = 'crypto'): string[] {
  return generateObjects([{ name: 'v', type }], { count, seed }).map((row) => row.v as string);
}

describe('MD5, SHA1, SHA256', () => {
  for (const [type, length] of [
    ['MD5', 32],
    ['SHA1', 40],
    ['SHA256', 64],
  ] as const) {
    test(`${type}: ${length} lower-case hex digits, all distinct, every digit used evenly`, () => {
      const all = values(type, 5000);
      for (const digest of all) assert.match(digest, new RegExp(`^[0-9a-f]{${length}}$`));
      assert.equal(new Set(all).size, all.length);
      const counts = new Map<string, number>();
      for (const digest of all) for (const c of digest) counts.set(c, (counts.get(c) ?? 0) + 1);
      const expected = (all.length * length) / 16;
      for (const [digit, count] of counts)
        assert.ok(Math.abs(count - expected) < expected * 0.05, `${type} digit ${digit}: ${count}`);
    });
  }

  test('the three hash fields of a row are different digests', () => {
    const rows = generateObjects(
      [
        { name: 'md5', type: 'MD5' },
        { name: 'sha1', type: 'SHA1' },
        { name: 'sha256', type: 'SHA256' },
        { name: 'md5b', type: 'MD5' },
      ],
      { count: 200, seed: 1 },
    );
    for (const row of rows) assert.notEqual(row.md5, row.md5b);
  });
});

describe('Encrypt', () => {
  test('base64 of whole AES blocks (16 bytes each)', () => {
    const all = values('Encrypt', 3000);
    const blockCounts = new Set<number>();
    for (const text of all) {
      assert.match(
        text,
        /^(?:[A-Za-z0-9+/]{4})+$|^(?:[A-Za-z0-9+/]{4})*[A-Za-z0-9+/]{2}==$|^(?:[A-Za-z0-9+/]{4})*[A-Za-z0-9+/]{3}=$/,
      );
      const bytes = Buffer.from(text, 'base64');
      assert.equal(bytes.toString('base64'), text, 'canonical base64');
      assert.equal(bytes.length % 16, 0, text);
      assert.ok(bytes.length >= 16, text);
      blockCounts.add(bytes.length / 16);
    }
    assert.ok(blockCounts.size >= 4, `ciphertext lengths in blocks: ${[...blockCounts].join(', ')}`);
    assert.equal(new Set(all).size, all.length);
  });
});

describe('Password', () => {
  test('10 to 16 characters with an upper-case letter, a lower-case letter, a digit and a symbol', () => {
    const all = values('Password', 10000);
    const lengths = new Set<number>();
    for (const password of all) {
      assert.match(password, /^[A-Za-z0-9!#$%*+\-=?@^_~]{10,16}$/);
      assert.match(password, /[A-Z]/, password);
      assert.match(password, /[a-z]/, password);
      assert.match(password, /[0-9]/, password);
      assert.match(password, /[!#$%*+\-=?@^_~]/, password);
      lengths.add(password.length);
    }
    assert.equal(lengths.size, 7);
    assert.equal(new Set(all).size, all.length);
  });

  test('the required classes are not stuck at the start', () => {
    const firstIsUpper = values('Password', 4000).filter((password) => /^[A-Z]/.test(password)).length;
    // 26 of 75 characters are upper case: about a third of first characters, not all of them.
    assert.ok(firstIsUpper > 1000 && firstIsUpper < 1800, String(firstIsUpper));
  });
});

/** The hex digits of ObjectID values as the object view (JSON) holds them: {"$oid": hex} and nothing else. */
function objectIds(type: string, count: number, seed: string | number = 'crypto'): string[] {
  return generateObjects([{ name: 'v', type }], { count, seed }).map((row) => {
    const value = row.v as Record<string, unknown>;
    assert.deepEqual(Object.keys(value), ['$oid'], JSON.stringify(value));
    return value.$oid as string;
  });
}

describe('Document-DB ObjectID', () => {
  test('24 hex digits: a creation second in 2015-2024, then 8 random bytes', () => {
    const all = objectIds('Document-DB ObjectID', 10000);
    const from = Date.UTC(2015, 0, 1) / 1000;
    const to = Date.UTC(2025, 0, 1) / 1000;
    const years = new Set<number>();
    for (const id of all) {
      assert.match(id, /^[0-9a-f]{24}$/);
      const seconds = parseInt(id.slice(0, 8), 16);
      assert.ok(seconds >= from && seconds < to, id);
      years.add(new Date(seconds * 1000).getUTCFullYear());
    }
    assert.equal(years.size, 10);
    assert.equal(new Set(all.map((id) => id.slice(8))).size, all.length);
  });

  test("the branded name 'MongoDB ObjectID' is the same type", () => {
    assert.deepEqual(objectIds('MongoDB ObjectID', 100, 3), objectIds('Document-DB ObjectID', 100, 3));
  });

  describe('is extended JSON in JSON output and the bare hex digits in every other format', () => {
    const FIELDS = [
      { name: 'id', type: 'Row Number' },
      { name: '_id', type: 'MongoDB ObjectID' },
      { name: 'ids[2]', type: 'MongoDB ObjectID' },
      { name: 'tag', type: 'Template', value: 'doc-{_id}' },
      { name: 'upper', type: 'Formula', value: "_id + '!'" },
    ];
    const COUNT = 20;
    const text = (format: 'json' | 'csv' | 'sql' | 'xml') =>
      streamText(
        generate({ fields: FIELDS, count: COUNT, seed: 'oid', writer: { format, createTable: true, table: 't' } })
          .stream,
      );
    // The object view of the same seed: what every format must carry.
    const hexes = generateObjects(FIELDS, { count: COUNT, seed: 'oid' }).map(
      (row) => (row._id as { $oid: string }).$oid,
    );

    test('json: {"$oid": "<24 hex digits>"}, also in a repeated field; a template and a formula read the hex digits', async () => {
      const rows = JSON.parse(await text('json')) as { _id: unknown; ids: unknown[]; tag: string; upper: string }[];
      assert.equal(rows.length, COUNT);
      rows.forEach((row, i) => {
        const oid = hexes[i];
        assert.deepEqual(row._id, { $oid: oid });
        assert.match(oid, /^[0-9a-f]{24}$/);
        for (const id of row.ids) assert.match((id as { $oid: string }).$oid, /^[0-9a-f]{24}$/);
        assert.equal(row.tag, `doc-${oid}`);
        assert.equal(row.upper, `${oid}!`);
      });
    });

    test('csv: the hex digits', async () => {
      const rows = parse(await text('csv'), { columns: true }) as Record<string, string>[];
      assert.deepEqual(
        rows.map((r) => r._id),
        hexes,
      );
    });

    test('sql: a quoted hex string that a real database stores as text', async () => {
      const db = new Database(':memory:');
      db.exec(await text('sql'));
      const rows = db.prepare('select _id from t order by id').all() as { _id: unknown }[];
      assert.deepEqual(
        rows.map((r) => r._id),
        hexes,
      );
    });

    test('xml: the hex digits as the element text', async () => {
      const parsed = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'record' }).parse(
        await text('xml'),
      ) as { dataset: { record: { _id: string }[] } };
      assert.deepEqual(
        parsed.dataset.record.map((r) => r._id),
        hexes,
      );
    });
  });
});

describe('all crypto types', () => {
  const TYPES = ['MD5', 'SHA1', 'SHA256', 'Encrypt', 'Password', 'Document-DB ObjectID'];

  testReproducibility(TYPES);

  test('no parameters: stray keys (a length for Password) change nothing', () => {
    for (const type of TYPES) {
      const withStray = generateObjects([{ name: 'v', type, length: 4, key: 'secret' }], { count: 50, seed: 1 }).map(
        (row) => row.v,
      );
      assert.deepEqual(withStray, values(type, 50, 1), type);
    }
  });
});
