/**
 * Pattern text -> RegexNode tree, by recursive descent (alternation > sequence > quantified
 * atom). Standard JavaScript/Ruby syntax plus Mockaroo's tokens: `\w` as a lorem word,
 * POSIX classes written without outer brackets (`[:upper:]{2}`), `[:name:]` and friends, and
 * `{{field}}`. The first fault ends parsing with a PatternError giving its position.
 */
import type { NameKind, ParsedPattern, RegexNode } from './ast.js';
import { CharSet, DIGIT, HEX_DIGIT, POSIX_CLASSES, PRINTABLE, SPACE, WORD_CHAR } from './char-set.js';
import { shortestLength } from './analyse.js';
import { MAX_PATTERN_LENGTH, MAX_REPEAT, MAX_VALUE_LENGTH, UNBOUNDED_EXTRA } from './limits.js';
import { PatternError } from './pattern-error.js';

const NAME_CLASSES: Readonly<Record<string, NameKind>> = { name: 'full', first_name: 'first', last_name: 'last' };

/** Every `[:...:]` name a pattern may use, for messages and docs. */
export const CLASS_NAMES: readonly string[] = [...Object.keys(POSIX_CLASSES), ...Object.keys(NAME_CLASSES)];

/** `{n}`, `{n,}`, `{n,m}` and (as in Ruby) `{,m}`; anything else after `{` is literal text. */
const QUANTIFIER = /\{(\d+)(?:(,)(\d*))?\}|\{,(\d+)\}/y;
const POSIX_TOKEN = /\[:([A-Za-z_]+):\]/y;

/** Parses a pattern; throws PatternError on the first fault. */
export function parsePattern(source: string): ParsedPattern {
  if (source.length > MAX_PATTERN_LENGTH) {
    throw new PatternError(
      `the pattern is ${source.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed`,
      MAX_PATTERN_LENGTH,
    );
  }
  const parsed = new Parser(source).parse();
  const shortest = shortestLength(parsed.root);
  if (shortest > MAX_VALUE_LENGTH) {
    throw new PatternError(
      `the shortest value this pattern can produce has ${shortest} characters; at most ${MAX_VALUE_LENGTH} are allowed`,
      0,
    );
  }
  return parsed;
}

type ClassItem = { kind: 'char'; codePoint: number } | { kind: 'set'; set: CharSet };

interface PendingBackreference {
  node: { kind: 'backreference'; group: number };
  ref: number | string;
  offset: number;
  text: string;
}

class Parser {
  private pos = 0;
  private groupCount = 0;
  private readonly groupNames = new Map<string, number>();
  private readonly fieldNames: string[] = [];
  private readonly backreferences: PendingBackreference[] = [];

  constructor(private readonly src: string) {}

  parse(): ParsedPattern {
    const root = this.alternation();
    if (this.pos < this.src.length)
      this.fail(`")" at position ${this.pos + 1} has no matching "("; write \\) for a literal parenthesis`);
    for (const pending of this.backreferences) {
      const group = typeof pending.ref === 'number' ? pending.ref : this.groupNames.get(pending.ref);
      if (group === undefined)
        this.fail(
          `${pending.text} at position ${pending.offset + 1} names no group; define it with (?<${pending.ref}>...)`,
          pending.offset,
        );
      if (group > this.groupCount) {
        this.fail(
          `backreference ${pending.text} at position ${pending.offset + 1}: the pattern has ${this.groupCount === 0 ? 'no groups' : `only ${this.groupCount} group${this.groupCount === 1 ? '' : 's'}`}`,
          pending.offset,
        );
      }
      pending.node.group = group;
    }
    return {
      source: this.src,
      root,
      groupCount: this.groupCount,
      fieldNames: this.fieldNames,
      hasBackreferences: this.backreferences.length > 0,
    };
  }

  private fail(message: string, offset = this.pos): never {
    throw new PatternError(message, offset);
  }

  private peek(offset = 0): string {
    return this.src.charAt(this.pos + offset);
  }

