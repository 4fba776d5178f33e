/** if/elsif/else (and `c ? a : b`, `x if c`) and case/when. Only nil and false are falsy. */
import type { FormulaNode } from './ast.js';
import { compare, equals, truthy } from './runtime.js';
import type { CompileContext, Frame, NodeOf, Thunk } from './scope.js';

export function compileIf(node: NodeOf<'if'>, { compile }: CompileContext): Thunk {
  const condition = compile(node.condition);
  const then = compile(node.then);
  const otherwise = node.otherwise ? compile(node.otherwise) : () => null;
  return (frame) => (truthy(condition(frame)) ? then(frame) : otherwise(frame));
}

/** With a subject, a branch matches when one of its values equals it (or a range holds it); without, when one is truthy. */
export function compileCase(node: NodeOf<'case'>, { compile }: CompileContext): Thunk {
  const subject = node.subject ? compile(node.subject) : null;
  const branches = node.branches.map((b) => ({ matchers: b.values.map((v) => whenMatcher(v, subject !== null, compile)), body: compile(b.body) }));
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
