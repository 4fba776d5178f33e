/**
 * The formula language's lexer. It is pulled by the parser one token at a time (so the first
 * error in the source is the one reported) and keeps a stack of modes, because a double-quoted
 * string may hold `#{...}` interpolations that hold code that may hold strings again.
 */
import { FormulaError, type Position } from './ast.js';

export type TokenKind =
  | 'number'
  /** A complete single-quoted string; `text` is its decoded content. */
  | 'string'
  /** `"`: a double-quoted string starts; then stringText / interpStart ... interpEnd, then stringEnd. */
  | 'stringStart'
  | 'stringText'
  | 'interpStart'
  | 'interpEnd'
  | 'stringEnd'
  /** `/pattern/flags`: `text` is the pattern as written, `flags` the flag letters. */
  | 'regex'
  /** `%w[a b c]` or `%i[a b c]`: a list of words; `words` holds them. */
  | 'words'
  | 'name'
  | 'keyword'
  | 'operator'
  | 'eof';

export interface Token {
  kind: TokenKind;
  /** Source text for names, keywords, operators and numbers; decoded text for strings. */
  text: string;
  position: Position;
  /** Whitespace or a comment separates this token from the previous one. */
  spaceBefore: boolean;
  /** A newline (or `;`) separates this token from the previous one. */
  newlineBefore: boolean;
  /** For numbers. */
  value?: number;
  integer?: boolean;
  /** For regex literals. */
  flags?: string;
  /** For word lists. */
  words?: string[];
}

export const KEYWORDS: ReadonlySet<string> = new Set([
  'if',
  'elsif',
  'else',
  'unless',
  'then',
  'end',
  'case',
  'when',
  'and',
  'or',
  'not',
  'true',
  'false',
  'nil',
]);

/**
 * Longest first. Some are not part of the language (`**`, `<=>`, `=`, `&.` ...): lexing them whole
 * lets the parser say "operator ** is not supported" instead of a puzzling error about `*`.
 */
const OPERATORS = [
  '...',
  '<=>',
  '===',
  '..',
  '**',
  '==',
  '!=',
  '=~',
  '!~',
  '=>',
  '<=',
  '>=',
  '<<',
  '>>',
  '&&',
  '||',
  '&.',
  '::',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '=',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  '?',
  ':',
  '&',
  '|',
  '^',
  '~',
];

/** After these keywords a value follows, so `/` starts a regex; after the others it divides. */
const VALUE_KEYWORDS: ReadonlySet<string> = new Set(['end', 'true', 'false', 'nil']);
const REGEX_FLAGS = 'imx';

type Mode = { kind: 'code'; braces: number; opened: Position | null } | { kind: 'string'; opened: Position };

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isWordStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isWordChar = (c: string | undefined): boolean => isWordStart(c) || isDigit(c);

export const quote = (text: string): string => JSON.stringify(text);

