/** The Formula type: a value computed from the row by the formula language (docs/formulas.md). */
import { defineType, type TypeDefinition } from '../kernel/define-type.js';

export const formulaTypes: TypeDefinition[] = [
  defineType({
    name: 'Formula',
    category: 'Advanced',
    description:
      "A value computed by a formula from the row's other fields, e.g. concat(upper(last_name), '-', id); the language is in the formula reference (docs/formulas.md; Reference in the web page).",
    params: [
      {
        name: 'value',
        kind: 'string',
        required: true,
        description:
          'The formula (the formula reference lists every operator, function and method: docs/formulas.md, or Reference in the web page)',
      },
    ],
    output: 'string',
    exampleParams: { value: "concat('row-', example_row * 10)" },
    create(params, context) {
      const formula = context.formula(params.value as string, 'value');
      if (!formula) return () => null;
      // What the formula's texts can hold, so writers skip its column's escaping check when they may.
      context.declareCharacters(() => formula.characters());
      // Formulas make long texts and lists: charged to the row's budget.
      return formula.fieldGenerator();
    },
  }),
];
