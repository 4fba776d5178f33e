/**
 * JSON text for values and nested shapes. Shared by the json writer and by the flat formats,
 * which put repeated fields and JSON Arrays in one column as JSON text (the same text the json
 * writer would produce, so a user can move between formats without surprises).
 */
import { isPlain } from './plain-text.js';
import type { ShapeNode } from '../kernel/shape.js';
import { ItemList, JsonFragment, Verbatim, type Value } from '../kernel/values.js';
import { numberText } from '../kernel/number-text.js';
import type { ByteLayout } from './writer.js';

/**
 * Characters that make a string need JSON escaping. Surrogates are included so lone ones take the
 * slow path, where JSON.stringify writes them as \uXXXX escapes (well-formed JSON, and a
 * round-trip that keeps them); paired surrogates (emoji) are escaped correctly there too.
 */
const NEEDS_JSON_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

export function jsonString(s: string): string {
  return NEEDS_JSON_ESCAPE.test(s) ? JSON.stringify(s) : '"' + s + '"';
}

/**
 * Any value without a shape to guide it. Non-finite numbers have no JSON form and become null
 * (as JSON.stringify does). An ItemList reaching here has lost its shape (it only should appear
 * under an ItemsNode), so its items are written as plain arrays of slot values rather than dropped.
 */
export function jsonValue(v: Value): string {
  switch (typeof v) {
    case 'string':
      return jsonString(v);
    case 'number':
      return Number.isFinite(v) ? numberText(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
  }
  if (v === null) return 'null';
  if (v instanceof JsonFragment) return v.json;
  if (v instanceof Verbatim) return v.everywhere ? v.text : jsonString(v.text);
  if (Array.isArray(v)) return jsonArray(v);
  if (v instanceof ItemList) {
    let s = '[';
    for (let i = 0; i < v.items.length; i++) s += (i === 0 ? '' : ',') + jsonArray(v.items[i]);
    return s + ']';
  }
  return 'null';
}

function jsonArray(values: Value[]): string {
  let s = '[';
  for (let i = 0; i < values.length; i++) s += (i === 0 ? '' : ',') + jsonValue(values[i]);
  return s + ']';
}

const FIELD = 0;
const OBJECT = 1;
const ITEMS = 2;

/** One key of an object, with its `"key":` text precomputed. */
interface Entry {
  kind: typeof FIELD | typeof OBJECT | typeof ITEMS;
  /**
   * What goes before this entry's value, by what was written before it (FIRST, AFTER_VALUE, or
   * AFTER_OPEN_STRING: a plain string whose closing quote is still to come). `prefixQuote` also
   * opens a plain string. Folding the quotes into the key text keeps the row's rope short,
   * which makes turning the batch into bytes markedly cheaper.
   */
  prefix: [string, string, string];
  prefixQuote: [string, string, string];
  slot: number;
  /** OBJECT and ITEMS: the nested object's encoder. */
  nested: JsonObjectEncoder | null;
  /** FIELD: its strings never need escaping (see plain-text.ts). */
  plain: boolean;
}

const FIRST = 0;
const AFTER_VALUE = 1;
const AFTER_OPEN_STRING = 2;

/**
 * Writes one object of a shape (a row, a nested object or a JSON Array item) from the slot values
 * of its scope. Built once per writer; `write` allocates nothing but the output string.
 */
export class JsonObjectEncoder {
  private readonly entries: Entry[];

  constructor(
    nodes: readonly ShapeNode[],
    private readonly includeNulls: boolean,
  ) {
    this.entries = nodes.map((node) => {
      const keyColon = jsonString(node.key) + ':';
      return {
        kind: node.kind === 'field' ? FIELD : node.kind === 'object' ? OBJECT : ITEMS,
        prefix: [keyColon, ',' + keyColon, '",' + keyColon],
        prefixQuote: [keyColon + '"', ',' + keyColon + '"', '",' + keyColon + '"'],
        slot: node.kind === 'object' ? -1 : node.slot,
        nested: node.kind === 'field' ? null : new JsonObjectEncoder(node.children, includeNulls),
        plain: isPlain(node, NEEDS_JSON_ESCAPE),
      } satisfies Entry;
    });
  }

  write(values: Value[]): string {
    const entries = this.entries;
    let s = '{';
    let state = FIRST;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      let text: string;
      if (e.kind === OBJECT) {
        text = e.nested!.write(values);
      } else {
        const v = values[e.slot];
        if (typeof v === 'string') {
          if (e.plain === true || !NEEDS_JSON_ESCAPE.test(v)) {
            s += e.prefixQuote[state] + v;
            state = AFTER_OPEN_STRING;
            continue;
          }
          text = JSON.stringify(v);
        } else if (typeof v === 'number' && Number.isFinite(v)) {
          text = numberText(v);
        } else if (v === null || v === undefined || typeof v === 'number') {
          // Non-finite numbers have no JSON form: they are nulls, omitted like any other.
          if (!this.includeNulls) continue;
          text = 'null';
        } else if (e.kind === ITEMS && v instanceof ItemList) {
          text = e.nested!.writeItems(v);
        } else {
          text = jsonValue(v);
        }
      }
      s += e.prefix[state] + text;
      state = AFTER_VALUE;
    }
    return state === AFTER_OPEN_STRING ? s + '"}' : s + '}';
  }

  /**
   * The object as a fixed sequence of keys and values (writer.ts, ByteLayout): only when every
   * entry is a field and nulls are written, so each row has every key. The last piece is `}`.
   */
  byteLayout(): Pick<ByteLayout, 'pieces' | 'columns'> | null {
    if (!this.includeNulls || this.entries.some((e) => e.kind !== FIELD)) return null;
    const pieces = this.entries.map((e, i) => (i === 0 ? '{' : '') + e.prefix[i === 0 ? FIRST : AFTER_VALUE]);
    return {
      pieces: this.entries.length === 0 ? ['{}'] : [...pieces, '}'],
      columns: this.entries.map((e) => ({
        slot: e.slot,
        plainText: e.plain,
        open: '"',
        close: '"',
        plainNumbers: true,
        text: jsonValue,
      })),
    };
  }

  /** A JSON Array: one object per item, each from the item's own slot values. */
  writeItems(list: ItemList): string {
    const items = list.items;
    let s = '[';
    for (let i = 0; i < items.length; i++) s += (i === 0 ? '' : ',') + this.write(items[i]);
    return s + ']';
  }
}
