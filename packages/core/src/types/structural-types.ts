/**
 * Types that shape rows rather than draw realistic values: counters, lists, templates,
 * verbatim SQL and the item lists behind JSON arrays and repeated XML elements.
 */
import { Verbatim } from '../kernel/values.js';
import {
  defineType,
  isShortText,
  SMALL_VALUE_MAX_CHARACTERS,
  SMALL_VALUE_MAX_READS,
  type CreateContext,
  type FieldReference,
  type ResolvedParams,
  type TypeDefinition,
  type ValueGenerator,
} from '../kernel/define-type.js';
import { valueToText } from '../kernel/value-text.js';
import { charactersOf, unionOfCharacters } from '../kernel/characters.js';
import { compileWeightedRules, usesWeightedRules } from './weighted-rules.js';
import { listOutput, listValues } from './list-values.js';
import { MAX_TEMPLATE_LENGTH } from '../kernel/limits.js';
import { budgeted } from '../kernel/row-budget.js';
import { withBytes, type ByteEmitter } from '../bytes/byte-forms.js';
import { wordBytes, writePiece } from '../bytes/byte-out.js';
import { writeValueText } from '../bytes/value-bytes.js';

/** How integers read as text (in a Template): digits and a minus sign. */
const INTEGER_CHARACTERS = '-0123456789';

const rowNumber = defineType({
  name: 'Row Number',
  category: 'Basic',
  description: 'The row number, starting at 1; inside a JSON Array, the item number.',
  params: [],
  output: 'integer',
  smallValues: true,
  create: (_params, context) => {
    context.declareCharacters(INTEGER_CHARACTERS);
    return (_random, row) => row.index + 1;
  },
});

const sequence = defineType({
  name: 'Sequence',
  category: 'Basic',
  description: 'A number sequence: start, then start + step after every `repeat` rows.',
  params: [
    { name: 'start', kind: 'integer', default: 1, description: 'First number' },
    {
      name: 'step',
      kind: 'integer',
      default: 1,
      description: 'Amount added after each group of repeats (may be negative)',
    },
    {
      name: 'repeat',
      kind: 'integer',
      default: 1,
      min: 1,
      description: 'Times each value occurs before step is added',
    },
  ],
  output: 'integer',
  smallValues: true,
  create: (params, context) => {
    context.declareCharacters(INTEGER_CHARACTERS);
    const start = params.start as number;
    const step = params.step as number;
    const repeat = params.repeat as number;
    return (_random, row) => start + Math.floor(row.index / repeat) * step;
  },
});

const blank = defineType({
  name: 'Blank',
  category: 'Basic',
  description: 'Always null: a column that exists but holds nothing.',
  params: [],
  output: 'null',
  smallValues: true,
  create: () => () => null,
});

const SELECTION_STYLES = ['random', 'sequential', 'cartesian', 'custom'] as const;

const customList = defineType({
  name: 'Custom List',
  category: 'Basic',
  description:
    'Picks from your own list of values: at random, in order (sequential), enumerating every combination of all cartesian lists in the schema like nested loops (the first list is the outer loop), or by weighted rules (custom): the first rule whose formula condition holds picks by its weights, else uniformly.',
  params: [
    {
      name: 'values',
      kind: 'string[]',
      required: true,
      description:
        'Values to pick from (a list, or one comma-separated string). A value written as a plain number (5, -2.5, 0.25) is a number: unquoted in JSON and SQL, and a number in formulas; ' +
        'all others are text, including "007", "+1", "9.90", "true" and integers past 2^53 - 1',
    },
    {
      name: 'selectionStyle',
      kind: 'string',
      default: 'random',
      allowed: SELECTION_STYLES,
      description:
        'random, sequential, cartesian (all combinations with the other cartesian lists), or custom (the weighted rules of distribution)',
    },
    {
      name: 'distribution',
      kind: 'json',
      description: `Weighted rules for selectionStyle custom (also used when given with random): [{"rule": "field('Active') == 'Yes'", "frequencies": {"Yes": 1, "No": 0}}, ...]; a rule without a condition always holds`,
    },
  ],
  output: 'string',
  // A value written as a plain number is a number (list-values.ts): a list of numbers gives numbers.
  outputOf: (params) => (Array.isArray(params.values) ? listOutput(listValues(params.values as string[])) : 'string'),
  exampleParams: { values: ['red', 'green', 'blue'] },
  // A pick is one draw whatever the list's size; the values themselves must be short, and
  // weighted rules are formulas.
  smallValues: (params) =>
    !usesWeightedRules(params) &&
    (params.values as string[]).every((value) => value.length <= SMALL_VALUE_MAX_CHARACTERS),
  check: (params, problem) => {
    if (Array.isArray(params.values) && params.values.length === 0)
      problem('values', 'the list is empty; give at least one value');
  },
  // Its values come from the request and may each be 100,000 characters: charged to the row.
  create: (params, context) => budgeted(customListGenerator(params, context)),
});

function customListGenerator(params: ResolvedParams, context: CreateContext): ValueGenerator {
  const texts = params.values as string[];
  // Numbers where the values are written as plain numbers (JSON 5, not "5"); their texts are unchanged.
  const values = listValues(texts);
  const count = values.length;
  context.declareCharacters(charactersOf(texts));
  if (usesWeightedRules(params)) {
    const pick = compileWeightedRules(params.distribution, texts, context);
    return pick ? (random, row) => values[pick(random, row)] : () => null;
  }
  switch (params.selectionStyle) {
    case 'sequential':
      return (_random, row) => values[row.index % count];
    case 'cartesian': {
      const position = context.cartesian(count);
      return (_random, row) => values[position.index(row)];
    }
    default:
      return (random) => values[Math.floor(random.next() * count)];
  }
}

