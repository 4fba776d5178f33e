/**
 * One condition of a verification pattern on a value of a logged request: equals, contains,
 * regex (RE2, linear time, mocks' rule-regex.ts bounds), exists or absent. A value may be absent
 * (undefined) or have several forms (a repeated query parameter, a JSONPath selecting several
 * nodes): the condition holds when any of them matches, and `absent` when there are none.
 */
import { MatchSteps, rulePatternProblem, ruleRegexTest } from '../rule-regex.js';

export type Operator = 'equals' | 'contains' | 'regex' | 'exists' | 'absent';
export const OPERATORS: readonly Operator[] = ['equals', 'contains', 'regex', 'exists', 'absent'];

export interface Condition {
  operator: Operator;
  /** The text compared against; empty for exists and absent. */
  operand: string;
}

/** The condition a pattern's matcher stands for, or why it cannot be one (the caller adds where). */
export function readMatcher(matcher: unknown): Condition | string {
  if (typeof matcher === 'string') return { operator: 'equals', operand: matcher };
  if (matcher === null || typeof matcher !== 'object' || Array.isArray(matcher))
    return `must be a string (equals) or an object with one of ${OPERATORS.join(', ')}`;
  const keys = Object.keys(matcher);
  if (keys.length !== 1 || !OPERATORS.includes(keys[0] as Operator))
    return `must have exactly one of ${OPERATORS.join(', ')}, got ${keys.length ? keys.join(', ') : 'none'}`;
  const operator = keys[0] as Operator;
  const operand = (matcher as Record<string, unknown>)[operator];
  if (operator === 'exists' || operator === 'absent')
    return operand === true ? { operator, operand: '' } : `.${operator} must be true`;
  if (typeof operand !== 'string') return `.${operator} must be a string`;
  if (operator === 'regex') {
    const problem = rulePatternProblem(operand);
    if (problem) return `.regex ${problem}`;
  }
  return { operator, operand };
}

/** Whether the values (none: absent) pass the condition. */
export function holds(condition: Condition, values: readonly string[], steps: MatchSteps): boolean {
  switch (condition.operator) {
    case 'exists':
      return values.length > 0;
    case 'absent':
      return values.length === 0;
    case 'equals':
      return values.includes(condition.operand);
    case 'contains':
      return values.some((value) => value.includes(condition.operand));
    case 'regex':
      return values.some((value) => ruleRegexTest(condition.operand, value, steps));
  }
}

const quoted = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** "equals \"2\"", "to exist" — for a near miss's explanation. */
export function describeCondition(condition: Condition): string {
  if (condition.operator === 'exists') return 'to be present';
  if (condition.operator === 'absent') return 'to be absent';
  return `${condition.operator} ${quoted(condition.operand)}`;
}

export function describeValues(values: readonly string[]): string {
  if (values.length === 0) return 'nothing (absent)';
  return values.slice(0, 3).map(quoted).join(', ') + (values.length > 3 ? ` and ${values.length - 3} more` : '');
}
