/**
 * A schema's fields with every fixed-set parameter in the catalogue's spelling ("Random" ->
 * "random"), for storing: a saved schema then reads back as the catalogue describes it (the web
 * interface's option lists find their value) whatever case the client wrote. Only values that
 * match an allowed value are rewritten; everything else is kept as written, for the compiler to
 * judge.
 */
import { findType } from '../types/registry.js';
import { allowedValue } from './allowed-values.js';

function canonicalField(field: unknown): unknown {
  if (field === null || typeof field !== 'object' || Array.isArray(field)) return field;
  const spec = field as Record<string, unknown>;
  const type = typeof spec.type === 'string' ? findType(spec.type) : undefined;
  if (type === undefined) return field;
  let copy: Record<string, unknown> | null = null;
  for (const param of type.params) {
    const value = spec[param.name];
    if (param.allowed === undefined || typeof value !== 'string') continue;
    const canonical = allowedValue(param.allowed, value);
    if (canonical === undefined || canonical === value) continue;
    copy ??= { ...spec };
    copy[param.name] = canonical;
  }
  return copy ?? field;
}

/** The fields, with fixed-set parameter values spelt as the catalogue does; the others unchanged. */
export function canonicalFields(fields: readonly unknown[]): unknown[] {
  return fields.map(canonicalField);
}
