/**
 * The formula language's parser: a precedence-table (Pratt) parser over the lazily pulled tokens
 * of lexer.ts, building the tree of ast.ts. Every failure is a FormulaError with a position;
 * recursion depth, tree height and source length are bounded so that no input can exhaust the
 * stack or take long.
 */
import {
  BLOCK_PASS_ITEM,
  blockParamNames,
  FormulaError,
  type BlockLiteral,
  type BlockParam,
  type FormulaNode,
  type Position,
} from './ast.js';
import { Lexer, quote, type Token } from './lexer.js';

export const MAX_FORMULA_LENGTH = 10_000;
/** Parser recursion: brackets, prefix operators and right operands nested inside each other. */
export const MAX_NESTING_DEPTH = 100;
/**
 * Height of the finished tree. Left-associative chains (`a + b + c ...`) are built in a loop,
 * not by recursion, so they need their own bound: the checker and compiled closures recurse on it.
 */
export const MAX_TREE_HEIGHT = 1_000;

type BinaryOperator = Extract<FormulaNode, { kind: 'binary' }>['operator'];

/** Binding powers, lowest to highest. Modifier if/unless sit below all of these (statement level). */
const BP = {
  logical: 10, // and, or: equal precedence, left to right, as in Ruby
  not: 20,
  ternary: 30,
  range: 40,
  or: 50,
  and: 60,
  equality: 70,
  comparison: 80,
  additive: 90,
  multiplicative: 100,
  unary: 110,
  postfix: 120,
} as const;

interface BinaryInfo {
  bp: number;
  operator: BinaryOperator | '!~';
  /** Ruby rejects `a == b == c` and `1..2..3`; so do we, rather than guess a meaning. */
  nonAssociative?: boolean;
}

const BINARY: Readonly<Record<string, BinaryInfo>> = {
  and: { bp: BP.logical, operator: 'and' },
  or: { bp: BP.logical, operator: 'or' },
  '||': { bp: BP.or, operator: '||' },
  '&&': { bp: BP.and, operator: '&&' },
  '==': { bp: BP.equality, operator: '==', nonAssociative: true },
  '!=': { bp: BP.equality, operator: '!=', nonAssociative: true },
  '=~': { bp: BP.equality, operator: '=~', nonAssociative: true },
  '!~': { bp: BP.equality, operator: '!~', nonAssociative: true },
  '<': { bp: BP.comparison, operator: '<' },
  '>': { bp: BP.comparison, operator: '>' },
  '<=': { bp: BP.comparison, operator: '<=' },
  '>=': { bp: BP.comparison, operator: '>=' },
  '+': { bp: BP.additive, operator: '+' },
  '-': { bp: BP.additive, operator: '-' },
  '*': { bp: BP.multiplicative, operator: '*' },
  '/': { bp: BP.multiplicative, operator: '/' },
  '%': { bp: BP.multiplicative, operator: '%' },
};

/** Ruby operators a user may try; named in the error instead of failing on a fragment. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  '=': 'assignment ("=") is not supported; use "==" to compare',
  '**': 'operator "**" is not supported',
  '<=>': 'operator "<=>" is not supported',
  '===': 'operator "===" is not supported; use "=="',
  '<<': 'operator "<<" is not supported; use "+" to join strings',
  '>>': 'operator ">>" is not supported',
  '&': 'operator "&" is not supported; use "&&" for "and"',
  '|': 'operator "|" is not supported; use "||" for "or"',
  '^': 'operator "^" is not supported',
  '&.': 'safe navigation "&." is not supported; test with x.nil? first',
  '::': 'operator "::" is not supported',
};

export const BODY_END: ReadonlySet<string> = new Set(['elsif', 'else', 'end', 'when']);

export function describe(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'end of formula';
    case 'string':
      return `string ${quote(token.text.length > 20 ? `${token.text.slice(0, 20)}...` : token.text)}`;
    case 'stringStart':
      return 'string';
    case 'regex':
      return 'regular expression';
    case 'words':
      return 'word list';
    default:
      return quote(token.text);
  }
}

const at = (position: Position): string => `${position.line}:${position.column}`;

/** Parses one formula into its syntax tree; throws FormulaError on any problem. */
export function parseFormula(source: string): FormulaNode {
  if (typeof source !== 'string')
    throw new FormulaError('a formula must be a string', { line: 1, column: 1, offset: 0 });
  if (source.length > MAX_FORMULA_LENGTH) {
    throw new FormulaError(`formula is too long (${source.length} characters; the limit is ${MAX_FORMULA_LENGTH})`, {
      line: 1,
      column: 1,
      offset: 0,
    });
  }
  return new Parser(source).formula();
}

