/**
 * Pass 1 of the compiler: each raw field specification -> a draft with its parsed name, type,
 * resolved parameters and blank percentage. Fields with a broken name or type are reported and
 * left out of the later passes.
 */
import type { ResolvedParams, TypeDefinition } from '../kernel/define-type.js';
import { findType, PLANNED_TYPES, typeNames } from '../types/registry.js';
import type { Problem } from './errors.js';
import { parseFieldName, type ParsedFieldName } from './field-name.js';
import { resolveParams } from './params.js';
import { closestMatch } from '../kernel/suggest.js';
import { fieldLabelText, withinNameLimits } from './spec-limits.js';

export interface Draft {
  position: number;
  label: string;
  raw: Record<string, unknown>;
  parsed: ParsedFieldName;
  type: TypeDefinition;
  params: ResolvedParams;
  percentBlank: number;
  /** false when its parameters have problems: its generator is then never created. */
  valid: boolean;
}

export function fieldLabel(raw: unknown, position: number): string {
  if (raw && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string') {
    const name = (raw as { name: string }).name;
    if (name.trim() !== '') return fieldLabelText(name);
  }
  return `#${position + 1}`;
}

export function unknownTypeMessage(type: string): string {
  const planned = PLANNED_TYPES.find((name) => name.toLowerCase() === type.trim().toLowerCase());
  if (planned) return `type "${planned}" is not available in this version of Rowloom yet`;
  const suggestion = closestMatch(type, typeNames());
  return (
    `unknown type "${type}"` +
    (suggestion ? `; did you mean "${suggestion}"?` : '; GET /api/types (or `rowloom types`) lists them')
  );
}

/**
 * The spellings of the blank percentage: the API's, the one a client library sends, and the
 * established product's schema export (`null_percentage`). The first one given counts.
 */
const PERCENT_BLANK_KEYS = ['percentBlank', 'percentageBlank', 'null_percentage'] as const;

/** Reads the blank percentage under any of its spellings. */
function readPercentBlank(raw: Record<string, unknown>, problem: (param: string, message: string) => void): number {
  const key =
    PERCENT_BLANK_KEYS.find((k) => raw[k] !== undefined && raw[k] !== null && raw[k] !== '') ?? 'percentBlank';
  const value = raw[key];
  if (value === undefined || value === null || value === '') return 0;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 100) {
    problem(key, `${JSON.stringify(value)} is not allowed; use a number from 0 to 100`);
    return 0;
  }
  return n;
}

/** Reads every field's draft; problems go to `problems`, each naming its field. */
export function readDrafts(input: readonly unknown[], problems: Problem[]): Draft[] {
  const drafts: Draft[] = [];
  const seenNames = new Map<string, number>();
  input.forEach((raw, position) => {
    const label = fieldLabel(raw, position);
    const report = (param: string | null, message: string) => problems.push({ field: label, param, message });
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      report(null, 'each field must be an object such as {"name": "id", "type": "Row Number"}');
      return;
    }
    const spec = raw as Record<string, unknown>;
    if (!withinNameLimits(spec, report)) return;
    let parsed: ParsedFieldName | null = null;
    if (typeof spec.name !== 'string' || spec.name.trim() === '') {
      report('name', 'is required: the column or key name, e.g. "first_name"');
    } else {
      const result = parseFieldName(spec.name);
      if (typeof result === 'string') report('name', result);
      else parsed = result;
      const earlier = seenNames.get(spec.name);
      if (earlier !== undefined) report('name', `duplicate field name; field #${earlier + 1} has the same name`);
      else seenNames.set(spec.name, position);
    }
    let type: TypeDefinition | undefined;
    if (typeof spec.type !== 'string' || spec.type.trim() === '') report('type', 'is required, e.g. "First Name"');
    else {
      type = findType(spec.type);
      if (!type) report('type', unknownTypeMessage(spec.type));
    }
    const problemsBefore = problems.length;
    const percentBlank = readPercentBlank(spec, report);
    if (spec.formula !== undefined && spec.formula !== null && typeof spec.formula !== 'string') {
      report('formula', `expected formula text, got ${JSON.stringify(spec.formula)}`);
    }
    if (!type || !parsed) return;
    const params = resolveParams(type.params, spec, report);
    type.check?.(params, report);
    if (parsed.repeat && type.structure === 'items') {
      report('name', `a ${type.name} field cannot use [n]; set its item counts with its own parameters`);
    }
    drafts.push({
      position,
      label,
      raw: spec,
      parsed,
      type,
      params,
      percentBlank,
      valid: problems.length === problemsBefore,
    });
  });
  return drafts;
}