const sqlExpression = defineType({
  name: 'SQL Expression',
  category: 'Advanced',
  description:
    'SQL code written verbatim (unquoted) in SQL output, e.g. CURRENT_TIMESTAMP; an ordinary string in other formats.',
  params: [{ name: 'value', kind: 'string', required: true, description: 'SQL code included verbatim in output' }],
  output: 'string',
  smallValues: (params) => isShortText(params.value),
  exampleParams: { value: 'CURRENT_TIMESTAMP' },
  create: (params) => {
    const value = new Verbatim(params.value as string, false);
    return budgeted(() => value);
  },
});

/** Longest text of a small Template (its placeholders' values come on top). */
const TEMPLATE_SMALL_TEXT = 128;

/** An upper bound on a template's placeholders: each opens with a brace. */
function placeholders(text: string): number {
  let braces = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 123) braces++;
  return braces;
}

/** `{first_name} {last_name}` -> literal text and references, resolved once. */
const template = defineType({
  name: 'Template',
  category: 'Advanced',
  description: `Text in which {field_name} is replaced by that field's value in the same row (hidden __fields too). Write {{ and }} for literal braces. Values are cut at ${MAX_TEMPLATE_LENGTH} characters.`,
  params: [{ name: 'value', kind: 'string', required: true, description: 'Text with {field_name} placeholders' }],
  output: 'string',
  // Short text with few placeholders; what it reads must be small too, and read nothing itself
  // (schema/small-rows.ts), so a small template is at most about two thousand characters.
  smallValues: (params) =>
    (params.value as string).length <= TEMPLATE_SMALL_TEXT &&
    placeholders(params.value as string) <= SMALL_VALUE_MAX_READS,
  exampleParams: { value: 'Row {example_row}' },
  create: (params, context) => {
    const text = params.value as string;
    const literals: string[] = [];
    const references: (FieldReference | undefined)[] = [];
    let literal = '';
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if ((ch === '{' || ch === '}') && text[i + 1] === ch) {
        literal += ch;
        i++;
      } else if (ch === '{') {
        const close = text.indexOf('}', i + 1);
        if (close < 0) {
          context.problem('value', `"{" at position ${i + 1} is never closed; write {{ for a literal brace`);
          break;
        }
        literals.push(literal);
        literal = '';
        references.push(context.reference(text.slice(i + 1, close).trim(), 'value'));
        i = close;
      } else literal += ch;
    }
    literals.push(literal);
    const resolved = references.filter((r): r is FieldReference => r !== undefined);
    context.declareCharacters(() =>
      unionOfCharacters([charactersOf(literals), ...resolved.map((r) => r.characters())]),
    );
    if (resolved.length !== references.length) return () => null;
    // Templates reading templates can grow fourfold per field ({a}{a}{a}{a}): the value is cut
    // at MAX_TEMPLATE_LENGTH, as formulas cut their texts, so it never outgrows a string.
    // Empty literal pieces (a template that starts, ends or joins fields with nothing between)
    // are skipped rather than joined: each join is a call into V8, even with an empty string.
    const after = literals.slice(1).map((piece) => (piece === '' ? null : piece));
    const generate = budgeted((_random, row) => {
      let out = literals[0];
      for (let i = 0; i < resolved.length && out.length <= MAX_TEMPLATE_LENGTH; i++) {
        const text = valueToText(resolved[i].read(row));
        out = out === '' ? text : out + text;
        const piece = after[i];
        if (piece !== null) out += piece;
      }
      return out.length > MAX_TEMPLATE_LENGTH ? out.slice(0, MAX_TEMPLATE_LENGTH) : out;
    });
    // As bytes only in small rows (ByteForm.charged), where a template is far shorter than
    // MAX_TEMPLATE_LENGTH, so it is never cut.
    const literalBytes = literals.map((piece) => wordBytes(piece));
    const emit: ByteEmitter = (_random, row, out) => {
      writePiece(out, literalBytes[0]);
      for (let i = 0; i < resolved.length; i++) {
        writeValueText(out, resolved[i].read(row));
        const piece = literalBytes[i + 1];
        if (piece.length > 0) writePiece(out, piece);
      }
    };
    return withBytes(generate, emit, true);
  },
});

/** JSON Array and Repeating Element: the generator returns how many items this row has. */
function itemsType(name: string, minName: string, maxName: string, description: string): TypeDefinition {
  return defineType({
    name,
    category: 'Advanced',
    description,
    params: [
      { name: minName, kind: 'integer', default: 1, min: 0, max: 100, description: 'Fewest items, 0 to 100' },
      { name: maxName, kind: 'integer', default: 5, min: 0, max: 100, description: 'Most items, 0 to 100' },
    ],
    output: 'json',
    smallValues: true,
    structure: 'items',
    check: (params, problem) => {
      if ((params[minName] as number) > (params[maxName] as number))
        problem(maxName, `${maxName} (${params[maxName]}) must be >= ${minName} (${params[minName]})`);
    },
    create: (params) => {
      const min = params[minName] as number;
      const max = params[maxName] as number;
      return (random) => (min === max ? min : random.intBetween(min, max));
    },
  });
}

export const structuralTypes: TypeDefinition[] = [
  rowNumber,
  sequence,
  blank,
  customList,
  sqlExpression,
  template,
  itemsType(
    'JSON Array',
    'minItems',
    'maxItems',
    'An array of objects built from the fields named <this field>.<child>; arrays can nest.',
  ),
  itemsType(
    'Repeating Element',
    'minElements',
    'maxElements',
    'In XML, repeats the element built from the fields named <this field>.<child>; in JSON, an array of objects.',
  ),
];
