/**
 * An upper bound on the size of the program RE2 compiles a pattern to, read from the pattern's
 * text without compiling it. Compiling is where a short pattern gets expensive: RE2 expands
 * counted repetitions, so `(?:a|b|...){1000}` of 190 characters becomes ~180,000 instructions
 * and takes ~180 ms to build. With this bound such a pattern is refused (or charged) before any
 * of that work is done.
 *
 * The bound follows RE2's compiler (Go's regexp/syntax, which re2js ports): every literal
 * character, character class, `.`, anchor or escape is at most one instruction; a group adds its
 * two capture instructions and one split per `|`; `*` `+` `?` add at most two; `x{n}` is n copies
 * of x, `x{n,}` n copies and a loop, `x{n,m}` m copies each with a split; the program adds a few
 * of its own. Counting every character as one atom only over-counts (a class's contents, a
 * name, a surrogate pair), never under-counts; regex-size.test.ts checks the bound against
 * re2js's real program sizes, on chosen and on generated patterns.
 */

/** Instructions every program has besides the pattern's own (fail, match, the whole-match capture). */
const PROGRAM_OVERHEAD = 4;

interface Frame {
  /** Sizes of the alternatives closed so far (by `|`). */
  alternatives: number[];
  /** Size of the current alternative. */
  sequence: number;
  /** Size of the last item of the sequence: what a quantifier applies to. */
  last: number;
}

const newFrame = (): Frame => ({ alternatives: [], sequence: 0, last: 0 });

function append(frame: Frame, size: number): void {
  frame.sequence += size;
  frame.last = size;
}

/** The last item repeated to `size`. */
function replaceLast(frame: Frame, size: number): void {
  frame.sequence += size - frame.last;
  frame.last = size;
}

function closeFrame(frame: Frame): number {
  const alternatives = [...frame.alternatives, frame.sequence];
  return alternatives.reduce((sum, size) => sum + size, 0) + alternatives.length + 2;
}

/** Index just past a `[...]` class starting at `start` (or the end of the text when it is not closed). */
function skipClass(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === '^') i++;
  if (source[i] === ']') i++;
  while (i < source.length && source[i] !== ']') {
    if (source[i] === '\\') i += 2;
    else if (source.startsWith('[:', i)) {
      const end = source.indexOf(':]', i + 2);
      i = end < 0 ? i + 1 : end + 2;
    } else i++;
  }
  return i + 1;
}

/** Index just past the escape starting at `start` (a backslash), and its size in atoms. */
function skipEscape(source: string, start: number): { end: number; atoms: number } {
  const kind = source[start + 1];
  if (kind === 'Q') {
    const close = source.indexOf('\\E', start + 2);
    const end = close < 0 ? source.length : close + 2;
    return { end, atoms: Math.max(1, (close < 0 ? source.length : close) - (start + 2)) };
  }
  if ((kind === 'p' || kind === 'P' || kind === 'x') && source[start + 2] === '{') {
    const close = source.indexOf('}', start + 3);
    return { end: close < 0 ? source.length : close + 1, atoms: 1 };
  }
  if (kind === 'x') return { end: start + 4, atoms: 1 };
  if (kind === 'p' || kind === 'P') return { end: start + 3, atoms: 1 };
  return { end: start + 2, atoms: 1 };
}

/** `{n}`, `{n,}` or `{n,m}` at `start`, or null when the brace is a literal. */
function countedRepeat(source: string, start: number): { min: number; max: number | null; end: number } | null {
  const match = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(source.slice(start, start + 12));
  if (!match) return null;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : match[3] === '' ? null : Number(match[3]);
  return { min, max, end: start + match[0].length };
}

/** Index just past a group's opening (`(`, `(?:`, `(?i:`, `(?P<name>`, `(?<name>`), or null for a bare flag group `(?i)`. */
function groupOpening(source: string, start: number): { end: number; flagsOnly: boolean } {
  if (source[start + 1] !== '?') return { end: start + 1, flagsOnly: false };
  let i = start + 2;
  if (source[i] === 'P' || source[i] === '<') {
    const close = source.indexOf('>', i);
    return { end: close < 0 ? source.length : close + 1, flagsOnly: false };
  }
  while (i < source.length && /[a-zA-Z-]/.test(source[i])) i++;
  if (source[i] === ')') return { end: i + 1, flagsOnly: true };
  return { end: source[i] === ':' ? i + 1 : i, flagsOnly: false };
}

export function programSizeBound(source: string): number {
  const stack: Frame[] = [newFrame()];
  let i = 0;
  while (i < source.length) {
    const frame = stack[stack.length - 1];
    const c = source[i];
    if (c === '(') {
      const opening = groupOpening(source, i);
      i = opening.end;
      if (!opening.flagsOnly) stack.push(newFrame());
    } else if (c === ')') {
      i++;
      if (stack.length > 1) append(stack[stack.length - 2], closeFrame(stack.pop()!));
    } else if (c === '|') {
      i++;
      frame.alternatives.push(frame.sequence);
      frame.sequence = 0;
      frame.last = 0;
    } else if (c === '*' || c === '+' || c === '?') {
      i++;
      replaceLast(frame, frame.last + 2);
      if (source[i] === '?') i++;
    } else if (c === '{' && countedRepeat(source, i)) {
      const repeat = countedRepeat(source, i)!;
      i = repeat.end;
      const size = frame.last;
      const { min, max } = repeat;
      replaceLast(frame, max === null ? (min + 1) * size + 2 : min * size + Math.max(0, max - min) * (size + 1) + 1);
      if (source[i] === '?') i++;
    } else if (c === '\\') {
      const escape = skipEscape(source, i);
      i = escape.end;
      append(frame, escape.atoms);
    } else if (c === '[') {
      i = skipClass(source, i);
      append(frame, 1);
    } else {
      i++;
      append(frame, 1);
    }
  }
  while (stack.length > 1) append(stack[stack.length - 2], closeFrame(stack.pop()!));
  return closeFrame(stack[0]) + PROGRAM_OVERHEAD;
}
