/**
 * The first rows of one table (GET .../tables/TABLE/rows). A reference's value is a button that
 * shows the parent row it points to.
 */
import { useEffect, useRef, useState } from 'react';
import type { ModelTable, TableReference } from '@rowloom/contract';
import { cellText } from './parent-lookup';
import { ParentRow, type Following } from './ParentRow';
import { useTableRows } from './project-api';
import { rowCount } from './reference-labels';

export const PREVIEW_ROWS = 20;

function Cell({
  value,
  field,
  reference,
  onFollow,
}: {
  value: unknown;
  field: string;
  reference: TableReference | undefined;
  onFollow(): void;
}) {
  const text = cellText(value);
  if (!reference || text === '') return <td>{text}</td>;
  return (
    <td>
      <button
        type="button"
        className="link ref-value"
        aria-label={`${text}: show the ${reference.table} row of ${field}`}
        onClick={onFollow}
      >
        {text}
      </button>
    </td>
  );
}

export function TablePreview({
  project,
  table,
  tables,
  onClose,
}: {
  project: string;
  table: ModelTable;
  tables: ModelTable[];
  onClose(): void;
}) {
  const rows = useTableRows(project, table.name, 0, PREVIEW_ROWS);
  const [following, setFollowing] = useState<Following | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setFollowing(null);
    heading.current?.focus();
  }, [table.name]);
  const byField = new Map(table.references.flatMap((r) => r.fields.map((f) => [f, r] as const)));
  const first = rows.data?.rows[0];
  const columns = first ? Object.keys(first) : table.columns.map((c) => c.name);
  return (
    <section className="page table-preview" aria-labelledby="table-preview-title">
      <div className="preview-head">
        <h2 id="table-preview-title" ref={heading} tabIndex={-1}>
          Preview: {table.name}
        </h2>
        <button type="button" onClick={onClose}>
          Close preview
        </button>
      </div>
      {rows.isPending && <p role="status">Loading…</p>}
      {rows.error && (
        <p className="error" role="alert">
          {rows.error.message}
        </p>
      )}
      {rows.data && (
        <>
          <p className="hint">
            The first {rows.data.rows.length} of {rowCount(rows.data.total)}. A reference&apos;s value is a button:
            press it to see the parent row.
          </p>
          <div className="table-scroll" tabIndex={0} role="group" aria-label={`Rows of ${table.name} (scrolls)`}>
            <table aria-label={`First rows of ${table.name}`}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.data.rows.map((row, r) => (
                  <tr key={r}>
                    {columns.map((column) => (
                      <Cell
                        key={column}
                        value={row[column]}
                        field={column}
                        reference={byField.get(column)}
                        onFollow={() => setFollowing({ reference: byField.get(column) as TableReference, row })}
                      />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {following && (
        <ParentRow
          project={project}
          following={following}
          parent={tables.find((t) => t.name === following.reference.table)}
          onClose={() => setFollowing(null)}
        />
      )}
    </section>
  );
}
