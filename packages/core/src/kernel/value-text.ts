import { ItemList, Verbatim, type Value } from './values.js';
import { numberText } from './number-text.js';

/** How a value reads inside text (Template): null is empty, arrays are their JSON. */
export function valueToText(value: Value): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  // numberText writes what String() writes, without V8's long-lived cache of number texts.
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Verbatim) return value.text;
  if (value instanceof ItemList)
    return JSON.stringify(value.items, (_key, v: unknown) => (v instanceof Verbatim ? v.text : v));
  return JSON.stringify(value.map((v) => (v instanceof Verbatim ? v.text : v)));
}
