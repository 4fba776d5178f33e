/**
 * The type catalogue exactly as the page receives it from GET /api/types: core's registry,
 * described, with `output` named `type` as the server's route does, and through JSON. Tests
 * use the real registry's parameter descriptions, not hand-written ones that could drift.
 */
import { describeCatalogue } from '@rowloom/core';
import type { TypeDescription } from '../features/catalogue/catalogue';

let types: TypeDescription[] | null = null;

export function catalogue(): TypeDescription[] {
  types ??= (
    JSON.parse(JSON.stringify({ types: describeCatalogue().map((t) => ({ ...t, type: t.output })) })) as {
      types: TypeDescription[];
    }
  ).types;
  return types;
}

export function typeNamed(name: string): TypeDescription {
  const type = catalogue().find((t) => t.name === name);
  if (!type) throw new Error(`no type named ${name} in the catalogue`);
  return type;
}