/** The brackets a word list may open with, and their closers; other punctuation closes itself (`%w|a b|`). */
const WORD_LIST_CLOSERS: Record<string, string> = { '[': ']', '(': ')', '{': '}', '<': '>' };
const isWordListStart = (letter: string | undefined, opener: string | undefined): boolean =>
  (letter === 'w' || letter === 'W' || letter === 'i' || letter === 'I') &&
  opener !== undefined &&
  /[[({<|!/^]/.test(opener);

export class Lexer {
  private offset = 0;
  private line = 1;
  private column = 1;
  private readonly modes: Mode[] = [{ kind: 'code', braces: 0, opened: null }];
  private previous: Token | null = null;
  private readonly buffer: Token[] = [];

  constructor(private readonly source: string) {}

  /** The token `ahead` tokens after the current one, lexing on demand. */
  peek(ahead = 0): Token {
    while (this.buffer.length <= ahead) this.buffer.push(this.scan());
    return this.buffer[ahead];
  }

  next(): Token {
    const token = this.peek(0);
    this.buffer.shift();
    return token;
  }

  private here(): Position {
    return { line: this.line, column: this.column, offset: this.offset };
  }

  private char(ahead = 0): string | undefined {
    return this.source[this.offset + ahead];
  }

  private advance(count = 1): void {
    for (let i = 0; i < count && this.offset < this.source.length; i++) {
      if (this.source[this.offset] === '\n') {
        this.line++;
        this.column = 1;
      } else {
        this.column++;
      }
      this.offset++;
    }
  }

  private token(kind: TokenKind, text: string, position: Position, space: boolean, newline: boolean): Token {
    const token: Token = { kind, text, position, spaceBefore: space, newlineBefore: newline };
    this.previous = token;
    return token;
  }

  private scan(): Token {
    const mode = this.modes[this.modes.length - 1];
    if (mode.kind === 'string') return this.scanStringPart(mode.opened);

    let space = false;
    let newline = false;
    for (;;) {
      const c = this.char();
      if (c === '\n' || c === ';') {
        // `;` separates like a newline in Ruby (`if a; b; end`).
        newline = true;
        space = true;
        this.advance();
      } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
        space = true;
        this.advance();
      } else if (c === '#') {
        space = true;
        while (this.char() !== undefined && this.char() !== '\n') this.advance();
      } else if (c === '\\' && (this.char(1) === '\n' || (this.char(1) === '\r' && this.char(2) === '\n'))) {
        // Ruby's explicit line continuation: the newline does not end anything.
        space = true;
        this.advance(this.char(1) === '\n' ? 2 : 3);
      } else {
        break;
      }
    }

    const start = this.here();
    const c = this.char();
    if (c === undefined) {
      if (mode.opened !== null) throw new FormulaError('unterminated "#{" in a string (no matching "}")', mode.opened);
      return this.token('eof', '', start, space, newline);
    }
    if (c === '"') {
      this.advance();
      this.modes.push({ kind: 'string', opened: start });
      return this.token('stringStart', '"', start, space, newline);
    }
    if (c === "'") return this.token('string', this.scanSingleQuoted(start), start, space, newline);
    if (isDigit(c)) return this.scanNumber(start, space, newline);
    if (isWordStart(c)) return this.scanWord(start, space, newline);
    if (c === '/' && this.operandExpected()) return this.scanRegex(start, space, newline);
    if (c === '%' && this.operandExpected() && isWordListStart(this.char(1), this.char(2)))
      return this.scanWordList(start, space, newline);

    const operator = OPERATORS.find((op) => this.source.startsWith(op, this.offset));
    if (operator === undefined) {
      const hint = c.charCodeAt(0) > 127 ? ' (names use only A-Z, a-z, 0-9 and _; use field("...") for others)' : '';
      throw new FormulaError(`unexpected character ${quote(c)}${hint}`, start);
    }
    this.advance(operator.length);
    if (operator === '{') mode.braces++;
    if (operator === '}') {
      if (mode.braces === 0 && mode.opened !== null) {
        this.modes.pop();
        return this.token('interpEnd', '}', start, space, newline);
      }
      if (mode.braces > 0) mode.braces--;
    }
    return this.token('operator', operator, start, space, newline);
  }

  /** Ruby's rule, simplified: `/` starts a regex where a value is expected, else it divides. */
  private operandExpected(): boolean {
    const previous = this.previous;
    if (previous === null) return true;
    switch (previous.kind) {
      case 'operator':
        return previous.text !== ')' && previous.text !== ']' && previous.text !== '}';
      case 'keyword':
        return !VALUE_KEYWORDS.has(previous.text);
      case 'interpStart':
        return true;
      default:
        return false;
    }
  }

  private scanSingleQuoted(start: Position): string {
    this.advance();
    let text = '';
    for (;;) {
      const c = this.char();
      if (c === undefined) throw new FormulaError('unterminated string', start);
      if (c === "'") {
        this.advance();
        return text;
      }
      if (c === '\\' && (this.char(1) === "'" || this.char(1) === '\\')) {
        text += this.char(1);
        this.advance(2);
      } else {
        text += c;
        this.advance();
      }
    }
  }

  private scanStringPart(opened: Position): Token {
    const start = this.here();
    let text = '';
    for (;;) {
      const c = this.char();
      if (c === undefined) throw new FormulaError('unterminated string', opened);
      if (c === '"' || (c === '#' && this.char(1) === '{')) {
        if (text !== '') return this.token('stringText', text, start, false, false);
        const at = this.here();
        if (c === '"') {
          this.advance();
          this.modes.pop();
          return this.token('stringEnd', '"', at, false, false);
        }
        this.advance(2);
        this.modes.push({ kind: 'code', braces: 0, opened: at });
        return this.token('interpStart', '#{', at, false, false);
      }
      if (c === '\\') {
        text += this.scanEscape();
      } else {
        text += c;
        this.advance();
      }
    }
  }

  private scanEscape(): string {
    const at = this.here();
    const c = this.char(1);
    const simple: Record<string, string> = {
      n: '\n',
      t: '\t',
      r: '\r',
      '"': '"',
      "'": "'",
      '\\': '\\',
      '#': '#',
      '\n': '',
    };
    if (c !== undefined && Object.hasOwn(simple, c)) {
      this.advance(2);
      return simple[c];
    }
    if (c === 'u') {
      const braced = /^\\u\{([0-9a-fA-F]{1,6})\}/.exec(this.source.slice(this.offset, this.offset + 10));
      const plain = /^\\u([0-9a-fA-F]{4})/.exec(this.source.slice(this.offset, this.offset + 6));
      const match = braced ?? plain;
      const code = match === null ? NaN : parseInt(match[1], 16);
      if (match !== null && code <= 0x10ffff) {
        this.advance(match[0].length);
        return String.fromCodePoint(code);
      }
      throw new FormulaError('invalid unicode escape; write \\uXXXX or \\u{X...}', at);
    }
    const shown = c === undefined ? '\\' : `\\${c}`;
    throw new FormulaError(
      `unknown escape ${quote(shown)} in a double-quoted string (allowed: \\n \\t \\r \\" \\' \\\\ \\# \\u; write \\\\ for a backslash)`,
      at,
    );
  }

  private scanNumber(start: Position, space: boolean, newline: boolean): Token {
    const from = this.offset;
    const digits = (): void => {
      while (isDigit(this.char()) || (this.char() === '_' && isDigit(this.char(1)) && isDigit(this.char(-1))))
        this.advance();
    };
    digits();
    let integer = true;
    if (this.char() === '.' && isDigit(this.char(1))) {
      integer = false;
      this.advance();
      digits();
    }
    if (
      (this.char() === 'e' || this.char() === 'E') &&
      (isDigit(this.char(1)) || ((this.char(1) === '+' || this.char(1) === '-') && isDigit(this.char(2))))
    ) {
      integer = false;
      this.advance(2);
      digits();
    }
    if (isWordChar(this.char())) {
      let end = this.offset;
      while (isWordChar(this.source[end])) end++;
      throw new FormulaError(`invalid number ${quote(this.source.slice(from, end))}`, start);
    }
    const text = this.source.slice(from, this.offset);
    const value = Number(text.replaceAll('_', ''));
    if (integer && !Number.isSafeInteger(value)) {
      throw new FormulaError(`integer ${text} is too large (the limit is ${Number.MAX_SAFE_INTEGER})`, start);
    }
    if (!Number.isFinite(value)) throw new FormulaError(`number ${text} is too large`, start);
    const token = this.token('number', text, start, space, newline);
    token.value = value;
    token.integer = integer;
    return token;
  }

  private scanWord(start: Position, space: boolean, newline: boolean): Token {
    const from = this.offset;
    while (isWordChar(this.char())) this.advance();
    const afterDot = this.previous?.kind === 'operator' && (this.previous.text === '.' || this.previous.text === '&.');
    // `nil?` / `strip!` are method names; a plain name never ends in ? or ! (`x ? a : b`, `x != y`).
    const suffix = this.char();
    if ((suffix === '?' || suffix === '!') && (afterDot || this.char(1) === '(')) {
      const following = this.char(1);
      if (!(suffix === '!' && (following === '=' || following === '~'))) this.advance();
    }
    const text = this.source.slice(from, this.offset);
    const kind = !afterDot && KEYWORDS.has(text) ? 'keyword' : 'name';
    return this.token(kind, text, start, space, newline);
  }

  /**
   * `%w[a b c]`, `%i(a b c)`: Ruby's word lists, a list of texts (a formula has no symbols, so
   * %i's words are texts too). Words are split at whitespace; `\\ ` keeps a space in a word.
   */
  private scanWordList(start: Position, space: boolean, newline: boolean): Token {
    const open = this.char(2) as string;
    const close = WORD_LIST_CLOSERS[open] ?? open;
    this.advance(3);
    const words: string[] = [];
    let word = '';
    for (;;) {
      const c = this.char();
      if (c === undefined) throw new FormulaError(`unterminated word list (no closing ${quote(close)})`, start);
      this.advance();
      if (c === close) break;
      if (c === '\\' && this.char() !== undefined) {
        word += this.char();
        this.advance();
      } else if (/\s/.test(c)) {
        if (word !== '') words.push(word);
        word = '';
      } else {
        word += c;
      }
    }
    if (word !== '') words.push(word);
    const token = this.token('words', this.source.slice(start.offset, this.offset), start, space, newline);
    token.words = words;
    return token;
  }

  private scanRegex(start: Position, space: boolean, newline: boolean): Token {
    this.advance();
    let pattern = '';
    let inClass = false;
    for (;;) {
      const c = this.char();
      if (c === undefined) throw new FormulaError('unterminated regular expression', start);
      if (c === '\\') {
        const escaped = this.char(1);
        if (escaped === undefined) throw new FormulaError('unterminated regular expression', start);
        pattern += c + escaped;
        this.advance(2);
        continue;
      }
      if (c === '#' && this.char(1) === '{') {
        throw new FormulaError('interpolation "#{...}" is not supported in regular expressions', this.here());
      }
      this.advance();
      if (c === '/' && !inClass) break;
      if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      pattern += c;
    }
    let flags = '';
    while (this.char() !== undefined && /[A-Za-z]/.test(this.char() as string)) {
      const flag = this.char() as string;
      if (!REGEX_FLAGS.includes(flag)) {
        throw new FormulaError(`unknown regular expression flag ${quote(flag)} (allowed: i, m, x)`, this.here());
      }
      if (!flags.includes(flag)) flags += flag;
      this.advance();
    }
    const token = this.token('regex', pattern, start, space, newline);
    token.flags = flags;
    return token;
  }
}

/** Every token of `source` up to and including eof (for tests and tools; the parser pulls lazily). */
export function tokenize(source: string): Token[] {
  const lexer = new Lexer(source);
  const tokens: Token[] = [];
  for (;;) {
    const token = lexer.next();
    tokens.push(token);
    if (token.kind === 'eof') return tokens;
  }
}
