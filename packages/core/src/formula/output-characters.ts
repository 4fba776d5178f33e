/**
 * Which characters a formula's values can hold as text, worked out from its tree when it
 * compiles. A Formula field declares them as other types declare theirs, so the writers can skip
 * the escaping check of its column when none of them is special to the format (a regular
 * expression over each value, which also makes V8 flatten a freshly built text: about 7% of a
 * row with ten formula fields; docs/performance.md).
 *
 * The answer may be larger than the truth, never smaller: a construct not handled here, a value
 * that may be a date or a list (whose text is ISO or JSON), or a field that declares no
 * characters makes it "any character" (null), and the column is checked as before. It covers the
 * text of every value the formula can give (numbers and booleans included), which is more than
 * the writers need, since they only test text values.
 */
import type { FieldReference } from '../kernel/define-type.js';
import { charactersOf, unionOfCharacters } from '../kernel/characters.js';
import type { FormulaNode } from './ast.js';

/** A set of characters, computed once every field has declared its own; null: any character. */
type Characters = () => string | null;

/** Every character of String(n) for any number n: 1.5e-7, 1e+21, -Infinity, NaN. */
const NUMBER_TEXT = '0123456789-+.eEInfityNa';
const BOOLEAN_TEXT = 'truefals';
const ANY: Characters = () => null;
const NONE: Characters = () => '';

const constant =
  (text: string): Characters =>
  () =>
    text;

/** The characters of every part (kernel/characters.ts's union: any part "any" makes it "any"). */
function union(parts: Characters[]): Characters {
  return () => unionOfCharacters(parts.map((part) => part()));
}

/**
 * The characters of the upper- or lower-case of any text made of `inner`'s characters, with the
 * originals kept. Case mapping may make several characters of one (ß -> SS, İ -> i̇); the one
 * mapping that depends on its neighbours is Greek final sigma (Σ -> σ or ς).
 */
function caseMapped(inner: Characters, map: (text: string) => string): Characters {
  return () => {
    const characters = inner();
    if (characters === null) return null;
    let mapped = '';
    for (const character of characters) mapped += map(character);
    return charactersOf(characters, mapped, mapped.includes('σ') ? 'ς' : '');
  };
}

const upper = (inner: Characters) => caseMapped(inner, (c) => c.toUpperCase());
const lower = (inner: Characters) => caseMapped(inner, (c) => c.toLowerCase());

/** A field's value as text: its declared characters, or a number's or boolean's text. Dates and lists: any. */
function fieldText(reference: FieldReference | undefined): Characters {
  if (reference === undefined || reference.date !== undefined) return ANY;
  return union([() => reference.characters(), constant(NUMBER_TEXT + BOOLEAN_TEXT)]);
}

/** Text-only methods whose results are made of the receiver's characters (and a fill's). */
function methodText(node: Extract<FormulaNode, { kind: 'method' }>, of: (node: FormulaNode) => Characters): Characters {
  const receiver = of(node.receiver);
  switch (node.name) {
    case 'to_s':
      return receiver;
    case 'upcase':
      return upper(receiver);
    case 'downcase':
      return lower(receiver);
    case 'length':
    case 'size':
      return constant(NUMBER_TEXT);
    case 'rjust':
    case 'ljust':
    case 'center':
      return union([receiver, node.args.length > 1 ? of(node.args[1]) : constant(' ')]);
    default:
      return ANY;
  }
}

function callText(node: Extract<FormulaNode, { kind: 'call' }>, of: (node: FormulaNode) => Characters): Characters {
  if (node.keywords.length > 0) return ANY;
  switch (node.name) {
    case 'concat':
      return union(node.args.map(of));
    case 'upper':
      return node.args.length === 1 ? upper(of(node.args[0])) : ANY;
    case 'lower':
      return node.args.length === 1 ? lower(of(node.args[0])) : ANY;
    case 'round':
      return constant(NUMBER_TEXT);
    default:
      return ANY;
  }
}

/**
 * The characters of the text of any value `node` can have. `fields` are the references the
 * formula's names were resolved to when it compiled (a name that is not a field is not here).
 */
export function formulaCharacters(tree: FormulaNode, fields: ReadonlyMap<string, FieldReference>): Characters {
  const of = (node: FormulaNode): Characters => {
    switch (node.kind) {
      case 'nil':
        return NONE;
      case 'boolean':
        return constant(BOOLEAN_TEXT);
      case 'number':
        return constant(NUMBER_TEXT);
      case 'string':
        return union(node.parts.map((part) => (typeof part === 'string' ? constant(part) : of(part))));
      case 'name':
        return node.name === 'this' ? ANY : fieldText(fields.get(node.name));
      case 'call':
        return callText(node, of);
      case 'method':
        return methodText(node, of);
      // A piece of a text (or a number's bit): never a character the receiver's text lacks.
      case 'index':
        return union([of(node.receiver), constant(NUMBER_TEXT)]);
      case 'unary':
        return node.operator === '-' ? of(node.operand) : constant(BOOLEAN_TEXT);
      case 'binary':
        return binaryText(node, of);
      case 'if':
        return union([of(node.then), node.otherwise ? of(node.otherwise) : NONE]);
      case 'case':
        return union([...node.branches.map((branch) => of(branch.body)), node.otherwise ? of(node.otherwise) : NONE]);
      default:
        return ANY;
    }
  };
  return of(tree);
}

/**
 * Arithmetic gives a number, a repeated or joined text, or (for dates) a date, which the
 * operands' own answers already make "any"; and/or give one of their operands; comparisons a
 * boolean, and `=~` a position or nil.
 */
function binaryText(node: Extract<FormulaNode, { kind: 'binary' }>, of: (node: FormulaNode) => Characters): Characters {
  switch (node.operator) {
    case '<':
    case '>':
    case '<=':
    case '>=':
    case '==':
    case '!=':
    case '=~':
      return constant(BOOLEAN_TEXT + NUMBER_TEXT);
    default:
      return union([of(node.left), of(node.right), constant(NUMBER_TEXT)]);
  }
}
