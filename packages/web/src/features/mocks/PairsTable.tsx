/**
 * Name/value rows: a response's headers, or the state machines it moves (kept as a list while
 * editing, so two rows may share a name until fixed).
 */
import { useState } from 'react';
import { FieldProblem, useInvalid } from './problems';

interface Props {
  pairs: Record<string, string> | undefined;
  onChange(pairs: Record<string, string> | undefined): void;
  path: string;
  /** What a row is, as the legend, labels and button say it: "Header", "State machine". */
  noun: string;
  legend: string;
  valueLabel?: string;
  namePlaceholder?: string;
  valuePlaceholder?: string;
}

type Row = [string, string];

function toRecord(rows: Row[]): Record<string, string> | undefined {
  const named = rows.filter(([name]) => name.trim() !== '');
  return named.length ? Object.fromEntries(named.map(([n, v]) => [n.trim(), v])) : undefined;
}

export function PairsTable({
  pairs,
  onChange,
  path,
  noun,
  legend,
  valueLabel = 'Value',
  namePlaceholder,
  valuePlaceholder,
}: Props) {
  const [rows, setRows] = useState<Row[]>(() => Object.entries(pairs ?? {}));
  const set = (next: Row[]) => {
    setRows(next);
    onChange(toRecord(next));
  };
  const invalid = useInvalid(path, true);
  return (
    <fieldset className="headers-table">
      <legend>{legend}</legend>
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">{valueLabel}</th>
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
                    aria-label={`${noun} ${i + 1} name`}
                    value={name}
                    placeholder={namePlaceholder}
                    onChange={(e) => set(rows.map((r, j) => (j === i ? [e.target.value, r[1]] : r)))}
                    {...invalid}
                  />
                </td>
                <td>
                  <input
                    aria-label={`${noun} ${i + 1} ${valueLabel.toLowerCase()}`}
                    value={value}
                    placeholder={valuePlaceholder}
                    onChange={(e) => set(rows.map((r, j) => (j === i ? [r[0], e.target.value] : r)))}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="link danger"
                    aria-label={`Remove ${noun.toLowerCase()} ${name || i + 1}`}
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
        Add {noun.toLowerCase()}
      </button>
      <FieldProblem path={path} deep />
    </fieldset>
  );
}
