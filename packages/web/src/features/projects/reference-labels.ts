/** Words for a reference: the diagram's arrow labels and the table list's lines. */
import type { ModelTable, ProjectDocument, TableReference } from '@rowloom/contract';

/** A Reference field's children parameters, as the document holds them (types.md gives the defaults). */
type FieldParams = Record<string, unknown>;

const num = (params: FieldParams, name: string, fallback: number) =>
  typeof params[name] === 'number' ? (params[name] as number) : fallback;

/** "poisson, mean 2", "uniform 1–4", "fixed 3", "zipf 0–5, skew 1.2"; the kind alone when unknown. */
export function distributionText(kind: string, params: FieldParams): string {
  switch (kind) {
    case 'fixed':
      return `fixed ${num(params, 'children_count', 3)}`;
    case 'uniform':
      return `uniform ${num(params, 'children_min', 0)}–${num(params, 'children_max', 5)}`;
    case 'poisson':
      return `poisson, mean ${num(params, 'children_mean', 3)}`;
    case 'zipf':
      return `zipf ${num(params, 'children_min', 0)}–${num(params, 'children_max', 5)}, skew ${num(params, 'children_skew', 1.2)}`;
    case 'scenario':
      return typeof params.children_scenario === 'string' ? `scenario ${params.children_scenario}` : 'scenario';
    default:
      return kind;
  }
}

/**
 * The reference with its children written out from the document's field, for the labels
 * (the model view names only the distribution's kind).
 */
export function withDistribution(
  reference: TableReference,
  table: string,
  document: ProjectDocument | undefined,
): TableReference {
  if (!reference.children || !document) return reference;
  const fields = document.tables.find((t) => t.name === table)?.fields ?? [];
  const field = fields.find((f) => (f as { name?: unknown }).name === reference.fields[0]) as FieldParams | undefined;
  return field ? { ...reference, children: distributionText(reference.children, field) } : reference;
}

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

/** The model's tables with every driving reference's distribution written out. */
export function describedTables(model: { tables: ModelTable[]; document?: ProjectDocument }): ModelTable[] {
  return model.tables.map((table) => ({
    ...table,
    references: table.references.map((r) => withDistribution(r, table.name, model.document)),
  }));
}

/** The tables parents first (the load order), any the order leaves out after them as they came. */
export function inLoadOrder(tables: ModelTable[], order: string[]): ModelTable[] {
  const rank = (name: string) => {
    const i = order.indexOf(name);
    return i < 0 ? order.length : i;
  };
  return tables
    .map((t, i) => ({ t, i }))
    .sort((a, b) => rank(a.t.name) - rank(b.t.name) || a.i - b.i)
    .map(({ t }) => t);
}
