/**
 * RegexNode tree -> one closure per node, built once per field. Each closure appends its part
 * of the value to a shared state, so a row costs only the draws and string appends, never a
 * walk over the tree or a re-parse.
 */
import type { CounterRandom } from '../random/counter-random.js';
import type { RowState } from '../kernel/define-type.js';
import { groupsWithin } from './analyse.js';
import type { NameKind, ParsedPattern, RegexNode } from './ast.js';
import type { CharSet } from './char-set.js';
import { MAX_ROUNDS, MAX_VALUE_LENGTH } from './limits.js';
import { FIRST_NAMES, LAST_NAMES, LOREM_WORDS } from './word-tables.js';

/** How a `{{field}}` reads its field's value as text in the row being generated. */
export type FieldReader = (row: RowState) => string;

/** Produces one value matching the pattern; `random` is positioned for this field and row. */
export type PatternGenerator = (random: CounterRandom, row: RowState) => string;

interface State {
  random: CounterRandom;
  row: RowState;
  out: string;
  rounds: number;
  /** Rounds this value may draw: MAX_ROUNDS, or less when a shared budget has less left. */
  maxRounds: number;
  /** Captured text by group number (index 0 unused). */
  groups: string[];
}

type Emit = (state: State) => void;

/** Sets up to this size pick from a precomputed array of one-character strings. */
const TABLE_LIMIT = 1024;

/**
 * Compiles a parsed pattern. `readField` gives the reader for each name in `fieldNames`
 * (resolved by the caller, which reports unknown ones).
 */
export function compilePattern(parsed: ParsedPattern, readField: (name: string) => FieldReader): PatternGenerator {
  return compileWithBudget(parsed, readField, null) as PatternGenerator;
}

/** Repetition rounds a caller shares between several patterns (a row's Regular Expression fields). */
export interface RoundsBudget {
  patternRounds: number;
}

/**
 * Like compilePattern, but every value's repetition rounds are also taken from `budget`: a value
 * that would need more rounds than are left is null, so many fields cannot multiply MAX_ROUNDS.
 */
export function compileBudgetedPattern(
  parsed: ParsedPattern,
  readField: (name: string) => FieldReader,
  budget: RoundsBudget,
): (random: CounterRandom, row: RowState) => string | null {
  return compileWithBudget(parsed, readField, budget);
}

function compileWithBudget(
  parsed: ParsedPattern,
  readField: (name: string) => FieldReader,
  budget: RoundsBudget | null,
): (random: CounterRandom, row: RowState) => string | null {
  const compiler = new Compiler(readField, parsed.hasBackreferences);
  const root = compiler.compile(parsed.root);
  if (parsed.root.kind === 'literal') {
    const text = parsed.root.text;
    return () => text;
  }
  // One state per compiled pattern: generation is synchronous and never re-enters itself.
  const state: State = {
    random: undefined!,
    row: undefined!,
    out: '',
    rounds: 0,
    maxRounds: MAX_ROUNDS,
    groups: new Array<string>(parsed.groupCount + 1).fill(''),
  };
  const hasGroups = parsed.hasBackreferences;
  return (random, row) => {
    state.random = random;
    state.row = row;
    state.out = '';
    state.rounds = 0;
    if (budget !== null) state.maxRounds = Math.min(MAX_ROUNDS, budget.patternRounds);
    if (hasGroups) state.groups.fill('');
    root(state);
    const out = state.out;
    state.out = '';
    if (budget === null) return out;
    budget.patternRounds -= Math.min(state.rounds, state.maxRounds);
    // Cut short by the shared budget rather than by the value's own bound: nil, not a wrong value.
    return state.rounds > state.maxRounds && state.maxRounds < MAX_ROUNDS ? null : out;
  };
}

class Compiler {
  constructor(
    private readonly readField: (name: string) => FieldReader,
    /** Captures are only recorded when something reads them. */
    private readonly captures: boolean,
  ) {}

  compile(node: RegexNode): Emit {
    switch (node.kind) {
      case 'literal': {
        const text = node.text;
        return text === '' ? () => {} : (s) => void (s.out += text);
      }
      case 'set':
        return setEmitter(node.set);
      case 'word':
        return (s) => void (s.out += s.random.pick(LOREM_WORDS));
      case 'name':
        return nameEmitter(node.which);
      case 'field': {
        const read = this.readField(node.name);
        return (s) => void (s.out += read(s.row));
      }
      case 'sequence':
        return sequenceEmitter(node.items.map((item) => this.compile(item)));
      case 'alternation': {
        const options = node.options.map((option) => this.compile(option));
        const count = options.length;
        return (s) => options[s.random.below(count)](s);
      }
      case 'group': {
        const body = this.compile(node.body);
        if (!this.captures) return body;
        const index = node.index;
        return (s) => {
          const start = s.out.length;
          body(s);
          s.groups[index] = s.out.slice(start);
        };
      }
      case 'backreference': {
        const index = node.group;
        return (s) => void (s.out += s.groups[index]);
      }
      case 'repeat':
        return this.repeat(node);
    }
  }

