/**
 * Pure helpers of the field grid: nested-name paths, which problems belong to which control,
 * what a type change keeps. No React here, so each rule is plain to read.
 */
import type { TypeDescription } from '../catalogue/catalogue';
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

/** Changing type keeps the parameters the new type also has and drops the rest. */
export function paramsKeptFor(
  type: TypeDescription | undefined,
  params: Record<string, unknown>,
): Record<string, unknown> {
  if (!type) return {};
  const names = new Set(type.parameters.map((p) => p.name));
  return Object.fromEntries(Object.entries(params).filter(([name]) => names.has(name)));
}

/** A formula problem's position: messages end "at LINE:COLUMN" (1-based). */
export function positionOf(message: string): { line: number; column: number } | null {
  const all = [...message.matchAll(/\bat (\d+):(\d+)/g)];
  const last = all[all.length - 1];
  return last ? { line: Number(last[1]), column: Number(last[2]) } : null;
}
