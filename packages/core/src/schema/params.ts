/**
 * Turns the loose parameters real clients send into the typed values a type's `create` expects,
 * from the type's own ParamSpec list: numeric strings become numbers ("min": "1"), "true"/"false"
 * become booleans, absent or empty values take the default, and a value of a fixed set is matched
 * in any case and written as the set spells it ("Random" -> "random"). Every problem is
 * reported, with what is allowed.
 */
import type { ParamSpec, ResolvedParams } from '../kernel/define-type.js';
import type { ReportProblem } from './errors.js';
import { quotedValue, textParameterProblem } from './spec-limits.js';
import { allowedValue, describeAllowed } from './allowed-values.js';

export type { ReportProblem };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function toBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  if (value === 1 || value === 0) return value === 1;
  return null;
}

function describeBounds(spec: ParamSpec): string {
  if (spec.min !== undefined && spec.max !== undefined) return ` from ${spec.min} to ${spec.max}`;
  if (spec.min !== undefined) return ` of at least ${spec.min}`;
  if (spec.max !== undefined) return ` of at most ${spec.max}`;
  return '';
}

function resolveOne(spec: ParamSpec, raw: unknown, report: ReportProblem): unknown {
  const { name } = spec;
  switch (spec.kind) {
    case 'integer':
    case 'decimal': {
      const n = toNumber(raw);
      const wanted = spec.kind === 'integer' ? 'a whole number' : 'a number';
      if (n === null || (spec.kind === 'integer' && !Number.isInteger(n))) {
        report(name, `${quotedValue(raw)} is not ${wanted}; use ${wanted}${describeBounds(spec)}`);
        return undefined;
      }
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) {
        report(name, `${n} is out of range; use ${wanted}${describeBounds(spec)}`);
        return undefined;
      }
      return n;
    }
    case 'boolean': {
      const b = toBoolean(raw);
      if (b === null) report(name, `${quotedValue(raw)} is not true or false`);
      return b ?? undefined;
    }
    case 'string': {
      const text = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
      if (typeof text !== 'string') {
        report(name, `expected text, got ${quotedValue(raw)}`);
        return undefined;
      }
      const tooLong = textParameterProblem(text);
      if (tooLong) {
        report(name, tooLong);
        return undefined;
      }
      if (!spec.allowed) return text;
      const canonical = allowedValue(spec.allowed, text);
      if (canonical === undefined)
        report(
          name,
          `${quotedValue(text)} is not allowed; use one of ${describeAllowed(spec.allowed)} (letter case does not matter)`,
        );
      return canonical;
    }
    case 'string[]': {
      // Clients send lists as arrays, and some as one comma- or newline-separated string.
      const list =
        typeof raw === 'string'
          ? raw
              .split(/\r?\n|,/)
              .map((s) => s.trim())
              .filter((s) => s !== '')
          : raw;
      if (!Array.isArray(list) || list.some((v) => v !== null && typeof v === 'object')) {
        report(name, `expected a list of values, e.g. ["a", "b"], got ${quotedValue(raw)}`);
        return undefined;
      }
      const texts = list.map((v) => (v === null ? '' : String(v)));
      const longest = texts.findIndex((t) => textParameterProblem(t) !== null);
      if (longest >= 0) {
        report(name, textParameterProblem(texts[longest], `item ${longest + 1}`)!);
        return undefined;
      }
      return texts;
    }
    case 'json':
      return raw;
  }
}

/** Resolves every declared parameter of one field. Unknown keys are ignored (clients send many). */
export function resolveParams(
  specs: readonly ParamSpec[],
  raw: Record<string, unknown>,
  report: ReportProblem,
): ResolvedParams {
  const resolved: ResolvedParams = {};
  for (const spec of specs) {
    const value = raw[spec.name];
    if (isBlank(value) || (Array.isArray(value) && value.length === 0 && spec.required)) {
      if (spec.default !== undefined) resolved[spec.name] = spec.default;
      else if (spec.required) report(spec.name, `is required: ${spec.description}`);
      continue;
    }
    const result = resolveOne(spec, value, report);
    if (result !== undefined) resolved[spec.name] = result;
  }
  return resolved;
}
