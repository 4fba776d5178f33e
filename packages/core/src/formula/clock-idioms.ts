/**
 * Ruby's clock classes as real schemas use them: Time.now, Date.today, DateTime.now and
 * X.parse(text). They read the generation's reference time, like now(), so a seeded run gives
 * the same bytes every time. A name such as `Time` is a class only when no field has that name.
 */
import { closestMatch } from '../kernel/suggest.js';
import { MS_PER_DAY } from '../time/civil.js';
import { withArguments } from './compile-calls.js';
import { FormulaDate, toDate, type NumberUnit } from './runtime.js';
import type { CompileContext, NodeOf, Thunk } from './scope.js';

interface ClockClass {
  /** What adding a number to its values counts: a Ruby Time adds seconds, a Date or DateTime days. */
  unit: NumberUnit;
  /** Methods taking no argument: the reference time as this class sees it. */
  clocks: Readonly<Record<string, (startedAtMs: number) => number>>;
  /** Methods users reach for that are not Ruby's own (Rails) or not offered: what to use instead. */
  instead: Readonly<Record<string, string>>;
}

const reference = (ms: number) => ms;
const startOfDay = (ms: number) => Math.floor(ms / MS_PER_DAY) * MS_PER_DAY;

const CLOCK_CLASSES: Readonly<Record<string, ClockClass>> = {
  Time: {
    unit: 'seconds',
    clocks: { now: reference },
    instead: { current: 'use Time.now or now()', zone: 'formulas run in UTC; use Time.now', today: 'use Date.today' },
  },
  Date: {
    unit: 'days',
    clocks: { today: startOfDay },
    instead: { current: 'use Date.today', now: 'use Date.today, or DateTime.now for the time too' },
  },
  DateTime: {
    unit: 'days',
    clocks: { now: reference },
    instead: { current: 'use DateTime.now or now()', today: 'use Date.today' },
  },
};

/** Whether `receiver.name` is a clock idiom: the receiver names a clock class and no field. */
export function isClockIdiom(node: NodeOf<'method'>, context: CompileContext): boolean {
  const { receiver } = node;
  return (
    receiver.kind === 'name' &&
    Object.hasOwn(CLOCK_CLASSES, receiver.name) &&
    !context.scope.fieldNames().includes(receiver.name)
  );
}

export function compileClockIdiom(node: NodeOf<'method'>, context: CompileContext): Thunk {
  const className = (node.receiver as NodeOf<'name'>).name;
  const clock = CLOCK_CLASSES[className];
  const { name, args } = node;
  const position = node.namePosition;
  const { startedAtMs } = context.scope;
  if (Object.hasOwn(clock.clocks, name)) {
    if (args.length > 0) return context.fail(`${className}.${name} takes no arguments`, position);
    const date = new FormulaDate(clock.clocks[name](startedAtMs), clock.unit);
    return () => date;
  }
  if (name === 'parse') {
    if (args.length !== 1)
      return context.fail(`${className}.parse takes one text, e.g. ${className}.parse('2024-07-01')`, position);
    return withArguments(args.map(context.compile), ([text]) => {
      const parsed = toDate(text);
      return parsed === null ? null : new FormulaDate(parsed.epochMs, clock.unit);
    });
  }
  if (Object.hasOwn(clock.instead, name))
    return context.fail(`${className}.${name} is not available; ${clock.instead[name]}`, position);
  const offered = [...Object.keys(clock.clocks), 'parse'];
  const suggestion = closestMatch(name, [...offered, ...Object.keys(clock.instead)]);
  if (suggestion !== null && Object.hasOwn(clock.instead, suggestion))
    return context.fail(`unknown method '${className}.${name}'; ${clock.instead[suggestion]}`, position);
  return context.fail(
    `unknown method '${className}.${name}'${suggestion ? `; did you mean '${className}.${suggestion}'?` : ` (${className} offers ${offered.map((m) => `${className}.${m}`).join(', ')})`}`,
    position,
  );
}
