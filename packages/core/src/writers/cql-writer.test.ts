/**
 * No CQL parser is published for Node, so the output is checked two ways: flat rows are run by
 * SQLite (whose string, number, boolean and null literals, and double-quoted names, follow the
 * same rules as CQL's), and every statement is read by the strict reader below, written from
 * CQL's grammar for INSERT and its constants (strings: '...' with '' for a quote and nothing
 * else special; numbers bare; true/false; null; {k: v} maps; [a, b] lists).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { ItemList, JsonFragment, Verbatim, type Value } from '../kernel/values.js';
import { checkWriterOptions, createWriter } from './index.js';
import { cqlIdentifier } from './cql-text.js';
import {
  assertRangesJoin,
  field,
  items,
  object,
  richRows,
  richShape,
  stringColumns,
  writeAll,
} from './writer-fixtures.js';

type Term = string | number | boolean | null | Term[] | Map<Term, Term> | { code: string };

interface Insert {
  table: string;
  columns: string[];
  values: Term[];
}

/** Reads `INSERT INTO t (a, "b") VALUES (...);` statements, each ending at `;\n`; throws on anything else. */
function readInserts(text: string): Insert[] {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`expected ${what} at ${i}: ${JSON.stringify(text.slice(i, i + 40))}`);
  };
  const skipSpaces = () => {
    while (text[i] === ' ') i++;
  };
  const expect = (s: string) => {
    skipSpaces();
    if (!text.startsWith(s, i)) fail(JSON.stringify(s));
    i += s.length;
  };
  const identifier = (): string => {
    skipSpaces();
    if (text[i] === '"') {
      let out = '';
      for (i++; ; i++) {
        if (i >= text.length) fail('closing "');
        if (text[i] === '"') {
          if (text[i + 1] !== '"') break;
          i++;
        }
        out += text[i];
      }
      i++;
      return out;
    }
    const bare = /^[A-Za-z][A-Za-z0-9_]*/.exec(text.slice(i));
    if (!bare) fail('an identifier');
    i += bare![0].length;
    return bare![0].toLowerCase(); // CQL folds bare names
  };
  const term = (): Term => {
    skipSpaces();
    const c = text[i];
    if (c === "'") {
      let out = '';
      for (i++; ; i++) {
        if (i >= text.length) fail("closing '");
        if (text[i] === "'") {
          if (text[i + 1] !== "'") break;
          i++;
        }
        out += text[i];
      }
      i++;
      return out;
    }
    if (c === '[') {
      i++;
      const list: Term[] = [];
      skipSpaces();
      if (text[i] === ']') return (i++, list);
      for (;;) {
        list.push(term());
        skipSpaces();
        if (text[i] === ']') return (i++, list);
        expect(',');
      }
    }
    if (c === '{') {
      i++;
      const map = new Map<Term, Term>();
      skipSpaces();
      if (text[i] === '}') return (i++, map);
      for (;;) {
        const key = term();
        expect(':');
        map.set(key, term());
        skipSpaces();
        if (text[i] === '}') return (i++, map);
        expect(',');
      }
    }
    const word = /^(true|false|null)\b/.exec(text.slice(i));
    if (word) {
      i += word[0].length;
      return word[0] === 'null' ? null : word[0] === 'true';
    }
    const number = /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i));
    if (!number) fail('a CQL constant');
    i += number![0].length;
    return Number(number![0]);
  };
  const list = <T>(item: () => T): T[] => {
    expect('(');
    const out = [item()];
    for (skipSpaces(); text[i] === ','; skipSpaces()) {
      i++;
      out.push(item());
    }
    expect(')');
    return out;
  };
  const inserts: Insert[] = [];
  while (i < text.length) {
    expect('INSERT INTO');
    let table = identifier();
    if (text[i] === '.') {
      i++;
      table += '.' + identifier();
    }
    const columns = list(identifier);
    expect('VALUES');
    const values = list(term);
    if (text.slice(i, i + 2) !== ';\n') fail('";\\n" ending the statement');
    i += 2;
    inserts.push({ table, columns, values });
  }
  return inserts;
}

