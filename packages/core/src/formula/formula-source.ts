/**
 * A formula's text -> its tree. Most formulas are one expression, read by the expression parser
 * exactly as always. A formula of several statements or with locals (Ruby's `a = 1` then `a + 1`
 * on the next line, as Mockaroo's formula help writes them) is read by the program parser
 * without the handler's commands; its value is the last statement's.
 */
import { FormulaError, type FormulaNode } from './ast.js';
import { MAX_FORMULA_LENGTH, parseFormula } from './parser.js';
import { parseProgram } from './program-parser.js';

/** Most statements in one formula, counting those inside if/case branches. */
export const MAX_FORMULA_STATEMENTS = 200;

export function parseFormulaSource(source: string): FormulaNode {
  let expressionError: FormulaError;
  try {
    return parseFormula(source);
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    expressionError = error;
  }
  let program: FormulaNode;
  try {
    program = parseProgram(source, { maxLength: MAX_FORMULA_LENGTH, maxStatements: MAX_FORMULA_STATEMENTS }, 'formula');
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    // The reading that got further says more about what is wrong.
    throw error.position.offset >= expressionError.position.offset ? error : expressionError;
  }
  if (program.kind === 'block' && program.statements.length === 0) throw expressionError; // "formula is empty"
  return program;
}
