/**
 * What the web page's builder reads to offer types and formula words: GET /api/types (core's
 * catalogue, catalogue/catalogue.ts) and GET /api/formula-functions (core's formula/vocabulary.ts).
 * Core builds both answers; a test checks its output against these schemas.
 */
import Type, { type Static } from 'typebox';

/** A parameter as the registry describes it. */
export const TypeParameter = Type.Object({
  name: Type.String(),
  type: Type.String({
    description: "The parameter's kind in the registry: integer, decimal, string, boolean, string[] or json",
  }),
  description: Type.String(),
  default: Type.Unknown({ description: 'null when it has none' }),
  allowed: Type.Optional(
    Type.Array(Type.String(), { description: 'The allowed values, when the parameter is an enumeration' }),
  ),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  required: Type.Boolean(),
  form: Type.Optional(
    Type.Union([Type.Literal('date'), Type.Literal('datetime'), Type.Literal('time')], {
      description:
        'A string parameter that is a point in time: date (a calendar day), datetime (a day with an optional time of day) or time (a time of day)',
    }),
  ),
});
export type TypeParameter = Static<typeof TypeParameter>;

export const TypeDescription = Type.Object({
  name: Type.String(),
  aliases: Type.Array(Type.String()),
  category: Type.String(),
  description: Type.String(),
  type: Type.String({
    description: 'What a value is in the output: string, integer, number, boolean, date, datetime, time, json or null',
  }),
  output: Type.String({ description: 'The same as type (the name core gives it)' }),
  parameters: Type.Array(TypeParameter),
  example: Type.Unknown({ description: 'A value generated with the default (or example) parameters, seed 1' }),
});
export type TypeDescription = Static<typeof TypeDescription>;

/** GET /api/types. */
export const TypeCatalogue = Type.Object({ types: Type.Array(TypeDescription) });
export type TypeCatalogue = Static<typeof TypeCatalogue>;

export const FormulaWord = Type.Object({
  name: Type.String(),
  signature: Type.String(),
  description: Type.String(),
  example: Type.String(),
});
export type FormulaWord = Static<typeof FormulaWord>;

/** GET /api/formula-functions: what an editor completes besides `this` and the field names. */
/** One construct of the formula syntax: examples of it (formula text) and what it means (`backticks` mark code). */
export const FormulaSyntax = Type.Object({ syntax: Type.Array(Type.String()), meaning: Type.String() });
export type FormulaSyntax = Static<typeof FormulaSyntax>;

export const FormulaVocabulary = Type.Object({
  functions: Type.Array(FormulaWord),
  methods: Type.Array(FormulaWord),
  specialForms: Type.Array(FormulaWord, {
    description: "field('...'), from_dataset(...), generate(...), /pattern/.gen: compiled by the checker itself",
  }),
  syntax: Type.Array(FormulaSyntax, { description: 'The syntax at a glance, as docs/formulas.md tabulates it' }),
});
export type FormulaVocabulary = Static<typeof FormulaVocabulary>;
