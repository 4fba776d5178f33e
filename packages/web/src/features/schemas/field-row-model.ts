/**
 * Pure helpers of the field grid: nested-name paths, which problems belong to which control,
 * what a type change keeps. No React here, so each rule is plain to read.
 */
import type { TypeDescription, TypeParameter } from '../catalogue/catalogue';
import type { FieldProblem } from './builder-context';

/** `address.city` → ['address', 'city']; `orders[].id` → ['orders[]', 'id']. */
export function namePath(name: string): string[] {
  return name.split('.').filter((part) => part !== '');
}

/** The parents shown before a nested name (`address ›`), and how deep it sits. */
export function parentPath(name: string): { parents: string[]; depth: number } {
  const parts = namePath(name);
  const parents = parts.slice(0, -1);
  return { parents, depth: Math.min(parents.length, 6) };
}

/** Where a problem shows: beside the name, the type, a parameter, the blank %, the formula. */
export type ProblemPlace = 'name' | 'type' | 'percentBlank' | 'formula' | { param: string };

export function placeOf(problem: FieldProblem, type: TypeDescription | undefined): ProblemPlace {
  const param = problem.param;
  if (param === null || param === 'name') return 'name';
  if (param === 'type') return 'type';
  if (/^(percentBlank|percentageBlank|null_percentage)$/.test(param)) return 'percentBlank';
  if (param === 'formula') return 'formula';
  // distribution[0].rule → distribution: the control is the parameter's.
  const base = /^[A-Za-z_][\w]*/.exec(param)?.[0] ?? param;
  if (type?.parameters.some((p) => p.name === base)) return { param: base };
  return 'name';
}

export function samePlace(a: ProblemPlace, b: ProblemPlace): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.param === b.param;
}

export interface PlacedProblem extends FieldProblem {
  id: string;
  place: ProblemPlace;
}

/** The row's problems, each with an element id for aria-describedby. */
export function placeProblems(
  problems: FieldProblem[],
  type: TypeDescription | undefined,
  rowKey: string,
): PlacedProblem[] {
  return problems.map((p, i) => ({ ...p, id: `${rowKey}-problem-${i}`, place: placeOf(p, type) }));
}

/** The ids describing the control at `place`, for aria-describedby ('' when none). */
export function describedBy(
  problems: PlacedProblem[],
  place: ProblemPlace,
  ...more: (string | undefined)[]
): string | undefined {
  const ids = [...problems.filter((p) => samePlace(p.place, place)).map((p) => p.id), ...more.filter(Boolean)];
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * Changing type keeps a parameter only when the new type has one of that name and the value
 * is one it takes (a Date's max "12/31/2005" is no Number's max): a value kept but hidden by
 * the new control would only come back as an error.
 */
export function paramsKeptFor(
  type: TypeDescription | undefined,
  params: Record<string, unknown>,
): Record<string, unknown> {
  if (!type) return {};
  const byName = new Map(type.parameters.map((p) => [p.name, p]));
  return Object.fromEntries(
    Object.entries(params).filter(([name, value]) => {
      const param = byName.get(name);
      return param !== undefined && fitsParam(param, value);
    }),
  );
}

const DAY = /^(\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{2}-\d{2})/;
const TIME_OF_DAY = /^\d{1,2}:\d{2}(:\d{2})?\s*([AaPp][Mm])?$/;

/** Whether a value is one the parameter takes, by its kind, allowed values, bounds and form. */
export function fitsParam(param: TypeParameter, value: unknown): boolean {
  switch (param.type) {
    case 'integer':
    case 'decimal':
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        (param.type === 'decimal' || Number.isInteger(value)) &&
        (param.min === undefined || value >= param.min) &&
        (param.max === undefined || value <= param.max)
      );
    case 'boolean':
      return typeof value === 'boolean';
    case 'string[]':
      return typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));
    case 'json':
      return true;
    default:
      return typeof value === 'string' && fitsText(param, value);
  }
}

function fitsText(param: TypeParameter, value: string): boolean {
  if (param.allowed?.length) return param.allowed.some((a) => a.toLowerCase() === value.trim().toLowerCase());
  const text = value.trim();
  switch (param.form) {
    case 'date':
    case 'datetime':
      return DAY.test(text);
    case 'time':
      return TIME_OF_DAY.test(text);
    default:
      return true;
  }
}

/** A multi-line formula on one line: each line break shown as ⏎. */
export function oneLine(text: string): string {
  return text.replace(/\r?\n/g, ' ⏎ ');
}

/** A formula problem's position: messages end "at LINE:COLUMN" (1-based). */
export function positionOf(message: string): { line: number; column: number } | null {
  const all = [...message.matchAll(/\bat (\d+):(\d+)/g)];
  const last = all[all.length - 1];
  return last ? { line: Number(last[1]), column: Number(last[2]) } : null;
}