/**
 * The parser of one formula. Handlers (program-parser.ts) extend it with statements: the hooks
 * are `branch` (the body of an if/case branch) and `modifiers` (`x if c` after a statement).
 */
/** `:+` in `inject(:+)`: Ruby names the operator with a symbol; a formula reads it as the text '+'. */
const OPERATOR_SYMBOLS: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%']);
const isOperatorSymbol = (token: Token): boolean =>
  token.kind === 'operator' && !token.spaceBefore && OPERATOR_SYMBOLS.has(token.text);

/** The operators of `x += 1`, `x ||= 'none'`, `h['k'] += 1` (statements: program-parser.ts). */
export type CompoundOperator = '+' | '-' | '*' | '/' | '%' | '||' | '&&';
export const COMPOUND_OPERATORS: ReadonlySet<string> = new Set<CompoundOperator>(['+', '-', '*', '/', '%', '||', '&&']);

export class Parser {
  private readonly lexer: Lexer;
  protected depth = 0;
  /**
   * The expression depth at which `=` ends an expression instead of being an error: set by
   * programs while they read a statement that may turn out to be `h['key'] = value`.
   */
  protected assignmentDepth = -1;
  /** True while parsing an if/elsif/when condition or case subject: a newline ends it. */
  private newlineEnds = false;
  private readonly heights = new WeakMap<FormulaNode, number>();

  constructor(source: string) {
    this.lexer = new Lexer(source);
  }

  formula(): FormulaNode {
    const first = this.peek();
    if (first.kind === 'eof') throw new FormulaError('formula is empty', first.position);
    const node = this.statement();
    const extra = this.peek();
    if (extra.kind !== 'eof') {
      const closer =
        (extra.kind === 'keyword' && BODY_END.has(extra.text)) ||
        extra.text === 'then' ||
        (extra.kind === 'operator' && [')', ']', '}'].includes(extra.text));
      throw new FormulaError(
        closer
          ? `unexpected ${describe(extra)}`
          : `unexpected ${describe(extra)} after a complete expression; a formula is one expression (missing operator?)`,
        extra.position,
      );
    }
    return node;
  }

  // ---- tokens

  protected peek(ahead = 0): Token {
    return this.lexer.peek(ahead);
  }

  protected next(): Token {
    return this.lexer.next();
  }

  protected isOperator(token: Token, text: string): boolean {
    return token.kind === 'operator' && token.text === text;
  }

  protected isKeyword(token: Token, text: string): boolean {
    return token.kind === 'keyword' && token.text === text;
  }

  /** Consumes the closing token of a bracket or block, or explains what is missing. */
  private close(text: string, opener: Token, kind: 'operator' | 'keyword' | 'interpEnd' = 'operator'): void {
    const token = this.peek();
    if (token.kind === kind && token.text === text) {
      this.next();
      return;
    }
    throw new FormulaError(
      `expected ${quote(text)} to close ${quote(opener.text)} opened at ${at(opener.position)}, found ${describe(token)}`,
      token.position,
    );
  }

  protected withNewlineEnds<T>(ends: boolean, parse: () => T): T {
    const saved = this.newlineEnds;
    this.newlineEnds = ends;
    try {
      return parse();
    } finally {
      this.newlineEnds = saved;
    }
  }

