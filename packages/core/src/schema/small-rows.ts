/**
 * Whether every row of a plan is small: a bounded, short piece of work (well under a
 * millisecond), whatever the seed and the row index. A server makes the rows of a small request
 * whose plan has small rows on its main thread, for a short time slice (engine/inline-rows.ts),
 * instead of handing them to a generation thread; no row there may hold the main thread long,
 * since unlike a generation thread it cannot be replaced when a row is slow.
 *
 * A plan has small rows when:
 * - every field's type declares its values small for the field's parameters
 *   (TypeDefinition.smallValues: bounded work per value, short text);
 * - no field has a formula (its work depends on its text and the values it reads);
 * - a field that reads other fields (a Template) reads only small, single values that read
 *   nothing themselves, so no chain of templates multiplies a value's length;
 * - a row holds at most SMALL_ROW_MAX_VALUES values, JSON Array items and `[n]` elements
 *   multiplied out (work-estimate.ts), and the values a template copies counted again, so
 *   neither many fields, nesting nor templates multiply the work.
 * Percent blank costs one draw per value and changes none of this.
 */
import { hasSmallValues, SMALL_VALUE_MAX_READS } from '../kernel/define-type.js';
import type { FieldPlan } from './plan.js';
import { mostValuesPerRow } from './work-estimate.js';

/**
 * Most values a small row holds: the standard 10-field schema has 10. With values of at most
 * SMALL_VALUE_MAX_CHARACTERS, a small row is at most about 32,000 characters.
 */
export const SMALL_ROW_MAX_VALUES = 64;

export function hasSmallRows(
  fields: readonly FieldPlan[],
  dependsOn: ReadonlyMap<FieldPlan, ReadonlySet<FieldPlan>>,
): boolean {
  if (mostValuesPerRow(fields) + readValues(fields, dependsOn) > SMALL_ROW_MAX_VALUES) return false;
  return fields.every((field) => isSmallField(field) && readsOnlyPlainValues(field, dependsOn));
}

/** The values fields that read others copy into theirs: up to SMALL_VALUE_MAX_READS per value they make. */
function readValues(fields: readonly FieldPlan[], dependsOn: ReadonlyMap<FieldPlan, ReadonlySet<FieldPlan>>): number {
  let reads = 0;
  for (const field of fields)
    if ((dependsOn.get(field)?.size ?? 0) > 0) reads += SMALL_VALUE_MAX_READS * mostValuesPerRow([field]);
  return reads;
}

function isSmallField(field: FieldPlan): boolean {
  return field.formula === null && hasSmallValues(field.type, field.params);
}

/** What the field reads (if anything) is small, one value, and reads nothing itself. */
function readsOnlyPlainValues(field: FieldPlan, dependsOn: ReadonlyMap<FieldPlan, ReadonlySet<FieldPlan>>): boolean {
  for (const target of dependsOn.get(field) ?? []) {
    const holdsList = target.parsed.repeat !== null || target.childScope !== null;
    if (holdsList || !isSmallField(target) || (dependsOn.get(target)?.size ?? 0) > 0) return false;
  }
  return true;
}