  private repeat(node: Extract<RegexNode, { kind: 'repeat' }>): Emit {
    const { min, max } = node;
    if (max === 0) return () => {};
    if (node.body.kind === 'word') return wordEmitter(min, max, node.unbounded);
    if (min === 1 && max === 1) return this.compile(node.body);
    const body = this.compile(node.body);
    // As in JavaScript, each round starts with the captures of the groups inside it cleared.
    const resets = this.captures ? groupsWithin(node.body) : [];
    if (resets.length > 0) {
      return (s) => {
        const rounds = min === max ? min : s.random.intBetween(min, max);
        for (let i = 0; i < rounds; i++) {
          if (s.out.length >= MAX_VALUE_LENGTH || ++s.rounds > s.maxRounds) return;
          for (const group of resets) s.groups[group] = '';
          body(s);
        }
      };
    }
    const bodySet = node.body.kind === 'set' ? node.body.set : null;
    if (bodySet && bodySet.size <= TABLE_LIMIT && bodySet.ranges[bodySet.ranges.length - 1][1] <= 0xffff) {
      // The common `[A-F0-9]{8}` / `\d{1,5}`: no closure call per character, and one string
      // made from char codes (much cheaper than a chain of one-character concatenations).
      const codes = Array.from({ length: bodySet.size }, (_, i) => bodySet.codePointAt(i));
      const size = codes.length;
      const buffers: number[][] = [];
      return (s) => {
        const rounds = min === max ? min : s.random.intBetween(min, max);
        if (rounds === 0 || s.out.length >= MAX_VALUE_LENGTH || (s.rounds += rounds) > s.maxRounds) return;
        const buffer = (buffers[rounds] ??= new Array<number>(rounds).fill(0));
        for (let i = 0; i < rounds; i++) buffer[i] = codes[s.random.below(size)];
        s.out += String.fromCharCode.apply(null, buffer);
      };
    }
    if (bodySet && bodySet.size <= TABLE_LIMIT) {
      const chars = charTable(bodySet);
      const size = chars.length;
      return (s) => {
        const rounds = min === max ? min : s.random.intBetween(min, max);
        if (s.out.length >= MAX_VALUE_LENGTH || (s.rounds += rounds) > s.maxRounds) return;
        let text = '';
        for (let i = 0; i < rounds; i++) text += chars[s.random.below(size)];
        s.out += text;
      };
    }
    return (s) => {
      const rounds = min === max ? min : s.random.intBetween(min, max);
      for (let i = 0; i < rounds; i++) {
        if (s.out.length >= MAX_VALUE_LENGTH || ++s.rounds > s.maxRounds) return;
        body(s);
      }
    };
  }
}

function charTable(set: CharSet): string[] {
  return Array.from({ length: set.size }, (_, i) => String.fromCodePoint(set.codePointAt(i)));
}

function setEmitter(set: CharSet): Emit {
  if (set.size === 1) {
    const text = String.fromCodePoint(set.codePointAt(0));
    return (s) => void (s.out += text);
  }
  if (set.size <= TABLE_LIMIT) {
    const chars = charTable(set);
    const size = chars.length;
    return (s) => void (s.out += chars[s.random.below(size)]);
  }
  const size = set.size;
  return (s) => void (s.out += String.fromCodePoint(set.codePointAt(s.random.below(size))));
}

function nameEmitter(which: NameKind): Emit {
  switch (which) {
    case 'first':
      return (s) => void (s.out += s.random.pick(FIRST_NAMES));
    case 'last':
      return (s) => void (s.out += s.random.pick(LAST_NAMES));
    case 'full':
      return (s) => void (s.out += s.random.pick(FIRST_NAMES) + ' ' + s.random.pick(LAST_NAMES));
  }
}

function sequenceEmitter(items: Emit[]): Emit {
  if (items.length === 2) {
    const [a, b] = items;
    return (s) => {
      a(s);
      b(s);
    };
  }
  if (items.length === 3) {
    const [a, b, c] = items;
    return (s) => {
      a(s);
      b(s);
      c(s);
    };
  }
  const count = items.length;
  return (s) => {
    for (let i = 0; i < count; i++) items[i](s);
  };
}

/**
 * A quantifier on `\w` sets the word's length, as in Ruby's randexp (which Mockaroo follows):
 * `\w{5}` is one five-letter word, `\w+` any word, `\w?` / `\w*` a word or nothing. When no
 * lorem word has a wanted length, the word is cut from lorem words joined together.
 */
function wordEmitter(min: number, max: number, unbounded: boolean): Emit {
  const shortest = Math.max(min, 1);
  const longest = unbounded ? Infinity : max;
  const optional = min === 0;
  const candidates = LOREM_WORDS.filter((word) => word.length >= shortest && word.length <= longest);
  if (candidates.length > 0) {
    return (s) => {
      if (optional && s.random.next() < 0.5) return;
      s.out += s.random.pick(candidates);
    };
  }
  return (s) => {
    if (optional && s.random.next() < 0.5) return;
    const length = s.random.intBetween(shortest, max);
    let text = '';
    while (text.length < length) text += s.random.pick(LOREM_WORDS);
    s.out += text.slice(0, length);
  };
}
