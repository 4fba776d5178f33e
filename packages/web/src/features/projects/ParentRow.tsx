/** The parent row a preview's reference leads to: fetched at its index, or looked for (parent-lookup.ts). */
import { useEffect, useRef } from 'react';
import type { ModelTable, TableReference } from '@rowloom/contract';
import { cellText, matchesKey, parentLookup } from './parent-lookup';
import { useTableRows } from './project-api';

export interface Following {
  reference: TableReference;
  row: Record<string, unknown>;
}

function RowTable({ table, row }: { table: string; row: Record<string, unknown> }) {
  return (
    <table className="parent-row" aria-label={`Parent row in ${table}`}>
      <tbody>
        {Object.entries(row).map(([column, value]) => (
          <tr key={column}>
            <th scope="row">{column}</th>
            <td>{cellText(value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function keyText(match: Record<string, unknown>): string {
  return Object.entries(match)
    .map(([column, value]) => `${column} = ${cellText(value)}`)
    .join(', ');
}

export function ParentRow({
  project,
  following,
  parent,
  onClose,
}: {
  project: string;
  following: Following;
  parent: ModelTable | undefined;
  onClose(): void;
}) {
  const lookup = parentLookup(following.reference, following.row, parent);
  const table = lookup.kind === 'none' ? null : lookup.table;
  const offset = lookup.kind === 'row' ? lookup.offset : 0;
  const limit = lookup.kind === 'search' ? lookup.limit : 1;
  const rows = useTableRows(project, table, offset, limit);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [following]);
  const found = lookup.kind === 'none' ? [] : (rows.data?.rows ?? []).filter((r) => matchesKey(r, lookup.match));
  return (
    <section className="parent-panel" aria-labelledby="parent-title">
      <div className="preview-head">
        <h3 id="parent-title" ref={heading} tabIndex={-1}>
          Parent in {following.reference.table}
        </h3>
        <button type="button" onClick={onClose}>
          Close parent
        </button>
      </div>
      {lookup.kind === 'none' && <p className="hint">{lookup.reason}</p>}
      {lookup.kind === 'row' && (
        <p className="hint">
          Row {(lookup.offset + 1).toLocaleString('en')} of {lookup.table}, where {keyText(lookup.match)} (a Row Number
          key is the row&apos;s number).
        </p>
      )}
      {lookup.kind === 'search' && (
        <p className="hint">
          Looked for {keyText(lookup.match)} in the first {lookup.limit} rows of {lookup.table} (its key is not a row
          number, so the row is searched for here rather than fetched by its position).
        </p>
      )}
      {rows.isFetching && <p role="status">Loading…</p>}
      {rows.error && (
        <p className="error" role="alert">
          {rows.error.message}
        </p>
      )}
      {rows.data && lookup.kind !== 'none' && found.length === 0 && <p className="hint">No such row among them.</p>}
      {found.slice(0, 1).map((row, i) => (
        <RowTable key={i} table={following.reference.table} row={row} />
      ))}
    </section>
  );
}
