/**
 * Sets of characters (Unicode code points) as sorted, disjoint, inclusive ranges: what one
 * character class of a pattern can produce. Built once per pattern; picking a character is an
 * index into the ranges, so even `[\u0000-\uffff]` costs no table of 65,536 strings.
 */

export type Range = readonly [number, number];

export class CharSet {
  /** Number of characters in the set. */
  readonly size: number;

  private constructor(readonly ranges: readonly Range[]) {
    let size = 0;
    for (const [lo, hi] of ranges) size += hi - lo + 1;
    this.size = size;
  }

  /** Any ranges, in any order, overlapping or not. */
  static of(ranges: readonly Range[]): CharSet {
    const sorted = [...ranges].filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [lo, hi] of sorted) {
      const last = merged[merged.length - 1];
      if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
      else merged.push([lo, hi]);
    }
    return new CharSet(merged);
  }

  static chars(text: string): CharSet {
    return CharSet.of([...text].map((ch) => [ch.codePointAt(0)!, ch.codePointAt(0)!] as const));
  }

  static union(sets: readonly CharSet[]): CharSet {
    return CharSet.of(sets.flatMap((set) => set.ranges));
  }

  has(codePoint: number): boolean {
    for (const [lo, hi] of this.ranges) {
      if (codePoint < lo) return false;
      if (codePoint <= hi) return true;
    }
    return false;
  }

  /** The characters of `universe` that are not in this set. */
  complementIn(universe: CharSet): CharSet {
    const out: Range[] = [];
    for (const [lo, hi] of universe.ranges) {
      let start = lo;
      for (const [a, b] of this.ranges) {
        if (b < start || a > hi) continue;
        if (a > start) out.push([start, a - 1]);
        start = b + 1;
      }
      if (start <= hi) out.push([start, hi]);
    }
    return CharSet.of(out);
  }

  /** The `index`-th character (0 <= index < size), as a code point. */
  codePointAt(index: number): number {
    for (const [lo, hi] of this.ranges) {
      const span = hi - lo + 1;
      if (index < span) return lo + index;
      index -= span;
    }
    throw new RangeError(`index ${index} is outside the set`);
  }

  /** Every character as one string; call only for sets of a reasonable size. */
  text(): string {
    let out = '';
    for (const [lo, hi] of this.ranges) for (let cp = lo; cp <= hi; cp++) out += String.fromCodePoint(cp);
    return out;
  }
}

const cp = (ch: string) => ch.codePointAt(0)!;
const span = (from: string, to: string): Range => [cp(from), cp(to)];

/** Every generated "any character" is printable ASCII, so values stay readable in every format. */
export const PRINTABLE = CharSet.of([span(' ', '~')]);
export const DIGIT = CharSet.of([span('0', '9')]);
export const UPPER = CharSet.of([span('A', 'Z')]);
export const LOWER = CharSet.of([span('a', 'z')]);
export const ALPHA = CharSet.union([UPPER, LOWER]);
export const ALNUM = CharSet.union([ALPHA, DIGIT]);
export const WORD_CHAR = CharSet.union([ALNUM, CharSet.chars('_')]);
export const HEX_DIGIT = CharSet.of([span('0', '9'), span('A', 'F'), span('a', 'f')]);
/** The only printable whitespace: `\s` produces a space (a tab or newline would upset CSV/TSV readers). */
export const SPACE = CharSet.chars(' ');
export const PUNCT = CharSet.union([ALNUM, SPACE]).complementIn(PRINTABLE);

/** POSIX bracket classes that stand for one character, by name (`[:upper:]`). */
export const POSIX_CLASSES: Readonly<Record<string, CharSet>> = {
  alpha: ALPHA,
  upper: UPPER,
  lower: LOWER,
  digit: DIGIT,
  alnum: ALNUM,
  xdigit: HEX_DIGIT,
  word: WORD_CHAR,
  space: SPACE,
  blank: SPACE,
  punct: PUNCT,
  print: PRINTABLE,
  graph: SPACE.complementIn(PRINTABLE),
  plus: CharSet.chars('+'),
  question: CharSet.chars('?'),
};
