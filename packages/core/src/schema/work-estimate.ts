/**
 * The most values one row can hold, known from the schema alone: a field inside JSON Arrays (or
 * Repeating Elements) is made once per item of each enclosing array, and `[n]` makes n of it,
 * so nesting multiplies. Four nested arrays of 100 items make 100 million values for one row;
 * such a schema is refused when it compiles (MAX_VALUES_PER_ROW), before any output.
 */
import type { FieldPlan } from './plan.js';
import { MAX_VALUES_PER_ROW } from '../kernel/limits.js';

/** Most items an items field (JSON Array, Repeating Element) makes: its largest count parameter (max >= min). */
function mostItems(field: FieldPlan): number {
  let most = 0;
  for (const value of Object.values(field.params)) if (typeof value === 'number' && value > most) most = value;
  return most;
}

/** How many times the field is made in one row at most: the product of its enclosing arrays' item counts. */
function instancesPerRow(field: FieldPlan): number {
  let instances = 1;
  for (let scope = field.scope; scope.owner; scope = scope.owner.scope) instances *= mostItems(scope.owner);
  return instances;
}

/** The values a field contributes to one row at most: one per instance, n per `[n]`, each array's items. */
function valuesPerRow(field: FieldPlan): number {
  const instances = instancesPerRow(field);
  if (field.type.structure === 'items') return instances * mostItems(field);
  return instances * (field.parsed.repeat?.max ?? 1);
}

/** The nesting that multiplies a field's count, for the message: `"a" (100) × "a.b" (100) × [3]`. */
function explain(field: FieldPlan): string {
  const factors: string[] = [];
  for (let scope = field.scope; scope.owner; scope = scope.owner.scope)
    factors.unshift(`"${scope.owner.name}" (${mostItems(scope.owner)} items)`);
  if (field.type.structure === 'items') factors.push(`its own ${mostItems(field)} items`);
  else if (field.parsed.repeat) factors.push(`[${field.parsed.repeat.max}]`);
  return factors.join(' × ');
}

/** The most values one row of these fields can hold (every field's valuesPerRow added up). */
export function mostValuesPerRow(fields: readonly FieldPlan[]): number {
  let total = 0;
  for (const field of fields) total += valuesPerRow(field);
  return total;
}

/**
 * Reports, on the field that makes the most of them, a schema whose rows can hold more than
 * MAX_VALUES_PER_ROW values.
 */
export function checkValuesPerRow(
  fields: readonly FieldPlan[],
  report: (field: string, message: string) => void,
): void {
  let total = 0;
  let largest: FieldPlan | null = null;
  let largestCount = 0;
  for (const field of fields) {
    const count = valuesPerRow(field);
    total += count;
    if (count > largestCount) {
      largest = field;
      largestCount = count;
    }
  }
  if (total <= MAX_VALUES_PER_ROW || !largest) return;
  const fmt = (n: number) => n.toLocaleString('en-US');
  const own = largestCount > 1 ? ` (this field makes up to ${fmt(largestCount)}: ${explain(largest)})` : '';
  report(
    largest.name,
    `one row of this schema can hold up to ${fmt(total)} values${own}; at most ${fmt(MAX_VALUES_PER_ROW)} are allowed per row: lower maxItems or [n], or nest fewer arrays`,
  );
}
