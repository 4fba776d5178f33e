/** Words for a reference: the diagram's arrow labels and the table list's lines. */
import type { TableReference } from '@rowloom/contract';

/** "customer_id", or "order_id, line_no" for a composite key. */
export function fieldsLabel(reference: TableReference): string {
  return reference.fields.join(', ');
}

/** The arrow's label: the fields, then how many rows per parent when the reference drives the count. */
export function arrowLabel(reference: TableReference): string {
  const parts = [fieldsLabel(reference)];
  if (reference.children) parts.push(reference.children);
  if (reference.optional) parts.push('optional');
  return parts.join(' · ');
}

/** A sentence for the table list: "customer_id → customers.id (poisson …; deferred)". */
export function referenceSentence(reference: TableReference): string {
  const target = reference.columns.map((column) => `${reference.table}.${column}`).join(', ');
  const notes = [
    reference.children ? `rows per parent: ${reference.children}` : null,
    reference.optional ? 'may be empty' : null,
    reference.self ? 'its own table' : null,
    reference.deferred ? 'closes a cycle: loaded empty, then set' : null,
  ].filter(Boolean);
  return `${fieldsLabel(reference)} → ${target}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

export function rowCount(count: number | null): string {
  if (count === null) return 'rows unknown';
  return `${count.toLocaleString('en')} row${count === 1 ? '' : 's'}`;
}
