/**
 * Flat columns for the tabular formats (csv, txt, custom, sql). Objects flatten to dotted
 * headers; anything that holds several values (a repeated field, a JSON Array) stays one column
 * holding JSON text, because a table cell cannot hold a list and splitting it would make the
 * column count vary from row to row.
 */
import type { FieldNode, ItemsNode, RecordShape, ShapeNode } from '../kernel/shape.js';
import type { OutputKind } from '../kernel/define-type.js';
import { JsonObjectEncoder, jsonValue } from './json-encode.js';
import { ItemList, type Value } from '../kernel/values.js';

export interface FlatColumn {
  /** Dotted path of keys (`address.city`); XML-role keys (`id` from `@id`) are used as they are. */
  header: string;
  /** Slot in the row's own values (objects do not create scopes). */
  slot: number;
  /** `json`: the cell is the JSON text of an array (repeated field or JSON Array). */
  kind: 'value' | 'json';
  output: OutputKind;
}

export function flatColumns(shape: RecordShape): FlatColumn[] {
  return planColumns(shape).map(({ header, slot, kind, output }) => ({ header, slot, kind, output }));
}

/** A column plus what the writers need to turn a `json` cell into text. */
export interface PlannedColumn extends FlatColumn {
  node: FieldNode | ItemsNode;
  /** ItemsNode only: writes each item as an object (nulls included: the option is json-only). */
  items: JsonObjectEncoder | null;
}

export function planColumns(shape: RecordShape): PlannedColumn[] {
  const out: PlannedColumn[] = [];
  const walk = (nodes: readonly ShapeNode[], prefix: string): void => {
    for (const node of nodes) {
      const header = prefix + node.key;
      if (node.kind === 'object') {
        walk(node.children, header + '.');
      } else if (node.kind === 'items') {
        out.push({
          header,
          slot: node.slot,
          kind: 'json',
          output: 'json',
          node,
          items: new JsonObjectEncoder(node.children, true),
        });
      } else {
        out.push({
          header,
          slot: node.slot,
          kind: node.repeated ? 'json' : 'value',
          output: node.repeated ? 'json' : node.output,
          node,
          items: null,
        });
      }
    }
  };
  walk(shape.nodes, '');
  return out;
}

/**
 * The JSON text of a `json` cell, or null when the value is null (so each format writes its own
 * null). Called only for json columns and for stray arrays in value columns.
 */
export function jsonCell(column: PlannedColumn, v: Value): string | null {
  if (v === null || v === undefined) return null;
  if (column.items !== null && v instanceof ItemList) return column.items.writeItems(v);
  return jsonValue(v);
}
