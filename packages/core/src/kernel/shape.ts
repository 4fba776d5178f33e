/**
 * The output shape of a compiled schema: how the slot values of a row become nested JSON/XML
 * or flat columns. Built once per schema by the planner; writers walk it per row.
 *
 * Object nesting (`address.city`) does not create a new scope: its fields are slots of the row
 * itself. Only JSON Array / Repeating Element fields (`items`) create a child scope whose items
 * each hold their own slot values (an ItemList in the parent's slot).
 */
import type { OutputKind } from './define-type.js';

/** How a node appears in XML: a child element, an attribute of its parent (`@id`), or the parent's text (`$value`). */
export type XmlRole = 'element' | 'attribute' | 'text';

export interface FieldNode {
  kind: 'field';
  /** The key in its parent object (last name segment, without `[n]`, `@` or `$`). */
  key: string;
  /** Index into the scope's values array. */
  slot: number;
  output: OutputKind;
  xml: XmlRole;
  /** `tags[3]` / `tags[2-5]`: the slot holds an array of values. */
  repeated: boolean;
  /**
   * Every character this field's string values can contain, or null when unknown. A writer whose
   * special characters (delimiter, quotes, `<&`...) are all absent writes the strings as they are.
   */
  characters: string | null;
}

export interface ObjectNode {
  kind: 'object';
  key: string;
  children: ShapeNode[];
  /** `tags[3]`-style brackets are not allowed on objects; objects are always elements in XML. */
  xml: 'element';
}

export interface ItemsNode {
  kind: 'items';
  key: string;
  /** Slot holding an ItemList; each item's values are laid out by `children`. */
  slot: number;
  children: ShapeNode[];
  xml: 'element';
}

export type ShapeNode = FieldNode | ObjectNode | ItemsNode;

/** The root: the record's top-level nodes, in schema order. Hidden (`__`) fields are absent. */
export interface RecordShape {
  nodes: ShapeNode[];
}
