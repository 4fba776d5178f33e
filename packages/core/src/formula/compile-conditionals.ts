/** if/elsif/else (and `c ? a : b`, `x if c`) and case/when. Only nil and false are falsy. */
import { equals, truthy } from './runtime.js';
import type { CompileContext, NodeOf, Thunk } from './scope.js';

export function compileIf(node: NodeOf<'if'>, { compile }: CompileContext): Thunk {
  const condition = compile(node.condition);
  const then = compile(node.then);
  const otherwise = node.otherwise ? compile(node.otherwise) : () => null;
  return (frame) => (truthy(condition(frame)) ? then(frame) : otherwise(frame));
}

/** With a subject, a branch matches when one of its values equals it; without, when one is truthy. */
export function compileCase(node: NodeOf<'case'>, { compile }: CompileContext): Thunk {
  const subject = node.subject ? compile(node.subject) : null;
  const branches = node.branches.map((b) => ({ values: b.values.map(compile), body: compile(b.body) }));
  const otherwise = node.otherwise ? compile(node.otherwise) : () => null;
  return (frame) => {
    const s = subject ? subject(frame) : undefined;
    for (const branch of branches) {
      for (const value of branch.values) {
        if (subject ? equals(s, value(frame)) : truthy(value(frame))) return branch.body(frame);
      }
    }
    return otherwise(frame);
  };
}
