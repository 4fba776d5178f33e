/**
 * One column -> one Rowloom field, from the column's name (core's name rules, as CSV inference
 * reads names) and what its SQL type allows: a rule whose type the column cannot hold ("title" on
 * an integer) gives way to the type's own field; numbers stay within the type's range and
 * precision; dates are written in ISO forms the databases read. Keys and references are the
 * project's (build-project.ts); this is every other column.
 */
import { proposalOf, ruleForName } from '@rowloom/core';
import type { ImportedColumn } from './import-model.js';
import type { SqlType } from './sql-types.js';
import { fittingText, type FieldSpec } from './text-fit.js';

export const DATE_FORMAT = '%Y-%m-%d';
export const DATETIME_FORMAT = '%Y-%m-%d %H:%M:%S';
/** timestamp with time zone: the offset written too (+00:00), which PostgreSQL reads. */
export const DATETIME_ZONE_FORMAT = '%Y-%m-%d %H:%M:%S%:z';

const DATE_RULES = new Set(['Date', 'Datetime']);
/** The most any Number field's min/max may be (the Number type's own bound). */
const NUMBER_LIMIT = 1e15;

/**
 * `table`: the table's name. A column called just "name" or "title" reads as the table's
 * ("products.name" as product_name: a Product Name, not a person's).
 */
export function inferField(column: ImportedColumn, table = ''): FieldSpec {
  const { name, type } = column;
  if (column.check && column.check.length > 0) return { name, type: 'Custom List', values: column.check };
  switch (type.kind) {
    case 'boolean':
      return { name, type: 'Boolean' };
    case 'uuid':
      return { name, type: 'GUID' };
    case 'json':
      return { name, type: 'Formula', value: `concat('{"value": ', random(1, 1000), '}')` };
    case 'integer':
    case 'decimal':
    case 'float':
    case 'year':
      return numberField(name, type);
    case 'date':
    case 'datetime':
      return dateField(name, type);
    case 'time':
      return { name, type: 'Time', format: '%H:%M:%S' };
    case 'inet':
      return { name, type: 'IP Address v4' };
    case 'mac':
      return { name, type: 'MAC Address' };
    case 'interval':
      return { name, type: 'Custom List', values: ['1 day', '2 hours', '30 minutes', '1 week'] };
    case 'text':
      return named(name, table) ?? fittingText(name, type);
    default:
      // bytea/blob, arrays and types of the database's own: text every database accepts there.
      return type.kind === 'array'
        ? { name, type: 'Custom List', values: ['{}'] }
        : { name, type: 'Words', min: 1, max: 2 };
  }
}

/** Columns whose meaning is their table's. */
const GENERIC_NAMES = new Set(['name', 'title', 'label']);

/** "sales.categories" -> "category", "addresses" -> "address". */
function singular(table: string): string {
  const bare = table.slice(table.lastIndexOf('.') + 1).toLowerCase();
  if (bare.endsWith('ies')) return `${bare.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(bare)) return bare.slice(0, -2);
  return bare.endsWith('s') && !bare.endsWith('ss') ? bare.slice(0, -1) : bare;
}

/** The name's rule as a field, when the name has one. */
function named(name: string, table = ''): FieldSpec | null {
  const generic = GENERIC_NAMES.has(name.toLowerCase()) && table !== '';
  const rule = (generic ? ruleForName(`${singular(table)}_${name}`) : null) ?? ruleForName(name);
  if (!rule) return null;
  return { name, type: rule.type, ...proposalOf(rule).params };
}

/** The range a numeric column holds: its integer type's, or its precision's. */
function bounds(type: SqlType): { low: number; high: number; decimals: number } {
  if (type.kind === 'integer') return { low: type.min ?? -NUMBER_LIMIT, high: type.max ?? NUMBER_LIMIT, decimals: 0 };
  if (type.kind === 'year') return { low: 1901, high: 2155, decimals: 0 };
  const decimals = Math.min(10, type.scale ?? 2);
  if (type.precision === undefined) return { low: -NUMBER_LIMIT, high: NUMBER_LIMIT, decimals };
  const high = Math.min(NUMBER_LIMIT, 10 ** (type.precision - (type.scale ?? 0)) - 10 ** -(type.scale ?? 0));
  return { low: -high, high, decimals };
}

function numberField(name: string, type: SqlType): FieldSpec {
  const { low, high, decimals } = bounds(type);
  const rule = named(name);
  if (rule?.type === 'Row Number') return rule;
  if (rule && (rule.type === 'Latitude' || rule.type === 'Longitude') && type.kind !== 'integer' && high >= 180)
    return rule;
  const fromRule = rule?.type === 'Number' ? rule : rule?.type === 'Boolean' ? { min: 0, max: 1, decimals: 0 } : {};
  // The type's own range near its low end: 1 to 1000 for int, 1901 to 2155 for year.
  const base = Math.max(low, 1);
  const fallback = [base, Math.min(high, base + 999)];
  const min = Math.max(low, Number(fromRule.min ?? fallback[0]));
  const max = Math.min(high, Number(fromRule.max ?? fallback[1]));
  // A rule's range the type cannot hold at all gives way to the type's.
  const [lowest, highest] = min <= max ? [min, max] : fallback;
  const places =
    type.kind === 'float' ? Number(fromRule.decimals ?? 2) : Math.min(decimals, Number(fromRule.decimals ?? decimals));
  return { name, type: 'Number', min: lowest, max: highest, decimals: places };
}

function dateField(name: string, type: SqlType): FieldSpec {
  const rule = named(name);
  const range =
    rule && DATE_RULES.has(rule.type) ? { min: rule.min, max: rule.max } : { min: '01/01/2020', max: '12/31/2025' };
  if (type.kind === 'date') return { name, type: 'Date', ...range, format: DATE_FORMAT };
  return { name, type: 'Datetime', ...range, format: type.zone ? DATETIME_ZONE_FORMAT : DATETIME_FORMAT };
}
