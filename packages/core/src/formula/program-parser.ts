/**
 * Programs: the formula language with statements, for mock handlers (docs/mock-handlers.md) and
 * for formulas of several lines (docs/formulas.md, "Locals and several statements").
 * A program is a sequence of statements separated by newlines or `;`; a statement is an
 * expression, `name = expression` (a local), or, in a handler, a Ruby command call without
 * parentheses (`status 404`, `generate 1, cache_for: 1.year`), each optionally followed by
 * `if`/`unless` modifiers. Branches of if/case hold statement sequences too. Everything else (expressions,
 * strings, hashes, errors with positions, the depth bounds) is the formula parser's own.
 */
import { FormulaError, type FormulaNode, type Position } from './ast.js';
import type { Token } from './lexer.js';
import { BODY_END, COMPOUND_OPERATORS, describe, Parser, type CompoundOperator } from './parser.js';

export interface ProgramLimits {
  /** Longest source, in characters. */
  maxLength: number;
  /** Most statements, counting those inside if/case branches. */
  maxStatements: number;
}

/** What the program is, for the grammar and the messages: a handler has commands (`status 404`), a formula does not. */
export type ProgramKind = 'handler' | 'formula';

/** Parses a program into a block; throws FormulaError on the first problem. */
export function parseProgram(source: string, limits: ProgramLimits, kind: ProgramKind = 'handler'): FormulaNode {
  const start: Position = { line: 1, column: 1, offset: 0 };
  if (typeof source !== 'string') throw new FormulaError(`a ${kind} must be text`, start);
  if (source.length > limits.maxLength) {
    throw new FormulaError(
      `${kind} is too long (${source.length} characters; the limit is ${limits.maxLength})`,
      start,
    );
  }
  return new ProgramParser(source, limits.maxStatements, kind).program();
}

/**
 * Tokens that can begin a command's first argument: `status 404`, `schema 'user'`,
 * `generate count`; and, as in Ruby, `-` written against a number after a space (`generate -1`).
 */
function startsArgument(token: Token, following: Token): boolean {
  if (token.newlineBefore || !token.spaceBefore) return false;
  switch (token.kind) {
    case 'number':
    case 'string':
    case 'stringStart':
    case 'name':
      return true;
    case 'keyword':
      return token.text === 'true' || token.text === 'false' || token.text === 'nil';
    case 'operator':
      return token.text === '-' && following.kind === 'number' && !following.spaceBefore;
    default:
      return false;
  }
}

class ProgramParser extends Parser {
  private statements = 0;
  /** Locals assigned so far: as in Ruby, `x -1` subtracts when x is a local and calls x otherwise. */
  private readonly locals = new Set<string>();

  constructor(
    source: string,
    private readonly maxStatements: number,
    private readonly kind: ProgramKind,
  ) {
    super(source);
  }

  program(): FormulaNode {
    const first = this.peek();
    const statements = this.withNewlineEnds(true, () => this.sequence());
    const extra = this.peek();
    if (extra.kind !== 'eof') throw new FormulaError(`unexpected ${describe(extra)}`, extra.position);
    return this.build({ kind: 'block', statements, position: first.position });
  }

  /** An if/case branch: statements up to elsif/else/when/end. */
  protected override branch(): FormulaNode {
    const first = this.peek();
    const statements = this.withNewlineEnds(true, () => this.sequence());
    return statements.length === 1
      ? statements[0]
      : this.build({ kind: 'block', statements, position: first.position });
  }

  /** A block's body: statements up to its `}` or `end`; its parameters are locals inside it. */
  protected override blockBody(closer: '}' | 'end', params: string[]): FormulaNode {
    const first = this.peek();
    for (const param of params) this.locals.add(param);
    const statements = this.withNewlineEnds(true, () => this.sequence(closer === '}'));
    if (statements.length === 0) return this.build({ kind: 'nil', position: first.position });
    return statements.length === 1
      ? statements[0]
      : this.build({ kind: 'block', statements, position: first.position });
  }

  /** Statements until the end of the source, a keyword that closes a branch, or (in a brace block) `}`. */
  private sequence(inBraces = false): FormulaNode[] {
    const statements: FormulaNode[] = [];
    for (;;) {
      const token = this.peek();
      if (token.kind === 'eof' || (token.kind === 'keyword' && BODY_END.has(token.text))) return statements;
      if (inBraces && this.isOperator(token, '}')) return statements;
      if (statements.length > 0 && !token.newlineBefore) {
        throw new FormulaError(
          `unexpected ${describe(token)}; statements are separated by a newline or ";"`,
          token.position,
        );
      }
      if (++this.statements > this.maxStatements) {
        throw new FormulaError(
          `too many statements (a ${this.kind} has at most ${this.maxStatements})`,
          token.position,
        );
      }
      statements.push(this.programStatement());
    }
  }

  /** `name = value`, a command call, or an expression; then any modifiers. */
  private programStatement(): FormulaNode {
    const first = this.peek();
    const equals = this.peek(1);
    if (first.kind === 'name' && this.isOperator(equals, '=')) {
      this.next();
      this.next();
      const value = this.commandOrExpression();
      this.locals.add(first.text);
      return this.modifiers(this.build({ kind: 'assign', name: first.text, value, position: first.position }));
    }
    const compound = this.compoundOperator();
    if (first.kind === 'name' && compound !== null) return this.modifiers(this.compoundAssignment(compound));
    return this.modifiers(this.storeOrStatement());
  }