function write(shape: Parameters<typeof writeAll>[0], rows: Value[][], extra: object = {}): string {
  return writeAll(shape, { format: 'cql', count: rows.length, ...extra }, rows);
}

describe('cql writer', () => {
  test('flat rows run in SQLite and read back with their types (text quoted, numbers and booleans bare, null)', () => {
    const shape = {
      nodes: [
        field('id', 0, 'integer'),
        field('name', 1),
        field('score', 2, 'number'),
        field('ok', 3, 'boolean'),
        field('note', 4),
      ],
    };
    const rows: Value[][] = [
      [1, 'O\'Brien, "Pat"', 3.25, true, 'line\nbreak\r\nand tab\t'],
      [2, '', -0.5, false, null],
      [3, 'emoji 😀 ]]> <x> \\ back', 1e21, null, "''"],
    ];
    const db = new Database(':memory:');
    db.exec('create table mock_data (id, name, score, ok, note)');
    db.exec(write(shape, rows));
    const back = db
      .prepare('select id, name, score, ok, note, typeof(score) as t from mock_data order by id')
      .all() as Record<string, unknown>[];
    assert.deepEqual(back, [
      { id: 1, name: 'O\'Brien, "Pat"', score: 3.25, ok: 1, note: 'line\nbreak\r\nand tab\t', t: 'real' },
      { id: 2, name: '', score: -0.5, ok: 0, note: null, t: 'real' },
      { id: 3, name: 'emoji 😀 ]]> <x> \\ back', score: 1e21, ok: null, note: "''", t: 'real' },
    ]);
  });

  test('one INSERT per row, ending ";\\n"; strings quoted with \'\' escaping and nothing else escaped', () => {
    const text = write(stringColumns(2), [
      ["it's", 'a\\b'],
      ['x', 'line\nbreak'],
    ]);
    assert.equal(
      text,
      "INSERT INTO MOCK_DATA (c0, c1) VALUES ('it''s', 'a\\b');\nINSERT INTO MOCK_DATA (c0, c1) VALUES ('x', 'line\nbreak');\n",
    );
    assert.equal(readInserts(text).length, 2);
  });

  test('objects are map columns, repeated fields list columns, JSON Arrays lists of maps; nulls inside collections are left out', () => {
    // The code value (1 + 2) is an expression this reader does not evaluate: a literal here.
    const rows = richRows.map((r) =>
      r.map((v) => (v instanceof Verbatim && v.text === '1 + 2' ? new Verbatim('3', false) : v)),
    );
    const inserts = readInserts(write(richShape, rows));
    assert.deepEqual(inserts[0].columns, [
      'id',
      'first_name',
      'address',
      'tags',
      'friends',
      'active',
      'score',
      'code',
      'note',
    ]);
    const first = inserts[0].values;
    assert.equal(first[0], 1);
    assert.equal(first[1], 'O\'Brien, "Pat"');
    assert.deepEqual(
      first[2],
      new Map([
        ['city', 'Tab\there'],
        ['zip', '12\r\n34'],
        ['kind', 'home & <work>'],
      ]),
    );
    assert.deepEqual(first[3], ['a', 'b,c', '"q"']);
    assert.deepEqual(first[4], [
      new Map<Term, Term>([
        ['name', 'Ann'],
        ['age', 30],
        ['pet', new Map([['species', 'cat']])],
      ]),
      new Map<Term, Term>([
        ['name', 'Bo\nb'],
        ['pet', new Map()],
      ]),
    ]);
    assert.deepEqual(first.slice(5), [true, 3.25, 3, null]);
    const third = inserts[2].values;
    assert.deepEqual(third.slice(2, 5), [
      new Map([
        ['city', 'Zürich'],
        ['zip', 'x'],
        ['kind', 'y'],
      ]),
      null,
      null,
    ]);
    assert.equal(third[6], 1e21);
    assert.equal(third[8], "back\\slash 'single' \u0007bell");
    assert.equal(inserts[1].values[8], richRows[1][10], 'a 100 KB value with quotes and line breaks comes back whole');
  });

  test('code() and SQL Expression are bare; a JSON fragment is a string; NUL is dropped; non-finite numbers are null', () => {
    const shape = {
      nodes: [
        field('a', 0),
        field('b', 1),
        field('c', 2),
        field('d', 3, 'number'),
        field('e', 4, 'string', { repeated: true }),
      ],
    };
    const text = write(shape, [
      [new Verbatim('now()', true), new JsonFragment('{"$oid":"x"}'), 'a\0b', NaN, ['x', null, 'y']],
    ]);
    assert.equal(
      text,
      `INSERT INTO MOCK_DATA (a, b, c, d, e) VALUES (now(), '{"$oid":"x"}', 'ab', null, ['x', 'y']);\n`,
    );
  });

  test('names: bare when CQL allows, else double-quoted; keyspace.table; reserved words quoted', () => {
    assert.equal(cqlIdentifier('first_name'), 'first_name');
    assert.equal(cqlIdentifier('_id'), '"_id"', 'bare CQL names start with a letter');
    assert.equal(cqlIdentifier('select'), '"select"');
    assert.equal(cqlIdentifier('first name'), '"first name"');
    assert.equal(cqlIdentifier('we"ird'), '"we""ird"');
    const shape = { nodes: [field('Order', 0), field('2fa', 1), field('ok', 2)] };
    const [insert] = readInserts(write(shape, [['a', 'b', 'c']], { table: 'users', keyspace: 'shop' }));
    assert.equal(insert.table, 'shop.users');
    assert.deepEqual(insert.columns, ['Order', '2fa', 'ok']);
  });

  test('table and keyspace names Cassandra refuses are rejected, naming the parameter', () => {
    assert.throws(
      () => checkWriterOptions({ format: 'cql', count: 1, table: 'my-table' }),
      /^RangeError: table must be 1 to 48 letters, digits or underscores/,
    );
    assert.throws(
      () => checkWriterOptions({ format: 'cql', count: 1, keyspace: 'a'.repeat(49) }),
      /^RangeError: keyspace must be/,
    );
    assert.throws(() => createWriter(stringColumns(1), { format: 'cql', count: 1, table: 'x y' }), /table must be/);
    assert.doesNotThrow(() => checkWriterOptions({ format: 'cql', count: 1, table: '2024_data', keyspace: 'Ks_1' }));
    assert.equal(readInserts(write(stringColumns(1), [['v']], { table: '2024_data' }))[0].table, '2024_data');
  });

  test('rows written in ranges by separate writers join to the same bytes', () => {
    assertRangesJoin(richShape, { format: 'cql', count: 6 }, [...richRows, ...richRows]);
  });

  test('JSON Arrays inside JSON Arrays', () => {
    const shape = {
      nodes: [items('a', 0, [field('x', 0), items('b', 1, [field('y', 0, 'integer')])]), object('o', [])],
    };
    const [insert] = readInserts(
      write(shape, [
        [
          new ItemList([
            ['p', new ItemList([[1], [2]])],
            ['s', null],
          ]),
        ],
      ]),
    );
    assert.deepEqual(insert.values, [
      [
        new Map<Term, Term>([
          ['x', 'p'],
          ['b', [new Map([['y', 1]]), new Map([['y', 2]])]],
        ]),
        new Map([['x', 's']]),
      ],
      new Map(),
    ]);
  });

  test('property: any strings come back exactly (NUL dropped)', () => {
    const char = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.constantFrom("'", '"', '\n', '\r', ';', ')', '\\', '\0'),
    );
    const text = fc.string({ unit: char });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.option(text), text), { minLength: 1, maxLength: 6 }), (rows) => {
        const inserts = readInserts(write(stringColumns(2), rows));
        assert.deepEqual(
          inserts.map((s) => s.values),
          rows.map((r) => r.map((v) => (v === null ? null : v.replaceAll('\0', '')))),
        );
      }),
    );
  });
});
