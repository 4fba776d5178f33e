/**
 * Rails' durations on numbers (`1.year`, `2.hours`, `30.minutes`), as Mockaroo handlers write
 * `generate 1, cache_for: 1.year` and formulas `now() - 2.days`. The singular names (year, month,
 * day, hour, minute, second) are also date accessors (`now().year`): on a date they read it, on a
 * number they make a duration, so one table entry serves both.
 */
import type { MethodSpec } from './method-spec.js';
import { FormulaDate, FormulaDuration } from './runtime.js';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

interface Unit {
  plural: string;
  months: number;
  milliseconds: number;
}

const UNITS: Readonly<Record<string, Unit>> = {
  year: { plural: 'years', months: 12, milliseconds: 0 },
  month: { plural: 'months', months: 1, milliseconds: 0 },
  week: { plural: 'weeks', months: 0, milliseconds: 7 * DAY_MS },
  day: { plural: 'days', months: 0, milliseconds: DAY_MS },
  hour: { plural: 'hours', months: 0, milliseconds: HOUR_MS },
  minute: { plural: 'minutes', months: 0, milliseconds: MINUTE_MS },
  second: { plural: 'seconds', months: 0, milliseconds: SECOND_MS },
};

function span(unit: Unit, n: number): FormulaDuration {
  return new FormulaDuration(unit.months * n, unit.milliseconds * n);
}

/** `n.<unit>` on a number: a duration; anything else: nil. */
const durationOf = (unit: Unit) => (receiver: unknown) =>
  typeof receiver === 'number' && Number.isFinite(receiver) ? span(unit, receiver) : null;

/**
 * A date accessor that is also a duration on numbers: `now().year` is the year, `1.year` a year.
 * `accessor` is the date method's own call.
 */
export function dateOrDuration(unitName: keyof typeof UNITS, accessor: MethodSpec['call']): MethodSpec['call'] {
  const duration = durationOf(UNITS[unitName]);
  return (receiver, args, environment) =>
    receiver instanceof FormulaDate ? accessor(receiver, args, environment) : duration(receiver);
}

/** The plural forms (and week), which only make durations. */
export const DURATION_METHODS: readonly MethodSpec[] = Object.entries(UNITS).flatMap(
  ([singular, unit]): MethodSpec[] => {
    const plural: MethodSpec = {
      name: unit.plural,
      receivers: ['number'],
      minArgs: 0,
      maxArgs: 0,
      signature: `n.${unit.plural}`,
      description: `A duration of n ${unit.plural} (Rails), to add to a date or for a handler's cache_for:; also n.${singular}.`,
      example: `now() - 2.${unit.plural}`,
      call: durationOf(unit),
    };
    // year, month, day, hour, minute and second are date accessors too (methods.ts); week is not.
    return singular === 'week'
      ? [
          plural,
          {
            ...plural,
            name: singular,
            signature: `n.${singular}`,
            description: 'Same as n.weeks.',
            example: 'now() + 1.week',
          },
        ]
      : [plural];
  },
);

/** Seconds in a duration (a month counted as 30 days), or a number taken as seconds; null for anything else. */
export function durationSeconds(value: unknown): number | null {
  if (value instanceof FormulaDuration) return (value.months * 30 * DAY_MS + value.milliseconds) / SECOND_MS;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
