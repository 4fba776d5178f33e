/**
 * The grammar of field names, as Mockaroo reads them (docs/schemas.md, "Names and nesting"):
 *   address.city   dots nest objects           tags[3] / tags[2-5]  several values
 *   @id            XML attribute of the parent  $value               XML text of the parent
 *   __helper       hidden: generated, readable by other fields, never written
 */
import type { XmlRole } from '../kernel/shape.js';

export interface ParsedFieldName {
  /** Segments with the bracket suffix removed, e.g. `friends.tags[2-5]` -> ["friends", "tags"]. */
  segments: string[];
  /** `[n]` or `[a-b]` on the last segment. */
  repeat: { min: number; max: number } | null;
  hidden: boolean;
  xml: XmlRole;
}

/** Upper bound of `[n]`/`[a-b]`, like JSON Array's maxItems: output stays bounded. */
export const MAX_REPEAT = 100;

const BRACKET = /\[(\d+)(?:-(\d+))?\]$/;

export function parseFieldName(name: string): ParsedFieldName | string {
  if (name.trim() === '') return 'the name is empty';
  const segments = name.split('.');
  if (segments.some((s) => s === ''))
    return `"${name}" has an empty segment (two dots in a row, or a dot at either end)`;
  let repeat: ParsedFieldName['repeat'] = null;
  const lastIndex = segments.length - 1;
  const match = BRACKET.exec(segments[lastIndex]);
  if (match) {
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : Number(match[2]);
    if (min > max) return `"${match[0]}" counts down: write [${max}-${min}]`;
    if (max > MAX_REPEAT) return `"${match[0]}" repeats more than ${MAX_REPEAT} times`;
    repeat = { min, max };
    segments[lastIndex] = segments[lastIndex].slice(0, match.index);
    if (segments[lastIndex] === '') return `"${name}" has brackets but no name before them`;
  }
  for (let i = 0; i < lastIndex; i++) {
    if (/[[\]]/.test(segments[i]))
      return `brackets may only end the last segment of "${name}" (write a JSON Array field for arrays of objects)`;
  }
  const last = segments[lastIndex];
  let xml: XmlRole = 'element';
  if (last.startsWith('@')) xml = 'attribute';
  else if (last === '$value') xml = 'text';
  if (xml !== 'element' && repeat) return `"${name}": an XML ${xml} cannot repeat`;
  if (xml === 'attribute') segments[lastIndex] = last.slice(1);
  if (segments[lastIndex] === '') return `"${name}" has "@" but no attribute name`;
  return { segments, repeat, hidden: last.startsWith('__'), xml };
}
