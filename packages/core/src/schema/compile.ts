/**
 * Field specifications (docs/schemas.md) -> a validated, seed-independent plan: every field's type,
 * resolved parameters and generator; the scopes (the row, and each JSON Array's items); the
 * order that satisfies references between fields; and the output shape.
 *
 * Every problem is collected and reported at once, each naming its field and parameter.
 * The passes live in their own modules: read-drafts (1), build-scopes (2),
 * create-generators with field-context (3), evaluation-order (4).
 */
import { SchemaError, type Problem } from './errors.js';
import { buildShape } from './build-shape.js';
import type { CompileOptions } from './compile-options.js';
import { readDrafts } from './read-drafts.js';
import { buildScopes } from './build-scopes.js';
import { createGenerators } from './create-generators.js';
import { orderScope } from './evaluation-order.js';
import { assignFamilyInstances } from './family-instances.js';
import type { SchemaPlan } from './plan.js';
import { checkValuesPerRow } from './work-estimate.js';
import { hasSmallRows } from './small-rows.js';

export type { FieldPlan, ScopePlan, SchemaPlan } from './plan.js';
export { DEFAULT_PUBLIC_URL, type CompileOptions } from './compile-options.js';

export const MAX_FIELDS = 1000;

export function compileSchema(input: unknown, options: CompileOptions = {}): SchemaPlan {
  const fields = checkFieldList(input);
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const drafts = readDrafts(fields, problems);
  const { root, scopes, plans, draftOf } = buildScopes(drafts);
  for (const scope of scopes) assignFamilyInstances(scope);
  checkValuesPerRow(plans, (field, message) => problems.push({ field, param: null, message }));
  const { dependsOn, cartesianCombinations, generationIndependent } = createGenerators(
    plans,
    draftOf,
    options,
    problems,
    warnings,
  );
  for (const scope of scopes) orderScope(scope, dependsOn, problems);
  const shape = buildShape(root, (field, message) => problems.push({ field, param: 'name', message }));
  if (problems.length > 0) throw new SchemaError(dedupe(problems));
  return {
    fields: plans,
    root,
    shape,
    cartesianCombinations,
    generationIndependent,
    smallRows: hasSmallRows(plans, dependsOn),
    dependsOn,
    warnings: dedupe(warnings),
  };
}

/** The schema must be a non-empty array of at most MAX_FIELDS entries (each is checked later). */
function checkFieldList(input: unknown): readonly unknown[] {
  const fail = (message: string): never => {
    throw new SchemaError([{ field: null, param: null, message }]);
  };
  if (!Array.isArray(input))
    return fail('the schema must be a JSON array of field specifications, e.g. [{"name": "id", "type": "Row Number"}]');
  if (input.length === 0)
    return fail('the schema has no fields; give at least one, e.g. [{"name": "id", "type": "Row Number"}]');
  if (input.length > MAX_FIELDS)
    return fail(`the schema has ${input.length} fields; at most ${MAX_FIELDS} are allowed`);
  return input;
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}\u0000${p.param}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
