/**
 * The object view of a row: what the JSON output holds, as plain JavaScript values. Used by
 * `generateObjects` (tests, previews, embedding) — the writers stream text and never build these.
 */
import type { ShapeNode } from '../schema/shape.js';
import { ItemList, JsonFragment, Verbatim, type Value } from '../values.js';

function plainValue(value: Value): unknown {
  if (value instanceof JsonFragment) return JSON.parse(value.text);
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
      result[node.key] = list instanceof ItemList ? list.items.map((item) => toPlainObject(node.children, item)) : null;
    } else result[node.key] = plainValue(values[node.slot]);
  }
  return result;
}