  private alternation(): RegexNode {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.pos++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { kind: 'alternation', options };
  }

  private sequence(): RegexNode {
    const items: RegexNode[] = [];
    while (this.pos < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const start = this.pos;
      const atom = this.atom();
      const quantified = this.quantifier(atom, start);
      if (quantified === null) continue;
      const last = items[items.length - 1];
      // Merge literal runs so "Suite " is one append, not six.
      if (quantified.kind === 'literal' && last?.kind === 'literal')
        items[items.length - 1] = { kind: 'literal', text: last.text + quantified.text };
      else items.push(quantified);
    }
    if (items.length === 1) return items[0];
    if (items.length === 0) return { kind: 'literal', text: '' };
    return { kind: 'sequence', items };
  }

  /** Applies a following quantifier to `atom` (null: an ignored anchor, which cannot take one). */
  private quantifier(atom: RegexNode | null, atomStart: number): RegexNode | null {
    const start = this.pos;
    let min: number;
    let max: number;
    let unbounded = false;
    const ch = this.peek();
    if (ch === '*' || ch === '+' || ch === '?') {
      this.pos++;
      min = ch === '+' ? 1 : 0;
      max = ch === '?' ? 1 : min + UNBOUNDED_EXTRA;
      unbounded = ch !== '?';
    } else if (ch === '{' && this.peek(1) !== '{') {
      QUANTIFIER.lastIndex = this.pos;
      const match = QUANTIFIER.exec(this.src);
      if (!match) return atom;
      this.pos = QUANTIFIER.lastIndex;
      if (match[4] !== undefined) {
        min = 0;
        max = this.bound(match[4], start);
      } else {
        min = this.bound(match[1], start);
        if (match[2] === undefined) max = min;
        else if (match[3] === '') {
          max = min + UNBOUNDED_EXTRA;
          unbounded = true;
        } else max = this.bound(match[3], start);
      }
      if (min > max)
        this.fail(
          `quantifier ${match[0]} at position ${start + 1}: the minimum (${min}) is larger than the maximum (${max})`,
          start,
        );
    } else return atom;
    if (atom === null) {
      this.fail(
        `quantifier "${this.src.slice(start, this.pos)}" at position ${start + 1} has nothing to repeat${atomStart < start ? ` ("${this.src.slice(atomStart, start)}" is an anchor)` : ''}; write \\${this.src[start]} for the character itself`,
        start,
      );
    }
    if (this.peek() === '?') this.pos++; // lazy: the same values can be produced either way
    const next = this.peek();
    if (next === '*' || next === '+' || next === '?' || (next === '{' && this.isQuantifierAt(this.pos))) {
      this.fail(
        `quantifier "${next === '{' ? '{' : next}" at position ${this.pos + 1} follows another quantifier; group the first one, e.g. (a{2}){3}`,
      );
    }
    return { kind: 'repeat', body: atom, min, max, unbounded };
  }

  private isQuantifierAt(offset: number): boolean {
    if (this.src.charAt(offset + 1) === '{') return false;
    QUANTIFIER.lastIndex = offset;
    return QUANTIFIER.test(this.src);
  }

  private bound(digits: string, offset: number): number {
    const value = Number(digits);
    if (value > MAX_REPEAT)
      this.fail(`repetition count ${digits} at position ${offset + 1} is above the limit of ${MAX_REPEAT}`, offset);
    return value;
  }

  /** One atom; null for anchors, which produce nothing. */
  private atom(): RegexNode | null {
    const start = this.pos;
    const ch = this.peek();
    switch (ch) {
      case '(':
        return this.group();
      case '[': {
        const posix = this.posixToken();
        if (posix) return posix;
        return { kind: 'set', set: this.characterClass() };
      }
      case '{':
        if (this.peek(1) === '{') return this.fieldReference();
        if (this.isQuantifierAt(start)) this.quantifier(null, start);
        this.pos++;
        return { kind: 'literal', text: '{' };
      case '\\':
        return this.escape();
      case '.':
        this.pos++;
        return { kind: 'set', set: PRINTABLE };
      case '^':
      case '$':
        this.pos++;
        return null;
      case '*':
      case '+':
      case '?':
        return this.quantifier(null, start);
      default: {
        const codePoint = this.src.codePointAt(start)!;
        const text = String.fromCodePoint(codePoint);
        this.pos += text.length;
        return { kind: 'literal', text };
      }
    }
  }

