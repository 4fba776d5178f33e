/**
 * Column names -> field names a schema takes, each written as in the file wherever it can be.
 * A field name has a grammar (schema/field-name.ts): dots nest, `[n]` repeats, `@` and `$value`
 * are XML roles, `__` hides the field. A column whose name would mean one of those, or break
 * the grammar ("a..b"), or is nested under another column's name, gets a plain name instead
 * (dots and brackets become "_"), and its reason says so. Empty names become column_N, a
 * repeated one gets a number (email_2).
 */
import { MAX_FIELD_NAME_LENGTH } from '../kernel/limits.js';
import { parseFieldName } from '../schema/field-name.js';

export interface FieldNameChoice {
  name: string;
  /** Why the name differs from the column's, when it does. */
  renamed?: string;
}

function plain(name: string): string {
  return name
    .replace(/[.[\]]+/g, '_')
    .replace(/^[@$_]+/, '')
    .replace(/^_+|_+$/g, '');
}

function special(raw: string): string | null {
  const parsed = parseFieldName(raw);
  if (typeof parsed === 'string') return parsed;
  if (parsed.repeat) return 'brackets would repeat the field';
  if (parsed.hidden) return 'a leading "__" would hide the field';
  if (parsed.xml !== 'element') return `it would be an XML ${parsed.xml}`;
  return null;
}

export function fieldNames(header: readonly string[]): FieldNameChoice[] {
  const trimmed = header.map((raw) => raw.trim());
  const all = new Set(trimmed);
  const seen = new Set<string>();
  return trimmed.map((raw, i) => {
    let problem = raw === '' ? null : special(raw);
    // "a.b" beside a column "a": a would be both a value and an object.
    const segments = raw.split('.');
    if (problem === null && segments.some((_, s) => s > 0 && all.has(segments.slice(0, s).join('.'))))
      problem = `"${segments[0]}" is also a column`;
    let base = problem === null ? raw : plain(raw);
    if (base.length > MAX_FIELD_NAME_LENGTH) {
      base = base.slice(0, MAX_FIELD_NAME_LENGTH - 8);
      problem ??= `a field name has at most ${MAX_FIELD_NAME_LENGTH} characters`;
    }
    if (base === '') base = `column_${i + 1}`;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base}_${n}`;
    seen.add(name);
    if (raw !== '' && name !== raw && problem === null) problem = 'the name is taken by an earlier column';
    return problem === null || raw === ''
      ? { name }
      : { name, renamed: `column "${raw.slice(0, 60)}" renamed: ${problem}` };
  });
}