  // ---- tree building

  protected build<T extends FormulaNode>(node: T): T {
    let height = 0;
    for (const child of children(node)) height = Math.max(height, this.heights.get(child) ?? 0);
    height++;
    if (height > MAX_TREE_HEIGHT) {
      // The node starts far back (a long chain starts at 1:1); point where the limit was crossed.
      throw new FormulaError(
        `formula is nested too deeply (more than ${MAX_TREE_HEIGHT} levels)`,
        this.peek().position,
      );
    }
    this.heights.set(node, height);
    return node;
  }

  private negate(condition: FormulaNode): FormulaNode {
    return this.build({ kind: 'unary', operator: '!', operand: condition, position: condition.position });
  }

  // ---- grammar

  /** An expression optionally followed by modifiers: `x + 1 if x`, `this unless blank`. */
  protected statement(): FormulaNode {
    return this.modifiers(this.expression(0));
  }

  /** `:name` (the colon consumed, the name next): formulas have no symbols. */
  protected symbol(position: Position): FormulaNode {
    throw new FormulaError('symbols (":name") are not supported; use a string', position);
  }

  /** Why an operator the language lacks cannot be used (UNSUPPORTED). */
  protected unsupported(operator: string): string {
    return UNSUPPORTED[operator];
  }

  /** Trailing `if c` / `unless c` modifiers applied to a parsed statement. */
  protected modifiers(statement: FormulaNode): FormulaNode {
    let node = statement;
    for (;;) {
      const token = this.peek();
      if (!(this.isKeyword(token, 'if') || this.isKeyword(token, 'unless'))) return node;
      if (this.newlineEnds && token.newlineBefore) return node;
      this.next();
      const condition = this.expression(0);
      node = this.build({
        kind: 'if',
        condition: token.text === 'unless' ? this.negate(condition) : condition,
        then: node,
        otherwise: null,
        position: node.position,
      });
    }
  }

  protected expression(minBp: number): FormulaNode {
    this.depth++;
    try {
      if (this.depth > MAX_NESTING_DEPTH) {
        throw new FormulaError(`nesting too deep (more than ${MAX_NESTING_DEPTH} levels)`, this.peek().position);
      }
      let left = this.prefix();
      let lastNonAssociative = -1;
      for (;;) {
        const token = this.peek();
        if (this.newlineEnds && token.newlineBefore && !this.isOperator(token, '.')) break;
        // `h['k'] += 1` in a program: the statement's `op=` ends its target.
        if (
          this.depth === this.assignmentDepth &&
          this.isOperator(this.peek(1), '=') &&
          !this.peek(1).spaceBefore &&
          token.kind === 'operator' &&
          COMPOUND_OPERATORS.has(token.text)
        )
          break;
        const key = token.kind === 'operator' || token.kind === 'keyword' ? token.text : '';
        const binary = token.kind === 'operator' || token.kind === 'keyword' ? BINARY[key] : undefined;
        let bp: number;
        if (binary !== undefined) bp = binary.bp;
        else if (token.kind !== 'operator') break;
        else if (key === '=' && this.depth === this.assignmentDepth) break;
        else if (key === '.' || (key === '[' && !token.newlineBefore)) bp = BP.postfix;
        else if (key === '?') bp = BP.ternary;
        else if (key === '..' || key === '...') bp = BP.range;
        else if (Object.hasOwn(UNSUPPORTED, key)) throw new FormulaError(this.unsupported(key), token.position);
        else break;
        if (bp < minBp) break;
        if (bp === lastNonAssociative) {
          throw new FormulaError(`${quote(key)} cannot be chained; add parentheses`, token.position);
        }
        lastNonAssociative = binary?.nonAssociative || bp === BP.range ? bp : -1;
        left = this.infix(left, token, binary);
      }
      return left;
    } finally {
      this.depth--;
    }
  }

