/** `receiver.method(args)`, checked against the method table (methods.ts). */
import { closestMatch } from '../kernel/suggest.js';
import { METHODS, METHODS_BY_NAME, PLANNED_METHODS } from './methods.js';
import { compileMethodCall } from './call-arguments.js';
import { compileClockIdiom, isClockIdiom } from './clock-idioms.js';
import { literalText } from './compile-literals.js';
import { compileRegexGen } from './compile-special-forms.js';
import type { CompileContext, NodeOf, Thunk } from './scope.js';
import { compileBlockMethod, takesBlock } from './compile-blocks.js';
import { compileRangeList } from './block-items.js';
import { checkedMethodCall } from './fault-checks.js';
import { compileRelatedRead } from './compile-names.js';

export function compileMethod(node: NodeOf<'method'>, context: CompileContext): Thunk {
  const { name } = node;
  const position = node.namePosition;
  const { fail } = context;
  if (name === 'gen') {
    if (node.receiver.kind === 'regex') return compileRegexGen(node, node.receiver, context);
    return fail('gen applies to a regular-expression literal, e.g. /[A-Z]{3}-\\d{4}/.gen', position);
  }
  if (isClockIdiom(node, context)) return compileClockIdiom(node, context);
  const related = compileRelatedRead(node, context);
  if (related) return related;
  if (takesBlock(node)) return compileBlockMethod(node, context);
  const method = METHODS_BY_NAME.get(name);
  if (!method) {
    if (PLANNED_METHODS.includes(name))
      return fail(`method '${name}' is not available in this version of Rowloom yet`, position);
    const suggestion = closestMatch(
      name,
      METHODS.map((m) => m.name),
    );
    return fail(`unknown method '${name}'${suggestion ? `; did you mean '${suggestion}'?` : ''}`, position);
  }
  if (node.args.length < method.minArgs || node.args.length > method.maxArgs) {
    return fail(
      `method '${name}' takes ${method.minArgs === method.maxArgs ? method.minArgs : `${method.minArgs} to ${method.maxArgs}`} arguments, got ${node.args.length}: ${method.signature}`,
      position,
    );
  }
  const literalProblem = method.checkLiteral ? checkLiteralArgument(method.checkLiteral, node) : null;
  if (literalProblem !== null) return fail(literalProblem, node.args[0].position);
  // `(1..3).sum`, `(1..5).to_a`: a range written as a receiver is the list of its numbers.
  const receiver =
    node.receiver.kind === 'range' ? compileRangeList(node.receiver, context) : context.compile(node.receiver);
  const { fault } = context.scope;
  if (fault)
    return checkedMethodCall(
      method,
      receiver,
      (checked) => compileMethodCall(method, checked, node.args, context),
      position,
      fault,
    );
  return compileMethodCall(method, receiver, node.args, context);
}

/** A problem with a first argument written as literal text (a strftime format), found before any row runs. */
function checkLiteralArgument(check: (text: string) => string | null, node: NodeOf<'method'>): string | null {
  const text = literalText(node.args[0]);
  return text === null ? null : check(text);
}
