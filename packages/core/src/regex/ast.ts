/**
 * The syntax tree of a Regular Expression pattern. The parser (parser.ts) builds it once per
 * field; compile.ts turns it into closures that generate a matching value per row.
 */
import type { CharSet } from './char-set.js';

export type RegexNode =
  /** Fixed text (runs of literal characters are merged). */
  | { kind: 'literal'; text: string }
  /** One character of the set. */
  | { kind: 'set'; set: CharSet }
  /** `\w`: a lorem word (Mockaroo's meaning, not one word character). */
  | { kind: 'word' }
  /** `[:name:]`, `[:first_name:]`, `[:last_name:]`. */
  | { kind: 'name'; which: NameKind }
  /** `{{field}}`: the value of another field of the same row. */
  | { kind: 'field'; name: string; position: number }
  | { kind: 'sequence'; items: RegexNode[] }
  | { kind: 'alternation'; options: RegexNode[] }
  /** A capturing group (1-based `index`); non-capturing groups leave only their body. */
  | { kind: 'group'; index: number; body: RegexNode }
  /**
   * `body` repeated min..max times; `unbounded` when written `*`, `+` or `{n,}` (max is then
   * min + the repetition cap).
   */
  | { kind: 'repeat'; body: RegexNode; min: number; max: number; unbounded: boolean }
  /** `\1` or `\k<name>`: the text the group captured in this value ('' when it has none). */
  | { kind: 'backreference'; group: number };

export type NameKind = 'full' | 'first' | 'last';

/** A parsed pattern and the facts the compiler and the type need about it. */
export interface ParsedPattern {
  readonly source: string;
  readonly root: RegexNode;
  readonly groupCount: number;
  /** The fields named by `{{...}}`, in order of first use. */
  readonly fieldNames: readonly string[];
  readonly hasBackreferences: boolean;
}
