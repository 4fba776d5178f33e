/**
 * The formula language's words as plain data, for editors that complete them (the web
 * interface's formula editor reads it from GET /api/formula-functions). Straight from the
 * tables the checker uses, so completion cannot offer a function the compiler refuses.
 */
import { FUNCTIONS, SPECIAL_FORMS } from './functions.js';
import { METHODS } from './methods.js';
import { FORMULA_SYNTAX, type SyntaxEntry } from './syntax-table.js';

export interface FormulaWord {
  name: string;
  signature: string;
  description: string;
  example: string;
}

export interface FormulaVocabulary {
  functions: FormulaWord[];
  methods: FormulaWord[];
  /** field('...'), from_dataset(...), generate(...), /pattern/.gen: compiled by the checker itself. */
  specialForms: FormulaWord[];
  /** The syntax at a glance: constructs and what they mean (docs/formulas.md's table). */
  syntax: SyntaxEntry[];
}

function word(spec: { signature: string; description: string; example: string }, name: string): FormulaWord {
  return { name, signature: spec.signature, description: spec.description, example: spec.example };
}

export function describeFormulaVocabulary(): FormulaVocabulary {
  return {
    functions: FUNCTIONS.map((f) => word(f, f.name)),
    methods: METHODS.map((m) => word(m, m.name)),
    specialForms: SPECIAL_FORMS.map((s) => word(s, /^[a-z_]+/.exec(s.signature)?.[0] ?? s.signature)),
    syntax: FORMULA_SYNTAX.map((e) => ({ syntax: [...e.syntax], meaning: e.meaning })),
  };
}