  private group(): RegexNode | null {
    const open = this.pos;
    this.pos++;
    let index = 0; // 0: non-capturing
    if (this.peek() === '?') {
      const rest = this.src.slice(this.pos + 1);
      const named = /^<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
      const flags = /^([imsx-]*)([:)])/.exec(rest);
      if (named) {
        index = ++this.groupCount;
        if (this.groupNames.has(named[1]))
          this.fail(`group name "${named[1]}" at position ${open + 1} is already used`, open);
        this.groupNames.set(named[1], index);
        this.pos += 1 + named[0].length;
      } else if (rest.startsWith('=') || rest.startsWith('!') || rest.startsWith('<=') || rest.startsWith('<!')) {
        this.fail(
          `lookaround "(?${rest.startsWith('<') ? rest.slice(0, 2) : rest[0]}" at position ${open + 1} is not supported: a generated value cannot be checked against what surrounds it`,
          open,
        );
      } else if (flags) {
        // (?:...) and inline options such as (?i) or (?i:...): options do not change what can be generated.
        this.pos += 1 + flags[0].length;
        if (flags[2] === ')') return null;
      } else {
        this.fail(
          `unknown group syntax "(?${rest.charAt(0)}" at position ${open + 1}; use (...), (?:...) or (?<name>...)`,
          open,
        );
      }
    } else index = ++this.groupCount;
    const body = this.alternation();
    if (this.peek() !== ')')
      this.fail(`"(" at position ${open + 1} is never closed; write \\( for a literal parenthesis`, open);
    this.pos++;
    return index === 0 ? body : { kind: 'group', index, body };
  }

  /** `[:upper:]` outside a class; null when `[` starts an ordinary class. */
  private posixToken(): RegexNode | null {
    const start = this.pos;
    POSIX_TOKEN.lastIndex = start;
    const match = POSIX_TOKEN.exec(this.src);
    if (!match) return null;
    const name = match[1];
    this.pos = POSIX_TOKEN.lastIndex;
    if (Object.hasOwn(NAME_CLASSES, name)) return { kind: 'name', which: NAME_CLASSES[name] };
    if (Object.hasOwn(POSIX_CLASSES, name)) return { kind: 'set', set: POSIX_CLASSES[name] };
    return this.unknownClass(name, start);
  }

  private unknownClass(name: string, offset: number): never {
    this.fail(
      `unknown class [:${name}:] at position ${offset + 1}; known classes: ${CLASS_NAMES.map((n) => `[:${n}:]`).join(', ')}`,
      offset,
    );
  }

  private fieldReference(): RegexNode {
    const start = this.pos;
    const close = this.src.indexOf('}}', start + 2);
    if (close < 0)
      this.fail(
        `"{{" at position ${start + 1} is never closed; write {{field_name}} for a field's value or \\{ for a literal brace`,
        start,
      );
    const name = this.src.slice(start + 2, close).trim();
    if (name === '') this.fail(`"{{}}" at position ${start + 1} names no field; write {{field_name}}`, start);
    this.pos = close + 2;
    if (!this.fieldNames.includes(name)) this.fieldNames.push(name);
    return { kind: 'field', name, position: start };
  }

  /** After `\` outside a class. */
  private escape(): RegexNode | null {
    const start = this.pos;
    this.pos++;
    if (this.pos >= this.src.length)
      this.fail(
        `"\\" at the end of the pattern (position ${start + 1}) escapes nothing; write \\\\ for a backslash`,
        start,
      );
    const ch = this.peek();
    switch (ch) {
      case 'w':
        this.pos++;
        return { kind: 'word' };
      case 'b':
      case 'B':
      case 'A':
      case 'z':
      case 'Z':
      case 'G':
        this.pos++;
        return null;
      case 'k': {
        const match = /^k<([A-Za-z_][A-Za-z0-9_]*)>/.exec(this.src.slice(this.pos));
        if (!match) this.fail(`"\\k" at position ${start + 1} must be followed by <group_name>`, start);
        this.pos += match[0].length;
        return this.backreference(match[1], start);
      }
    }
    if (ch >= '1' && ch <= '9') {
      const digits = /^\d+/.exec(this.src.slice(this.pos))![0];
      this.pos += digits.length;
      return this.backreference(Number(digits), start);
    }
    const shorthand = this.shorthandSet(ch);
    if (shorthand) {
      this.pos++;
      return { kind: 'set', set: shorthand };
    }
    return { kind: 'literal', text: String.fromCodePoint(this.escapedCodePoint(start, false)) };
  }

  private backreference(ref: number | string, start: number): RegexNode {
    const node = { kind: 'backreference' as const, group: 0 };
    this.backreferences.push({ node, ref, offset: start, text: this.src.slice(start, this.pos) });
    return node;
  }

  /** `\d \D \s \S \W \h \H` (and `\w` inside a class: one word character). */
  private shorthandSet(ch: string): CharSet | null {
    switch (ch) {
      case 'd':
        return DIGIT;
      case 'D':
        return DIGIT.complementIn(PRINTABLE);
      case 's':
        return SPACE;
      case 'S':
        return SPACE.complementIn(PRINTABLE);
      case 'W':
        return WORD_CHAR.complementIn(PRINTABLE);
      case 'h': // Ruby's hex digit
        return HEX_DIGIT;
      case 'H':
        return HEX_DIGIT.complementIn(PRINTABLE);
      default:
        return null;
    }
  }

  /** A single-character escape at this.pos (after the `\` at `start`); advances past it. */
  private escapedCodePoint(start: number, inClass: boolean): number {
    const ch = this.peek();
    this.pos++;
    switch (ch) {
      case 'n':
        return 10;
      case 't':
        return 9;
      case 'r':
        return 13;
      case 'f':
        return 12;
      case 'v':
        return 11;
      case '0':
        if (/\d/.test(this.peek()))
          this.fail(`octal escape "\\0${this.peek()}" at position ${start + 1} is not supported; write \\xHH`, start);
        return 0;
      case 'b':
        if (inClass) return 8;
        break;
      case 'x':
        return this.hex(start, /^[0-9A-Fa-f]{2}/, '\\x needs two hex digits, e.g. \\x41');
      case 'u':
        if (this.peek() === '{') {
          const match = /^\{([0-9A-Fa-f]{1,6})\}/.exec(this.src.slice(this.pos));
          const value = match ? parseInt(match[1], 16) : NaN;
          if (!match || value > 0x10ffff)
            this.fail(
              `"\\u{" at position ${start + 1} needs a code point of 1 to 6 hex digits up to 10FFFF, e.g. \\u{1F600}`,
              start,
            );
          this.pos += match[0].length;
          return value;
        }
        return this.hex(start, /^[0-9A-Fa-f]{4}/, '\\u needs four hex digits, e.g. \\u0041');
      case 'c': {
        const letter = this.peek();
        if (!/[A-Za-z]/.test(letter)) this.fail(`"\\c" at position ${start + 1} must be followed by a letter`, start);
        this.pos++;
        return letter.charCodeAt(0) % 32;
      }
    }
    if (ch === 'p' || ch === 'P')
      this.fail(
        `Unicode property "\\${ch}" at position ${start + 1} is not supported; use a class such as [A-Za-z]`,
        start,
      );
    if (/[A-Za-z0-9]/.test(ch))
      this.fail(
        `unknown escape "\\${ch}" at position ${start + 1}${inClass ? ' inside [...]' : ''}; write ${ch} without the backslash for the character itself`,
        start,
      );
    const codePoint = this.src.codePointAt(this.pos - 1)!;
    if (codePoint > 0xffff) this.pos++;
    return codePoint;
  }

  private hex(start: number, digits: RegExp, help: string): number {
    const match = digits.exec(this.src.slice(this.pos));
    if (!match) this.fail(`escape at position ${start + 1}: ${help}`, start);
    this.pos += match[0].length;
    return parseInt(match[0], 16);
  }

  /** `[...]` / `[^...]`; a negated class draws from printable ASCII minus its members. */
  private characterClass(): CharSet {
    const open = this.pos;
    this.pos++;
    const negated = this.peek() === '^';
    if (negated) this.pos++;
    if (this.peek() === ']') {
      this.pos++;
      // As in JavaScript: [^] is any character, [] none.
      if (negated) return PRINTABLE;
      this.fail(`empty class "[]" at position ${open + 1} matches nothing; write \\[\\] for literal brackets`, open);
    }
    const members: CharSet[] = [];
    while (this.peek() !== ']') {
      if (this.pos >= this.src.length)
        this.fail(`"[" at position ${open + 1} is never closed; write \\[ for a literal bracket`, open);
      const itemStart = this.pos;
      const item = this.classItem();
      if (item.kind === 'char' && this.peek() === '-' && this.peek(1) !== ']' && this.pos + 1 < this.src.length) {
        this.pos++;
        const upper = this.classItem();
        if (upper.kind === 'char') {
          if (upper.codePoint < item.codePoint) {
            this.fail(
              `range "${this.src.slice(itemStart, this.pos)}" at position ${itemStart + 1} is out of order; write the smaller character first`,
              itemStart,
            );
          }
          members.push(CharSet.of([[item.codePoint, upper.codePoint]]));
          continue;
        }
        // [a-\d]: as in JavaScript, the dash is then a literal.
        members.push(CharSet.of([[item.codePoint, item.codePoint]]), CharSet.chars('-'), upper.set);
        continue;
      }
      members.push(item.kind === 'char' ? CharSet.of([[item.codePoint, item.codePoint]]) : item.set);
    }
    this.pos++;
    const set = CharSet.union(members);
    if (!negated) return set;
    const complement = set.complementIn(PRINTABLE);
    if (complement.size === 0)
      this.fail(
        `class "${this.src.slice(open, this.pos)}" at position ${open + 1} excludes every printable character, so nothing can be generated`,
        open,
      );
    return complement;
  }

  private classItem(): ClassItem {
    const start = this.pos;
    const ch = this.peek();
    if (ch === '[') {
      POSIX_TOKEN.lastIndex = start;
      const match = POSIX_TOKEN.exec(this.src);
      if (match) {
        this.pos = POSIX_TOKEN.lastIndex;
        const name = match[1];
        if (Object.hasOwn(POSIX_CLASSES, name)) return { kind: 'set', set: POSIX_CLASSES[name] };
        if (Object.hasOwn(NAME_CLASSES, name)) {
          this.fail(
            `[:${name}:] at position ${start + 1} is more than one character, so it cannot be used inside [...]; write it outside, e.g. ([:${name}:]|x)`,
            start,
          );
        }
        this.unknownClass(name, start);
      }
    }
    if (ch === '\\') {
      this.pos++;
      if (this.pos >= this.src.length)
        this.fail(
          `"\\" at the end of the pattern (position ${start + 1}) escapes nothing; write \\\\ for a backslash`,
          start,
        );
      const next = this.peek();
      if (next === 'w') {
        this.pos++;
        return { kind: 'set', set: WORD_CHAR };
      }
      const shorthand = this.shorthandSet(next);
      if (shorthand) {
        this.pos++;
        return { kind: 'set', set: shorthand };
      }
      return { kind: 'char', codePoint: this.escapedCodePoint(start, true) };
    }
    const codePoint = this.src.codePointAt(start)!;
    this.pos += codePoint > 0xffff ? 2 : 1;
    return { kind: 'char', codePoint };
  }
}