  private infix(left: FormulaNode, token: Token, binary: BinaryInfo | undefined): FormulaNode {
    this.next();
    if (binary !== undefined) {
      const right = this.expression(binary.bp + 1);
      if (binary.operator === '!~') {
        // `a !~ b` is Ruby's `!(a =~ b)`; the tree has no node of its own for it.
        return this.negate(this.build({ kind: 'binary', operator: '=~', left, right, position: left.position }));
      }
      return this.build({ kind: 'binary', operator: binary.operator, left, right, position: left.position });
    }
    switch (token.text) {
      case '.':
        return this.method(left);
      case '[': {
        const args = this.withNewlineEnds(false, () => this.list(token, ']'));
        if (args.length === 0) throw new FormulaError('expected an index inside "[]"', token.position);
        return this.build({ kind: 'index', receiver: left, args, position: left.position });
      }
      case '?': {
        const then = this.expression(BP.ternary);
        const colon = this.peek();
        if (!this.isOperator(colon, ':')) {
          throw new FormulaError(
            `expected ":" to complete "?" at ${at(token.position)}, found ${describe(colon)}`,
            colon.position,
          );
        }
        this.next();
        const otherwise = this.expression(BP.ternary);
        return this.build({ kind: 'if', condition: left, then, otherwise, position: left.position });
      }
      default: {
        // '..' or '...'
        const end = this.peek();
        if (end.kind === 'eof' || (end.kind === 'operator' && [')', ']', '}', ','].includes(end.text))) {
          throw new FormulaError(
            `a range needs an end value (endless ranges like "1${token.text}" are not supported)`,
            end.position,
          );
        }
        const to = this.expression(BP.range + 1);
        return this.build({ kind: 'range', from: left, to, exclusive: token.text === '...', position: left.position });
      }
    }
  }

  private method(receiver: FormulaNode): FormulaNode {
    const nameToken = this.peek();
    if (nameToken.kind !== 'name') {
      throw new FormulaError(`expected a method name after ".", found ${describe(nameToken)}`, nameToken.position);
    }
    this.next();
    let args: FormulaNode[] = [];
    let blockPass: BlockLiteral | undefined;
    const after = this.peek();
    if (this.isOperator(after, '(') && !after.newlineBefore) {
      this.next();
      const parsed = this.arguments(after, false);
      args = parsed.args;
      blockPass = parsed.blockPass;
    }
    const opener = this.peek();
    const literal =
      !opener.newlineBefore && (this.isOperator(opener, '{') || (opener.kind === 'name' && opener.text === 'do'));
    if (literal && blockPass)
      throw new FormulaError('a method takes one block: "&:name" or { ... }, not both', opener.position);
    const block = literal ? this.block() : blockPass;
    return this.build({
      kind: 'method',
      receiver,
      name: nameToken.text,
      args,
      position: receiver.position,
      namePosition: nameToken.position,
      ...(block ? { block } : {}),
    });
  }

  /** `{ |a, b| body }` or `do |a| body end`, the opener next. */
  private block(): BlockLiteral {
    const opener = this.next();
    const closer = opener.text === 'do' ? 'end' : '}';
    const params: BlockParam[] = [];
    if (this.isOperator(this.peek(), '|')) {
      this.next();
      const names = new Set<string>();
      for (;;) {
        const open = this.peek();
        if (this.isOperator(open, '(')) {
          this.next();
          params.push(this.blockParamNames(names, ')'));
          this.close(')', open);
        } else {
          params.push(this.blockParamName(names));
        }
        if (!this.isOperator(this.peek(), ',')) break;
        this.next();
      }
      this.close('|', opener);
    }
    const body = this.blockBody(closer, blockParamNames(params));
    this.close(closer, opener, closer === 'end' ? 'keyword' : 'operator');
    return { params, body, position: opener.position };
  }

