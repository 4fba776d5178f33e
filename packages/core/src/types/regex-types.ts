/**
 * Regular Expression: a value generated to match a pattern. The pattern is parsed and compiled
 * to closures once per field (regex/), so a row costs only its draws and appends.
 */
import { patternCharacters } from '../regex/analyse.js';
import { compileBudgetedPattern, type FieldReader } from '../regex/compile.js';
import { rowBudget } from '../kernel/row-budget.js';
import { MAX_PATTERN_LENGTH, UNBOUNDED_EXTRA } from '../regex/limits.js';
import { parsePattern } from '../regex/parser.js';
import { PatternError } from '../regex/pattern-error.js';
import { unionOfCharacters } from '../kernel/characters.js';
import { defineType, type FieldReference, type TypeDefinition } from '../kernel/define-type.js';
import { valueToText } from '../kernel/value-text.js';

const regularExpression = defineType({
  name: 'Regular Expression',
  category: 'Advanced',
  description:
    'A value matching a pattern. Standard syntax (literals, escapes, ., [a-z] and [^...] classes, groups, |, ? * + {n} {n,m} {n,}, backreferences; anchors ignored) plus: ' +
    '\\d a digit; \\w a lorem WORD (not one word character; \\w{5} is a five-letter word); [:alpha:] [:upper:] [:lower:] [:digit:] [:alnum:] one character, without outer brackets; ' +
    "[:name:] [:first_name:] [:last_name:] person names; [:plus:] +; [:question:] ?; {{field}} that field's value in the same row. " +
    `*, + and {n,} repeat at most ${UNBOUNDED_EXTRA} times more than their minimum; . and [^...] draw from printable ASCII; \\s is a space.`,
  params: [
    {
      name: 'value',
      kind: 'string',
      required: true,
      description: `The pattern, at most ${MAX_PATTERN_LENGTH} characters, e.g. (Apt|Suite) \\d{1,5}`,
    },
  ],
  output: 'string',
  exampleParams: { value: '[:upper:]{2}-\\d{3}-(Apt|Suite) \\d{1,4}' },
  create: (params, context) => {
    let parsed;
    try {
      parsed = parsePattern(params.value as string);
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
      context.problem('value', error.message);
      return () => null;
    }
    const references = new Map<string, FieldReference>();
    for (const name of parsed.fieldNames) {
      const reference = context.reference(name, 'value');
      if (reference) references.set(name, reference);
    }
    if (references.size !== parsed.fieldNames.length) return () => null;
    const own = patternCharacters(parsed.root);
    const fields = [...references.values()];
    // Undeclared (every value checked by writers) when the pattern can produce too many characters to list.
    if (fields.length === 0 && own !== null) context.declareCharacters(own);
    else if (fields.length > 0)
      context.declareCharacters(() => unionOfCharacters([own, ...fields.map((r) => r.characters())]));
    // The row's Regular Expression fields share one budget of rounds (kernel/limits.ts ROW_PATTERN_ROUNDS).
    return compileBudgetedPattern(
      parsed,
      (name): FieldReader => {
        const reference = references.get(name)!;
        return (row) => valueToText(reference.read(row));
      },
      rowBudget,
    );
  },
});

export const regexTypes: TypeDefinition[] = [regularExpression];
