/**
 * The object view of a row: what the JSON output holds, as plain JavaScript values. Used by
 * `generateObjects` (tests, previews, embedding) and by formulas reading a JSON Array field (a
 * list of hashes, field-context.ts) — the writers stream text and never build these.
 */
import type { ShapeNode } from '../kernel/shape.js';
import { ItemList, JsonFragment, Verbatim, type Value } from '../kernel/values.js';

function plainValue(value: Value): unknown {
  if (value instanceof JsonFragment) return JSON.parse(value.json);
  if (value instanceof Verbatim) return value.text;
  if (value instanceof ItemList) throw new Error('an item list needs its shape');
  if (Array.isArray(value)) return value.map(plainValue);
  return value;
}

export function toPlainObject(nodes: readonly ShapeNode[], values: readonly Value[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const node of nodes) {
    if (node.kind === 'object') result[node.key] = toPlainObject(node.children, values);
    else if (node.kind === 'items') {
      const list = values[node.slot];
      result[node.key] = list instanceof ItemList ? plainItems(node.children, list) : null;
    } else result[node.key] = plainValue(values[node.slot]);
  }
  return result;
}

/** A JSON Array field's value as formulas read it: a list of hashes keyed as in the JSON output. */
export function plainItems(nodes: readonly ShapeNode[], value: Value): unknown {
  return value instanceof ItemList ? value.items.map((item) => toPlainObject(nodes, item)) : value;
}
