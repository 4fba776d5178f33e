/** if/elsif/else (and `c ? a : b`, `x if c`) and case/when. Only nil and false are falsy. */
import type { FormulaNode } from './ast.js';
import { compare, equals, truthy } from './runtime.js';
import { constantOf, NOT_CONSTANT, type Constant } from './constant-value.js';
import { equalsConstant } from './compile-constant-operands.js';
import type { CompileContext, Frame, NodeOf, Thunk } from './scope.js';
import { operand, slotOf } from './field-slots.js';

export function compileIf(node: NodeOf<'if'>, { compile }: CompileContext): Thunk {
  const condition = compile(node.condition);
  const then = constantOf(node.then);
  const otherwise = node.otherwise ? constantOf(node.otherwise) : null;
  // Literal branches ('even' / 'odd') are returned as they are, without a call each.
  if (then !== NOT_CONSTANT && otherwise !== NOT_CONSTANT)
    return (frame) => (truthy(condition(frame)) ? then : otherwise);
  const thenThunk = compile(node.then);
  const otherwiseThunk = node.otherwise ? compile(node.otherwise) : () => null;
  return (frame) => (truthy(condition(frame)) ? thenThunk(frame) : otherwiseThunk(frame));
}

/** With a subject, a branch matches when one of its values equals it (or a range holds it); without, when one is truthy. */
export function compileCase(node: NodeOf<'case'>, context: CompileContext): Thunk {
  return literalCase(node, context) ?? generalCase(node, context);
}

function generalCase(node: NodeOf<'case'>, { compile }: CompileContext): Thunk {
  const subject = node.subject ? compile(node.subject) : null;
  const branches = node.branches.map((b) => ({
    matchers: b.values.map((v) => whenMatcher(v, subject !== null, compile)),
    body: compile(b.body),
  }));
  const otherwise = node.otherwise ? compile(node.otherwise) : () => null;
  return (frame) => {
    const s = subject ? subject(frame) : undefined;
    for (const branch of branches) {
      for (const matches of branch.matchers) {
        if (matches(s, frame)) return branch.body(frame);
      }
    }
    return otherwise(frame);
  };
}

/**
 * `case x when 0 then 'a' when 1, 2 then 'b' else 'c' end`: a subject, and every `when` value and
 * every result a literal. The subject is compared with a flat list of the values, first match
 * wins, as the general form does. Null when the case has another shape.
 */
function literalCase(node: NodeOf<'case'>, context: CompileContext): Thunk | null {
  if (node.subject === null) return null;
  const whens: Constant[] = [];
  const results: Constant[] = [];
  for (const branch of node.branches) {
    const result = constantOf(branch.body);
    if (result === NOT_CONSTANT) return null;
    for (const value of branch.values) {
      const when = constantOf(value);
      if (when === NOT_CONSTANT) return null;
      whens.push(when);
      results.push(result);
    }
  }
  const otherwise = node.otherwise ? constantOf(node.otherwise) : null;
  if (otherwise === NOT_CONSTANT) return null;
  const subject = context.compile(node.subject);
  const slot = slotOf(subject);
  const n = whens.length;
  return (frame) => {
    const s = operand(frame, slot, subject);
    for (let i = 0; i < n; i++) if (equalsConstant(s, whens[i])) return results[i];
    return otherwise;
  };
}

type WhenMatcher = (subject: unknown, frame: Frame) => boolean;

/** One `when` value: a range (`when 1..5`) holds the subject between its ends, as Ruby's ===; else equality (or truth without a subject). */
function whenMatcher(value: FormulaNode, hasSubject: boolean, compile: (node: FormulaNode) => Thunk): WhenMatcher {
  if (hasSubject && value.kind === 'range') {
    const from = compile(value.from);
    const to = compile(value.to);
    const upper = value.exclusive ? '<' : '<=';
    return (s, frame) => compare('>=', s, from(frame)) === true && compare(upper, s, to(frame)) === true;
  }
  const thunk = compile(value);
  return hasSubject ? (s, frame) => equals(s, thunk(frame)) : (_s, frame) => truthy(thunk(frame));
}
