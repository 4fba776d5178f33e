/**
 * Whether a column's strings can be written without an escaping check: true when the field
 * declared its characters (FieldNode.characters) and none of them is special to the format.
 * Checking a freshly built string (an email, a template) forces V8 to flatten it, which costs
 * more than building it; skipping the check where it can never match is the biggest saving a
 * writer can make.
 */
import type { ShapeNode } from '../kernel/shape.js';

export function isPlain(node: ShapeNode, special: RegExp): boolean {
  if (node.kind !== 'field' || node.repeated || node.characters === null) return false;
  return !new RegExp(special.source, special.flags.replace('g', '')).test(node.characters);
}
