/**
 * Cassandra CQL: one `INSERT INTO table (a, b) VALUES (...);` per row. As the established
 * product does, a dotted name (an object) is one map column (`{'city': 'Oslo', 'zip': '0150'}`)
 * and a bracketed name (a repeated field, a JSON Array) one list column (`['a', 'b']`, a list of
 * maps for a JSON Array). Cassandra refuses nulls inside collections, so a null inside one is
 * left out; a null column is `null`.
 *
 * Values keep their types: numbers and booleans bare, text in single quotes (`''` for a quote).
 * SQL Expression and code() values are code by design and written as they are, as in sql.
 */
import type { RecordShape, ShapeNode } from '../kernel/shape.js';
import { ItemList, JsonFragment, Verbatim, type Value } from '../kernel/values.js';
import { cqlIdentifier, cqlString, cqlTableName, NEEDS_CQL_ESCAPE } from './cql-text.js';
import { jsonValue } from './json-encode.js';
import { numberText } from '../kernel/number-text.js';
import { isPlain } from './plain-text.js';
import type { ByteLayout, RowWriter } from './writer.js';
import { separatedLayout } from './byte-layout.js';

/** Writes one column (or map entry, or list element) from its scope's values; null when absent. */
type Encoder = (values: Value[]) => string | null;

/** One scalar value as a CQL constant; null for a null (the caller decides how it shows). */
function scalar(v: Value, plain: boolean): string | null {
  switch (typeof v) {
    case 'string':
      return plain || !NEEDS_CQL_ESCAPE.test(v) ? "'" + v + "'" : cqlString(v);
    case 'number':
      return Number.isFinite(v) ? numberText(v) : null;
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (v === null || v === undefined) return null;
  if (v instanceof JsonFragment) return cqlString(v.text);
  if (v instanceof Verbatim) return v.text;
  if (Array.isArray(v)) return list(v.map((item) => scalar(item, false)));
  // An ItemList without its shape (it should only come with one): its JSON text.
  return cqlString(jsonValue(v));
}

/** `[a, b]` of the present elements. */
function list(elements: (string | null)[]): string {
  return '[' + elements.filter((e) => e !== null).join(', ') + ']';
}

function encoder(node: ShapeNode): Encoder {
  if (node.kind === 'object') {
    const entries = node.children.map((child) => ({ key: cqlString(child.key) + ': ', value: encoder(child) }));
    return (values) => {
      let s = '';
      for (const entry of entries) {
        const v = entry.value(values);
        if (v !== null) s += (s.length === 0 ? '' : ', ') + entry.key + v;
      }
      return '{' + s + '}';
    };
  }
  if (node.kind === 'items') {
    const item = encoder({ kind: 'object', key: node.key, children: node.children, xml: node.xml });
    return (values) => {
      const v = values[node.slot];
      if (!(v instanceof ItemList)) return scalar(v, false);
      return list(v.items.map(item));
    };
  }
  const plain = isPlain(node, NEEDS_CQL_ESCAPE);
  const slot = node.slot;
  if (!node.repeated) return (values) => scalar(values[slot], plain);
  return (values) => {
    const v = values[slot];
    return Array.isArray(v) ? list(v.map((item) => scalar(item, plain))) : scalar(v, plain);
  };
}

export class CqlWriter implements RowWriter {
  readonly contentType = 'text/plain; charset=utf-8';
  readonly extension = 'cql';
  private readonly columns: Encoder[];
  /** `INSERT INTO ks.t (a, b) VALUES (` */
  private readonly prefix: string;
  private readonly nodes: readonly ShapeNode[];

  constructor(shape: RecordShape, table: string, keyspace: string | undefined) {
    this.nodes = shape.nodes;
    this.columns = shape.nodes.map(encoder);
    const target = (keyspace ? cqlTableName(keyspace) + '.' : '') + cqlTableName(table);
    this.prefix = `INSERT INTO ${target} (${shape.nodes.map((n) => cqlIdentifier(n.key)).join(', ')}) VALUES (`;
  }

  begin(): string {
    return '';
  }

  row(values: Value[], _index: number): string {
    const columns = this.columns;
    // CQL has no insert without columns (every table has a primary key to give): such a schema
    // (only hidden fields) writes nothing.
    if (columns.length === 0) return '';
    let s = this.prefix;
    for (let i = 0; i < columns.length; i++) s += (i === 0 ? '' : ', ') + (columns[i](values) ?? 'null');
    return s + ');\n';
  }

  end(): string {
    return '';
  }

  /** Only for rows of single values (no maps, lists or repetition). */
  byteLayout(): ByteLayout | null {
    const nodes = this.nodes;
    if (nodes.some((node) => node.kind !== 'field' || node.repeated)) return null;
    return separatedLayout(
      this.prefix,
      ', ',
      ');\n',
      nodes.map((node) => {
        const plain = isPlain(node, NEEDS_CQL_ESCAPE);
        return {
          slot: node.kind === 'field' ? node.slot : -1,
          plainText: plain,
          open: "'",
          close: "'",
          plainNumbers: true,
          text: (value: Value) => scalar(value, plain) ?? 'null',
        };
      }),
    );
  }
}
