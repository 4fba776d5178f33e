/**
 * The formula language's syntax tree. The parser (parser.ts) builds it; the checker and
 * compiler (compile-formula.ts) turn it into a closure run once per row. Every node keeps the
 * position of its first character, so every error can say where.
 */

/** 1-based line and column, and the 0-based offset into the source. */
export interface Position {
  line: number;
  column: number;
  offset: number;
}

export type FormulaNode =
  | { kind: 'number'; value: number; integer: boolean; position: Position }
  /** '..' or ".."; parts alternate literal text and `#{...}` expressions (double quotes only). */
  | { kind: 'string'; parts: (string | FormulaNode)[]; position: Position }
  | { kind: 'boolean'; value: boolean; position: Position }
  | { kind: 'nil'; position: Position }
  | { kind: 'array'; items: FormulaNode[]; position: Position }
  /** `{ a: 1, 'b' => 2 }` */
  | { kind: 'hash'; entries: { key: string; value: FormulaNode }[]; position: Position }
  /** `/pattern/flags` */
  | { kind: 'regex'; source: string; flags: string; position: Position }
  /** A bare identifier: a field of the row, `this`, or a zero-argument function such as now. */
  | { kind: 'name'; name: string; position: Position }
  /** `name(args, key: value)`: a function call. Keyword arguments keep their order. */
  | {
      kind: 'call';
      name: string;
      args: FormulaNode[];
      keywords: { name: string; value: FormulaNode }[];
      position: Position;
    }
  /**
   * `receiver.name(args)` or `receiver.name` (e.g. x.nil?, s.upcase, s.gsub(/a/, 'b')), with a
   * block after it when one is given: `list.map { |x| x * 2 }`, `list.each_slice(2) do |a| ... end`.
   */
  | {
      kind: 'method';
      receiver: FormulaNode;
      name: string;
      args: FormulaNode[];
      position: Position;
      /** Where the method's name starts, for errors about it. */ namePosition: Position;
      block?: BlockLiteral;
    }
  /** `receiver[args]`: s[0], s[0, 2], s[1..3], h['key'], request_params['page']. */
  | { kind: 'index'; receiver: FormulaNode; args: FormulaNode[]; position: Position }
  /** `a..b` (inclusive) or `a...b` (exclusive). */
  | { kind: 'range'; from: FormulaNode; to: FormulaNode; exclusive: boolean; position: Position }
  | { kind: 'unary'; operator: '-' | '!' | 'not'; operand: FormulaNode; position: Position }
  | {
      kind: 'binary';
      operator: '+' | '-' | '*' | '/' | '%' | '<' | '>' | '<=' | '>=' | '==' | '!=' | '=~' | 'and' | 'or' | '&&' | '||';
      left: FormulaNode;
      right: FormulaNode;
      position: Position;
    }
  /**
   * if/elsif/else/end (elsif nests another `if` in `otherwise`), `c ? a : b`, and the modifier
   * forms `x if c` / `x unless c` (unless negates the condition; no else means nil).
   */
  | { kind: 'if'; condition: FormulaNode; then: FormulaNode; otherwise: FormulaNode | null; position: Position }
  /** case [subject] when v1, v2 then a ... else b end; without a subject each `when` is a condition. */
  | {
      kind: 'case';
      subject: FormulaNode | null;
      branches: { values: FormulaNode[]; body: FormulaNode }[];
      otherwise: FormulaNode | null;
      position: Position;
    }
  /** Programs only (program-parser.ts, mock handlers): `name = value` binds a local. */
  | { kind: 'assign'; name: string; value: FormulaNode; position: Position }
  /** Programs only: `receiver[key] = value` stores into a hash or list, as Ruby's []= does. */
  | { kind: 'store'; receiver: FormulaNode; key: FormulaNode; value: FormulaNode; position: Position }
  /** Programs only: statements run in order; the value is the last one's (nil when there is none). */
  | { kind: 'block'; statements: FormulaNode[]; position: Position };

/** `{ |a, b| body }` or `do |a| body end`: the parameters' names and the body (statements in a formula of several). */
export interface BlockLiteral {
  params: BlockParam[];
  body: FormulaNode;
  position: Position;
}

/** A block parameter: a name, or `(k, v)`: names an item that is a list is spread into. */
export type BlockParam = string | readonly string[];

/** Every name a block's parameters bind, nested ones included. */
export const blockParamNames = (params: readonly BlockParam[]): string[] =>
  params.flatMap((param) => (typeof param === 'string' ? [param] : [...param]));

/** The parameter of `&:name`'s block: a name no formula can write, so it shadows nothing. */
export const BLOCK_PASS_ITEM = '&item';

/** A problem in a formula: the language's own error, always with a position. */
export class FormulaError extends Error {
  constructor(
    message: string,
    readonly position: Position,
  ) {
    super(`${message} at ${position.line}:${position.column}`);
    this.name = 'FormulaError';
  }
  /** The message without the position suffix. */
  get reason(): string {
    return this.message.replace(/ at \d+:\d+$/, '');
  }
}