  /** `x += 1`'s operator when the statement starts `name op=` (lexed as `op` then `=`, written together), else null. */
  private compoundOperator(): CompoundOperator | null {
    return this.operatorAssigning(1);
  }

  /** The operator `ahead` tokens on when `=` is written right after it (`+=`, `||=`...), else null. */
  private operatorAssigning(ahead: number): CompoundOperator | null {
    const operator = this.peek(ahead);
    const equals = this.peek(ahead + 1);
    if (
      operator.kind !== 'operator' ||
      !COMPOUND_OPERATORS.has(operator.text) ||
      !this.isOperator(equals, '=') ||
      equals.spaceBefore
    ) {
      return null;
    }
    return operator.text as CompoundOperator;
  }

  /** `x op= value` is `x = x op value`, as in Ruby; x must have a value already (a local, or a field before it is one). */
  private compoundAssignment(operator: CompoundOperator): FormulaNode {
    const name = this.next();
    this.next();
    this.next();
    const value = this.commandOrExpression();
    // `x ||= 1` on a name that is no local yet reads the new local (nil), as Ruby does; the others read what the name means now.
    const fresh = !this.locals.has(name.text) && (operator === '||' || operator === '&&');
    const current: FormulaNode = fresh
      ? this.build({ kind: 'nil', position: name.position })
      : this.build({ kind: 'name', name: name.text, position: name.position });
    const combined = this.build({ kind: 'binary', operator, left: current, right: value, position: name.position });
    this.locals.add(name.text);
    return this.build({ kind: 'assign', name: name.text, value: combined, position: name.position });
  }

  /** `params[:id]`, as Rails code writes it: in a handler a symbol is its name as text. */
  protected override symbol(position: Position): FormulaNode {
    if (this.kind === 'formula') return super.symbol(position);
    const name = this.next();
    return this.build({ kind: 'string', parts: [name.text], position });
  }

  protected override unsupported(operator: string): string {
    if (operator === '=')
      return 'only a local (x = ...) or one element (h[\'key\'] = ..., list[0] = ...) can be assigned, at the start of a statement; use "==" to compare';
    return super.unsupported(operator);
  }

  /** A command or expression, or `receiver[key] = value` when `=` follows an index. */
  private storeOrStatement(): FormulaNode {
    const saved = this.assignmentDepth;
    this.assignmentDepth = this.depth + 1;
    let target: FormulaNode;
    try {
      target = this.commandOrExpression();
    } finally {
      this.assignmentDepth = saved;
    }
    const compound = this.storeOperator();
    const equals = this.peek(compound === null ? 0 : 1);
    if (!this.isOperator(equals, '=')) return target;
    if (target.kind !== 'index' || target.args.length !== 1 || target.args[0].kind === 'range') {
      throw new FormulaError(this.unsupported('='), equals.position);
    }
    if (compound !== null) this.next();
    this.next();
    const written = this.commandOrExpression();
    // `h['k'] += 1` is `h['k'] = h['k'] + 1`, as in Ruby.
    const value =
      compound === null
        ? written
        : this.build({ kind: 'binary', operator: compound, left: target, right: written, position: target.position });
    return this.build({
      kind: 'store',
      receiver: target.receiver,
      key: target.args[0],
      value,
      position: target.position,
    });
  }

  /** The operator of `h['k'] op= value` (the `op` next, `=` written right after it), else null. */
  private storeOperator(): CompoundOperator | null {
    return this.operatorAssigning(0);
  }

  private commandOrExpression(): FormulaNode {
    const name = this.peek();
    if (this.kind === 'formula') return this.expression(0);
    if (
      name.kind === 'name' &&
      !this.locals.has(name.text) &&
      (startsArgument(this.peek(1), this.peek(2)) || this.returnsLiteral(name))
    )
      return this.command();
    return this.expression(0);
  }

  /** `return { ... }` and `return [ ... ]`: read as the value returned (Ruby would see a block). */
  private returnsLiteral(name: Token): boolean {
    const next = this.peek(1);
    return name.text === 'return' && !next.newlineBefore && (this.isOperator(next, '{') || this.isOperator(next, '['));
  }

  /** `name arg, arg, key: value` up to the end of the line (a comma continues it). */
  private command(): FormulaNode {
    const name = this.next();
    const args: FormulaNode[] = [];
    const keywords: { name: string; value: FormulaNode }[] = [];
    for (;;) {
      const token = this.peek();
      if (this.isLabel()) {
        if (keywords.some((k) => k.name === token.text))
          throw new FormulaError(`duplicate keyword argument "${token.text}"`, token.position);
        this.next();
        this.next();
        keywords.push({ name: token.text, value: this.expression(0) });
      } else {
        if (keywords.length > 0)
          throw new FormulaError('positional arguments must come before keyword arguments', token.position);
        args.push(this.expression(0));
      }
      if (!this.isOperator(this.peek(), ',')) break;
      this.next();
    }
    return this.build({ kind: 'call', name: name.text, args, keywords, position: name.position });
  }
}
