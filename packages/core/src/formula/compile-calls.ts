/** Function calls, checked against the function table (functions.ts), and the special forms. */
import { closestMatch } from '../kernel/suggest.js';
import { FUNCTIONS, FUNCTIONS_BY_NAME } from './functions.js';
import { compileFieldCall } from './compile-names.js';
import { compileChildren, compileFromDataset, compileGenerate } from './compile-special-forms.js';
import type { CompileContext, Frame, NodeOf, Thunk } from './scope.js';
import { toNumber } from './runtime.js';
import { compileFunctionCall } from './call-arguments.js';
import { compileConcat } from './compile-concat.js';

export function compileCall(node: NodeOf<'call'>, context: CompileContext): Thunk {
  const { name, args, keywords, position } = node;
  if (name === 'field') return compileFieldCall(node, context);
  if (name === 'from_dataset') return compileFromDataset(node, context);
  if (name === 'generate') return compileGenerate(node, context);
  if (name === 'children') return compileChildren(node, context);
  if (name === 'row_number' && args.length === 0 && keywords.length === 0) return (frame) => frame.row.rowIndex + 1;
  if (name === 'rand' && args.length === 1 && args[0].kind === 'range') return compileRandRange(args[0], context);
  const fn = FUNCTIONS_BY_NAME.get(name);
  if (!fn) {
    const suggestion = closestMatch(
      name,
      FUNCTIONS.map((f) => f.name),
    );
    return context.fail(`unknown function '${name}'${suggestion ? `; did you mean '${suggestion}'?` : ''}`, position);
  }
  if (keywords.length > 0)
    return context.fail(
      `function '${name}' takes no keyword arguments (${keywords[0].name}:)`,
      keywords[0].value.position,
    );
  if (args.length < fn.minArgs || args.length > fn.maxArgs) {
    const expected = fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
    return context.fail(
      `function '${name}' takes ${expected} argument${fn.maxArgs === 1 ? '' : 's'}, got ${args.length}: ${fn.signature}`,
      position,
    );
  }
  return (name === 'concat' ? compileConcat(args, context) : null) ?? compileFunctionCall(fn, args, context);
}

/** Ruby's rand(a..b) (or a...b without b): a whole number in the range, the random(min, max) of integers. */
function compileRandRange(range: NodeOf<'range'>, context: CompileContext): Thunk {
  const from = context.compile(range.from);
  const to = context.compile(range.to);
  return (frame) => {
    const low = Math.ceil(toNumber(from(frame)));
    const high = Math.floor(toNumber(to(frame))) - (range.exclusive ? 1 : 0);
    if (!Number.isFinite(low) || !Number.isFinite(high) || high < low) return null;
    return frame.environment.random.intBetween(low, high);
  };
}

/**
 * Evaluates the argument thunks into one array per call site, reused for every row: a call
 * allocates nothing for its arguments. Safe because the language has no recursion and the
 * functions never keep the array; the callee is invoked after all arguments are evaluated,
 * and a nested call at another site has its own array.
 */
export function withArguments(thunks: Thunk[], invoke: (values: unknown[], frame: Frame) => unknown): Thunk {
  const values: unknown[] = new Array(thunks.length);
  const n = thunks.length;
  if (n === 0) return (frame) => invoke(values, frame);
  if (n === 1) {
    const [a] = thunks;
    return (frame) => {
      values[0] = a(frame);
      return invoke(values, frame);
    };
  }
  return (frame) => {
    for (let i = 0; i < n; i++) values[i] = thunks[i](frame);
    return invoke(values, frame);
  };
}