  /** One block parameter's name, not seen before in the block. */
  private blockParamName(seen: Set<string>): string {
    const name = this.next();
    if (name.kind !== 'name')
      throw new FormulaError(`expected a block parameter's name, found ${describe(name)}`, name.position);
    if (seen.has(name.text)) throw new FormulaError(`duplicate block parameter "${name.text}"`, name.position);
    seen.add(name.text);
    return name.text;
  }

  /** `(k, v)` inside `|...|`: the names one item of a pair is spread into (one level, as users write it). */
  private blockParamNames(seen: Set<string>, close: string): string[] {
    const names = [this.blockParamName(seen)];
    while (this.isOperator(this.peek(), ',')) {
      this.next();
      names.push(this.blockParamName(seen));
    }
    if (!this.isOperator(this.peek(), close))
      throw new FormulaError(
        `expected "," or "${close}" in a block's parameters, found ${describe(this.peek())}`,
        this.peek().position,
      );
    return names;
  }

  /**
   * `&:upcase` as a method's last argument: Ruby's shorthand for `{ |item| item.upcase }`. The
   * item's name cannot be written in a formula, so it shadows nothing.
   */
  private blockPass(ampersand: Token): BlockLiteral {
    this.next();
    const name = this.next();
    if (name.kind !== 'name' && name.kind !== 'keyword')
      throw new FormulaError(`expected a method's name after "&:", found ${describe(name)}`, name.position);
    let method = name.text;
    const suffix = this.peek();
    if (suffix.kind === 'operator' && (suffix.text === '?' || suffix.text === '!') && !suffix.spaceBefore)
      method += this.next().text;
    const position = ampersand.position;
    const item = this.build({ kind: 'name', name: BLOCK_PASS_ITEM, position });
    const body = this.build({
      kind: 'method',
      receiver: item,
      name: method,
      args: [],
      position,
      namePosition: name.position,
    });
    return { params: [BLOCK_PASS_ITEM], body, position };
  }

  /** A block's body: one statement here; programs read statements (program-parser.ts). */
  protected blockBody(closer: '}' | 'end', params: string[]): FormulaNode {
    void closer;
    void params;
    return this.withNewlineEnds(false, () => this.statement());
  }

  /** After `(`: positional arguments, then `key: value` keyword arguments, up to `)`. */
  private arguments(
    open: Token,
    keywordsAllowed: boolean,
  ): {
    args: FormulaNode[];
    keywords: { name: string; value: FormulaNode }[];
    blockPass?: BlockLiteral;
  } {
    return this.withNewlineEnds(false, () => {
      const args: FormulaNode[] = [];
      const keywords: { name: string; value: FormulaNode }[] = [];
      const names = new Set<string>();
      for (;;) {
        const token = this.peek();
        if (this.isOperator(token, ')')) break;
        if (this.isOperator(token, '&') && this.isOperator(this.peek(1), ':') && !this.peek(1).spaceBefore) {
          if (keywordsAllowed)
            throw new FormulaError(
              '"&:name" passes a block to a method (list.map(&:upcase)), not to a function',
              token.position,
            );
          const blockPass = this.blockPass(this.next());
          this.close(')', open);
          return { args, keywords, blockPass };
        }
        if (this.isLabel()) {
          if (!keywordsAllowed) {
            throw new FormulaError(
              `keyword arguments ("${token.text}:") are not supported in method calls`,
              token.position,
            );
          }
          if (names.has(token.text)) {
            throw new FormulaError(`duplicate keyword argument ${quote(token.text)}`, token.position);
          }
          this.next();
          this.next();
          names.add(token.text);
          keywords.push({ name: token.text, value: this.expression(0) });
        } else {
          if (keywords.length > 0) {
            throw new FormulaError('positional arguments must come before keyword arguments', token.position);
          }
          args.push(this.expression(0));
        }
        const separator = this.peek();
        if (this.isOperator(separator, ',')) {
          this.next();
          continue;
        }
        if (this.isOperator(separator, '=>')) {
          throw new FormulaError(
            '"=>" is not supported in arguments; write keyword arguments as key: value',
            separator.position,
          );
        }
        if (!this.isOperator(separator, ')')) {
          throw new FormulaError(
            `expected "," or ")" to close "(" opened at ${at(open.position)}, found ${describe(separator)}`,
            separator.position,
          );
        }
      }
      this.next();
      return { args, keywords };
    });
  }

