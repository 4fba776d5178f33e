/**
 * Integers as text, exactly as String(n) writes them, from tables of three-digit groups.
 *
 * Why not String(n): V8 keeps the text of every number it converts in its number-string cache, a
 * long-lived table, so each fresh value (a row number, the whole part of a salary) outlives the
 * next young-generation collection and is copied there; a row makes several. Joining two or
 * three groups from these tables makes a string that dies with the row (callgrind: see
 * docs/performance.md, "Hot-path choices").
 */
const GROUP: readonly string[] = Array.from({ length: 1000 }, (_, i) => String(i));
/** "000".."999": every group after the first. */
const PADDED_GROUP: readonly string[] = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/** The text of an integer `n` (callers check Number.isInteger); String(n) beyond 0..999,999,999. */
export function integerText(n: number): string {
  if (n >= 0 && n < 1e9) {
    if (n < 1000) return GROUP[n];
    const thousands = Math.floor(n / 1000);
    const units = PADDED_GROUP[n - thousands * 1000];
    if (thousands < 1000) return GROUP[thousands] + units;
    const millions = Math.floor(thousands / 1000);
    return GROUP[millions] + PADDED_GROUP[thousands - millions * 1000] + units;
  }
  return String(n);
}
