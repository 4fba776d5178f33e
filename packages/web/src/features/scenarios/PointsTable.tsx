/** The points as numbers: type x (0..1) and y, remove a point, add one in the widest gap. */
import { useEffect, useState } from 'react';
import type { EditorPoint } from './editor-state';

/** A number box that commits on blur or Enter, so typing "0." does not jump the row around. */
function NumberField(props: {
  label: string;
  value: number;
  min?: number;
  max?: number;
  onCommit(value: number): void;
}) {
  const [text, setText] = useState(String(props.value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(String(props.value));
    setInvalid(false);
  }, [props.value]);
  function commit() {
    const value = Number(text);
    const ok =
      text.trim() !== '' &&
      Number.isFinite(value) &&
      (props.min === undefined || value >= props.min) &&
      (props.max === undefined || value <= props.max);
    setInvalid(!ok);
    if (ok && value !== props.value) props.onCommit(value);
  }
  return (
    <input
      type="number"
      inputMode="decimal"
      step="any"
      aria-label={props.label}
      aria-invalid={invalid || undefined}
      min={props.min}
      max={props.max}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

interface Props {
  points: EditorPoint[];
  selected: number | null;
  onSelect(id: number): void;
  onChange(id: number, x: number, y: number): void;
  onRemove(id: number): void;
  onAdd(): void;
}

export function PointsTable({ points, selected, onSelect, onChange, onRemove, onAdd }: Props) {
  return (
    <div className="points-table">
      <table>
        <caption>Points (x: 0 = first row, 1 = last row)</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">x</th>
            <th scope="col">y</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr
              key={point.id}
              aria-current={selected === point.id ? 'true' : undefined}
              onFocus={() => onSelect(point.id)}
            >
              <th scope="row">{index + 1}</th>
              <td>
                <NumberField
                  label={`x of point ${index + 1}`}
                  value={point.x}
                  min={0}
                  max={1}
                  onCommit={(x) => onChange(point.id, x, point.y)}
                />
              </td>
              <td>
                <NumberField
                  label={`y of point ${index + 1}`}
                  value={point.y}
                  onCommit={(y) => onChange(point.id, point.x, y)}
                />
              </td>
              <td>
                <button
                  type="button"
                  aria-label={`Remove point ${index + 1}`}
                  disabled={points.length <= 2}
                  onClick={() => onRemove(point.id)}
                >
                  ✕
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onAdd} disabled={points.length >= 1000}>
        Add point
      </button>
    </div>
  );
}