  /** `key:` with the colon right after the word: a keyword argument or hash key. */
  protected isLabel(): boolean {
    const word = this.peek();
    if (word.kind !== 'name' && word.kind !== 'keyword') return false;
    const colon = this.peek(1);
    return this.isOperator(colon, ':') && !colon.spaceBefore;
  }

  /** Comma-separated expressions up to `close` (the opener is consumed); trailing comma allowed. */
  private list(open: Token, close: string): FormulaNode[] {
    const items: FormulaNode[] = [];
    for (;;) {
      if (this.isOperator(this.peek(), close)) break;
      items.push(this.expression(0));
      const separator = this.peek();
      if (this.isOperator(separator, ',')) {
        this.next();
        continue;
      }
      if (!this.isOperator(separator, close)) {
        throw new FormulaError(
          `expected "," or ${quote(close)} to close ${quote(open.text)} opened at ${at(open.position)}, found ${describe(separator)}`,
          separator.position,
        );
      }
    }
    this.next();
    return items;
  }

  private prefix(): FormulaNode {
    const token = this.next();
    const position = token.position;
    switch (token.kind) {
      case 'number':
        return this.build({
          kind: 'number',
          value: token.value as number,
          integer: token.integer as boolean,
          position,
        });
      case 'string':
        return this.build({ kind: 'string', parts: token.text === '' ? [] : [token.text], position });
      case 'stringStart':
        return this.interpolated(token);
      case 'regex':
        return this.build({ kind: 'regex', source: token.text, flags: token.flags as string, position });
      case 'words': {
        const items = (token.words as string[]).map((word): FormulaNode =>
          this.build({ kind: 'string', parts: [word], position }),
        );
        return this.build({ kind: 'array', items, position });
      }
      case 'name': {
        const open = this.peek();
        if (this.isOperator(open, '(') && !open.newlineBefore) {
          this.next();
          const { args, keywords } = this.arguments(open, true);
          return this.build({ kind: 'call', name: token.text, args, keywords, position });
        }
        return this.build({ kind: 'name', name: token.text, position });
      }
      case 'keyword':
        switch (token.text) {
          case 'true':
          case 'false':
            return this.build({ kind: 'boolean', value: token.text === 'true', position });
          case 'nil':
            return this.build({ kind: 'nil', position });
          case 'not':
            return this.build({ kind: 'unary', operator: 'not', operand: this.expression(BP.not), position });
          case 'if':
            return this.ifExpression(token, false);
          case 'unless':
            return this.ifExpression(token, true);
          case 'case':
            return this.caseExpression(token);
        }
        break;
      case 'operator':
        switch (token.text) {
          case '(': {
            const inner = this.withNewlineEnds(false, () => this.statement());
            this.close(')', token);
            return inner;
          }
          case '[':
            return this.build({
              kind: 'array',
              items: this.withNewlineEnds(false, () => this.list(token, ']')),
              position,
            });
          case '{':
            return this.hash(token);
          case '-': {
            const operand = this.peek();
            if (operand.kind === 'number' && !operand.spaceBefore) {
              // Ruby reads `-2` as one literal, so `-2.abs` is 2, not -(2.abs).
              this.next();
              return this.build({
                kind: 'number',
                value: -(operand.value as number),
                integer: operand.integer as boolean,
                position,
              });
            }
            return this.build({ kind: 'unary', operator: '-', operand: this.expression(BP.unary), position });
          }
          case '+':
            // Unary plus changes nothing in a formula, and the tree has no node for it.
            return this.expression(BP.unary);
          case '!':
            return this.build({ kind: 'unary', operator: '!', operand: this.expression(BP.unary), position });
          case ':':
            if (this.peek().kind === 'name' && !this.peek().spaceBefore) return this.symbol(position);
            if (isOperatorSymbol(this.peek()))
              return this.build({ kind: 'string', parts: [this.next().text], position });
            break;
        }
        if (Object.hasOwn(UNSUPPORTED, token.text)) throw new FormulaError(this.unsupported(token.text), position);
        break;
      case 'eof':
        throw new FormulaError('unexpected end of formula (an expression is missing)', position);
    }
    throw new FormulaError(`unexpected ${describe(token)}`, position);
  }

