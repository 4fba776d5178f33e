/**
 * The bounds on what one schema may ask of the engine, in one place (docs/schemas.md, "Limits", lists them).
 * A shared server must survive its worst request: what can be known from the schema is refused
 * when it compiles (a SchemaError, so a 400 before any output); what depends on the values drawn
 * is budgeted per row at run time (row-budget.ts), where the documented result is nil.
 */

/** Longest field name, in characters. */
export const MAX_FIELD_NAME_LENGTH = 256;

/** Longest type name (the longest real one is under 40 characters). */
export const MAX_TYPE_NAME_LENGTH = 100;

/**
 * Longest text parameter (a Template, a pattern, a Custom List value...), in characters; each
 * item of a list parameter is bounded alike. Formulas have their own, shorter bound
 * (formula/parser.ts: 10,000 characters).
 */
export const MAX_TEXT_PARAMETER_LENGTH = 100_000;

/**
 * Most values one row may hold: every field's value, every item of a JSON Array or Repeating
 * Element and every element of `[n]`, nested ones multiplied out, and every item of a list a
 * formula makes. Checked when the schema compiles from maxItems and `[n]`; the lists formulas
 * make, whose length depends on the values, are counted per row (past it they are nil).
 */
export const MAX_VALUES_PER_ROW = 100_000;

/**
 * Most characters of long text one row's values may hold in all (16 Mi), counted by the types
 * whose values can be long (row-budget.ts `budgeted`); such values past it are nil.
 */
export const MAX_ROW_CHARACTERS = 16 * 1024 * 1024;

/** Longest value a Template makes, like the texts formulas build (formula/limits.ts MAX_TEXT). */
export const MAX_TEMPLATE_LENGTH = 100_000;

/**
 * Regular-expression matching work all the formulas of one row may do, in the units of the
 * per-evaluation budget (formula/regex-value.ts MATCH_BUDGET: text characters × pattern steps):
 * five evaluations' worth. Past it a match gives nil, as past the per-evaluation budget.
 */
export const ROW_MATCH_STEPS = 10_000_000;

/**
 * Characters of text all the formulas of one row may build (results of functions, methods, `+`
 * and `*`): a hundred maximal texts. Past it the formula being evaluated gives nil.
 */
export const ROW_FORMULA_TEXT = 10_000_000;

/**
 * Repetition rounds all the Regular Expression fields of one row may draw (one value may draw
 * up to regex/limits.ts MAX_ROUNDS): past it the value being drawn is nil.
 */
export const ROW_PATTERN_ROUNDS = 1_000_000;

/** "Did you mean" is only offered for names up to this long: no real name is longer. */
export const MAX_SUGGESTED_LENGTH = 100;
