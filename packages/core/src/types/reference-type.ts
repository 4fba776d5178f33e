/**
 * Reference: a column of another table's row in the same project (its key, usually), so child
 * rows point at parents that exist. Which parent row each row gets, and how many rows a parent
 * has, is the relation runtime's (engine/relation-runtime.ts); this type only asks it.
 */
import { defineType, type OutputKind, type TypeDefinition } from '../kernel/define-type.js';
import { checkReferenceParams, REFERENCE_PARAMS } from './reference-params.js';
import type { Value } from '../kernel/values.js';
import { valueToText } from '../kernel/value-text.js';

/** The table the catalogue's examples refer to. */
const EXAMPLE_PARENTS = { name: 'customers', count: 50, fields: [{ name: 'id', type: 'Row Number' }] };

const reference = defineType({
  name: 'Reference',
  category: 'Basic',
  description:
    "A column of a parent row in another table of the project (its key): a foreign key that always matches. Only in a project's tables (docs/relations.md).",
  params: REFERENCE_PARAMS,
  output: 'integer',
  outputOf: (params) => params.key_kind as OutputKind,
  exampleParams: { table: 'customers', column: 'id' },
  exampleProject: { parents: [EXAMPLE_PARENTS], siblings: [] },
  check: checkReferenceParams,
  create(params, context) {
    const relations = context.relations();
    if (!relations) {
      context.problem(
        'table',
        `a Reference reads table ${String(params.table)} of a project: generate the project (rowloom generate project.json --out DIR, or the project page), not this table alone`,
      );
      return () => null;
    }
    const reader = relations.reference(context.fieldName, params);
    if (typeof reader === 'string') {
      context.problem('table', reader);
      return () => null;
    }
    const asKind = keyKindOf(params.key_kind as string);
    return (_random, row) => asKind(reader(row));
  },
});

/**
 * key_kind says what the column holds (an import sets it from the parent's SQL type): text keys
 * are written as text (quoted in SQL and JSON) even when the parent's values are numbers, and
 * numeric keys as numbers when the parent wrote them as digits.
 */
function keyKindOf(kind: string): (value: Value) => Value {
  if (kind === 'string') return (value) => (value === null || typeof value === 'string' ? value : valueToText(value));
  if (kind === 'integer' || kind === 'number')
    return (value) => (typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value);
  return (value) => value;
}

const NUMERIC = /^-?\d{1,15}(\.\d{1,6})?$/;

const childNumber = defineType({
  name: 'Child Number',
  category: 'Basic',
  description:
    "The row's number among its parent's rows (1, 2, ...) in a project table whose reference has children: an order line's line number.",
  params: [],
  output: 'integer',
  exampleProject: {
    parents: [EXAMPLE_PARENTS],
    siblings: [
      {
        name: 'customer_id',
        type: 'Reference',
        table: 'customers',
        column: 'id',
        children: 'uniform',
        children_min: 1,
        children_max: 5,
      },
    ],
  },
  create(_params, context) {
    const number =
      context.relations()?.childNumber() ?? 'Child Number only exists in a table of a project (docs/relations.md)';
    if (typeof number === 'string') {
      context.problem(null, number);
      return () => null;
    }
    context.declareCharacters('0123456789');
    return (_random, row) => number(row);
  },
});

export const referenceTypes: TypeDefinition[] = [reference, childNumber];
