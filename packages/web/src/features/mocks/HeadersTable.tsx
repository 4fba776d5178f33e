/** Response headers as name/value rows (kept as a list while editing, so two rows may share a name until fixed). */
import { useState } from 'react';
import { FieldProblem, useInvalid } from './problems';

interface Props {
  headers: Record<string, string> | undefined;
  onChange(headers: Record<string, string> | undefined): void;
  path: string;
}

type Row = [string, string];

function toRecord(rows: Row[]): Record<string, string> | undefined {
  const named = rows.filter(([name]) => name.trim() !== '');
  return named.length ? Object.fromEntries(named.map(([n, v]) => [n.trim(), v])) : undefined;
}

export function HeadersTable({ headers, onChange, path }: Props) {
  const [rows, setRows] = useState<Row[]>(() => Object.entries(headers ?? {}));
  const set = (next: Row[]) => {
    setRows(next);
    onChange(toRecord(next));
  };
  const invalid = useInvalid(path, true);
  return (
    <fieldset className="headers-table">
      <legend>Headers</legend>
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, value], i) => (
              <tr key={i}>
                <td>
                  <input
                    aria-label={`Header ${i + 1} name`}
                    value={name}
                    placeholder="X-Header"
                    onChange={(e) => set(rows.map((r, j) => (j === i ? [e.target.value, r[1]] : r)))}
                    {...invalid}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Header ${i + 1} value`}
                    value={value}
                    onChange={(e) => set(rows.map((r, j) => (j === i ? [r[0], e.target.value] : r)))}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="link danger"
                    aria-label={`Remove header ${name || i + 1}`}
                    onClick={() => set(rows.filter((_, j) => j !== i))}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" onClick={() => setRows([...rows, ['', '']])}>
        Add header
      </button>
      <FieldProblem path={path} deep />
    </fieldset>
  );
}
