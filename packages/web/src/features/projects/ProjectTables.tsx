/** The project's tables: row count, columns (keys marked), references, and where to edit or preview each. */
import { Link } from 'react-router-dom';
import type { ModelTable } from '@rowloom/contract';
import { named } from '../../api/client';
import { referenceSentence, rowCount } from './reference-labels';

function TableCard({ table, onPreview }: { table: ModelTable; onPreview: (() => void) | null }) {
  const referencing = new Set(table.references.flatMap((r) => r.fields));
  return (
    <li className="model-table">
      <div className="model-table-head">
        <h3>{table.name}</h3>
        <span className="model-count">{rowCount(table.count)}</span>
      </div>
      <table className="model-columns" aria-label={`Columns of ${table.name}`}>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Type</th>
          </tr>
        </thead>
        <tbody>
          {table.columns.map((column) => (
            <tr key={column.name}>
              <td>
                {column.name}
                {column.key && <span className="badge key-badge">key</span>}
                {referencing.has(column.name) && <span className="badge ref-badge">ref</span>}
              </td>
              <td>{column.type}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {table.references.length > 0 && (
        <ul className="model-references" aria-label={`References of ${table.name}`}>
          {table.references.map((reference) => (
            <li key={reference.fields.join(',')}>{referenceSentence(reference)}</li>
          ))}
        </ul>
      )}
      <div className="model-table-actions">
        <Link to={named('/schemas', table.schema)} aria-label={`Edit in builder: ${table.name}`}>
          Edit in builder
        </Link>
        {onPreview && (
          <button type="button" onClick={onPreview} aria-label={`Preview rows of ${table.name}`}>
            Preview rows
          </button>
        )}
      </div>
    </li>
  );
}

/** `onPreview` null: the project cannot make rows yet (it has problems). */
export function ProjectTables({
  tables,
  onPreview,
}: {
  tables: ModelTable[];
  onPreview: ((table: string) => void) | null;
}) {
  return (
    <ul className="model-tables">
      {tables.map((table) => (
        <TableCard key={table.name} table={table} onPreview={onPreview && (() => onPreview(table.name))} />
      ))}
    </ul>
  );
}