  /** After `"`: literal text and `#{...}` parts up to the closing quote. */
  private interpolated(open: Token): FormulaNode {
    const parts: (string | FormulaNode)[] = [];
    for (;;) {
      const token = this.next();
      if (token.kind === 'stringEnd') break;
      if (token.kind === 'stringText') {
        const last = parts.length - 1;
        if (typeof parts[last] === 'string') parts[last] += token.text;
        else parts.push(token.text);
        continue;
      }
      // The lexer yields only stringText, interpStart and stringEnd inside a string.
      if (this.peek().kind === 'interpEnd') {
        this.next(); // `#{}` is an empty string in Ruby
        continue;
      }
      parts.push(this.withNewlineEnds(false, () => this.statement()));
      this.close('}', token, 'interpEnd');
    }
    return this.build({ kind: 'string', parts, position: open.position });
  }

  private hash(open: Token): FormulaNode {
    const entries: { key: string; value: FormulaNode }[] = [];
    const keys = new Set<string>();
    this.withNewlineEnds(false, () => {
      for (;;) {
        const token = this.peek();
        if (this.isOperator(token, '}')) break;
        let key: string;
        if (this.isLabel()) {
          this.next();
          this.next();
          key = token.text;
        } else {
          const keyNode = this.expression(0);
          const arrow = this.peek();
          const stringLabel = this.isOperator(arrow, ':') && !arrow.spaceBefore && keyNode.kind === 'string';
          if (!stringLabel && !this.isOperator(arrow, '=>')) {
            throw new FormulaError(`expected "=>" or ":" after a hash key, found ${describe(arrow)}`, arrow.position);
          }
          if (keyNode.kind !== 'string' || keyNode.parts.some((part) => typeof part !== 'string')) {
            throw new FormulaError(
              'hash keys must be names (key: value) or plain strings ("key" => value)',
              keyNode.position,
            );
          }
          this.next();
          key = keyNode.parts.join('');
        }
        if (keys.has(key)) throw new FormulaError(`duplicate hash key ${quote(key)}`, token.position);
        keys.add(key);
        entries.push({ key, value: this.expression(0) });
        const separator = this.peek();
        if (this.isOperator(separator, ',')) {
          this.next();
          continue;
        }
        if (!this.isOperator(separator, '}')) {
          throw new FormulaError(
            `expected "," or "}" to close "{" opened at ${at(open.position)}, found ${describe(separator)}`,
            separator.position,
          );
        }
      }
      this.next();
    });
    return this.build({ kind: 'hash', entries, position: open.position });
  }

  /** A condition ended by `then` or a newline (`if`, `elsif`, `unless`, `when`). */
  private condition(keyword: Token): FormulaNode {
    return this.conditions(keyword, () => this.expression(0));
  }

  private conditions<T>(keyword: Token, parse: () => T): T {
    const condition = this.withNewlineEnds(true, parse);
    const token = this.peek();
    if (this.isKeyword(token, 'then')) this.next();
    else if (!token.newlineBefore) {
      throw new FormulaError(
        `expected "then" or a newline after the condition of ${quote(keyword.text)} at ${at(keyword.position)}, found ${describe(token)}`,
        token.position,
      );
    }
    return condition;
  }

  /** The body of a branch, up to elsif/else/when/end. Empty means nil, as in Ruby. */
  private body(): FormulaNode {
    const token = this.peek();
    if ((token.kind === 'keyword' && BODY_END.has(token.text)) || token.kind === 'eof') {
      return this.build({ kind: 'nil', position: token.position });
    }
    return this.branch();
  }

  /** What one if/case branch holds: one statement in a formula. */
  protected branch(): FormulaNode {
    return this.withNewlineEnds(false, () => this.statement());
  }

  private ifExpression(keyword: Token, unless: boolean): FormulaNode {
    const branches: { condition: FormulaNode; then: FormulaNode; position: Position }[] = [];
    let opener = keyword;
    for (;;) {
      const condition = this.condition(opener);
      branches.push({
        condition: unless ? this.negate(condition) : condition,
        then: this.body(),
        position: opener.position,
      });
      const token = this.peek();
      if (unless || !this.isKeyword(token, 'elsif')) break;
      opener = this.next();
    }
    let otherwise: FormulaNode | null = null;
    if (this.isKeyword(this.peek(), 'else')) {
      this.next();
      otherwise = this.body();
    }
    this.close('end', keyword, 'keyword');
    // elsif chains become nested ifs, built from the innermost out.
    for (let i = branches.length - 1; i >= 0; i--) {
      const { condition, then, position } = branches[i];
      otherwise = this.build({ kind: 'if', condition, then, otherwise, position });
    }
    return otherwise as FormulaNode;
  }

  private caseExpression(keyword: Token): FormulaNode {
    let subject: FormulaNode | null = null;
    const first = this.peek();
    if (!this.isKeyword(first, 'when') && !first.newlineBefore) {
      subject = this.withNewlineEnds(true, () => this.expression(0));
    }
    const branches: { values: FormulaNode[]; body: FormulaNode }[] = [];
    while (this.isKeyword(this.peek(), 'when')) {
      const when = this.next();
      const values = this.conditions(when, () => {
        const list = [this.expression(0)];
        while (this.isOperator(this.peek(), ',')) {
          this.next();
          list.push(this.expression(0));
        }
        return list;
      });
      branches.push({ values, body: this.body() });
    }
    if (branches.length === 0) {
      const token = this.peek();
      throw new FormulaError(
        `expected "when" after "case" at ${at(keyword.position)}, found ${describe(token)}`,
        token.position,
      );
    }
    let otherwise: FormulaNode | null = null;
    if (this.isKeyword(this.peek(), 'else')) {
      this.next();
      otherwise = this.body();
    }
    this.close('end', keyword, 'keyword');
    return this.build({ kind: 'case', subject, branches, otherwise, position: keyword.position });
  }
}

/** Direct sub-expressions of a node (for the tree-height bound, and for walking a tree). */
export function children(node: FormulaNode): FormulaNode[] {
  switch (node.kind) {
    case 'number':
    case 'boolean':
    case 'nil':
    case 'regex':
    case 'name':
      return [];
    case 'string':
      return node.parts.filter((part): part is FormulaNode => typeof part !== 'string');
    case 'array':
      return node.items;
    case 'hash':
      return node.entries.map((entry) => entry.value);
    case 'call':
      return [...node.args, ...node.keywords.map((keyword) => keyword.value)];
    case 'method':
      return [node.receiver, ...node.args];
    case 'index':
      return [node.receiver, ...node.args];
    case 'range':
      return [node.from, node.to];
    case 'unary':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'if':
      return node.otherwise === null ? [node.condition, node.then] : [node.condition, node.then, node.otherwise];
    case 'assign':
      return [node.value];
    case 'store':
      return [node.receiver, node.key, node.value];
    case 'block':
      return node.statements;
    case 'case':
      return [
        ...(node.subject === null ? [] : [node.subject]),
        ...node.branches.flatMap((branch) => [...branch.values, branch.body]),
        ...(node.otherwise === null ? [] : [node.otherwise]),
      ];
  }
}
