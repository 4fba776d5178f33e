/**
 * One scenario: name, project, interpolation, noise, the curve (drawn and as a table), a preview
 * of what the server generates for N rows, save and delete.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useProjects } from '../datasets/datasets-api';
import { INTERPOLATIONS, type Interpolation } from './curve';
import { CurveChart } from './CurveChart';
import { addPoint, movePoint, removePoint, sameScenario, toDocument, type EditorState } from './editor-state';
import { PointsTable } from './PointsTable';
import { deleteScenario, previewScenario, saveScenario } from './scenarios-api';

interface Props {
  initial: EditorState;
  existingNames: string[];
  onSaved(name: string): void;
  onDeleted(): void;
  /** Told whether there are unsaved changes, so the page can ask before they are dropped. */
  onDirtyChange(dirty: boolean): void;
}

/** Each problem the server listed with its position ({path, message}), else its message. */
export function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [String(error)];
  const details = Array.isArray(error.body?.details) ? error.body.details : [];
  if (details.length === 0) return [error.message];
  return details.map((d) =>
    [d.path ?? d.field, d.message].filter((part) => part !== undefined && part !== '').join(': '),
  );
}

function widestGapMiddle(xs: number[]): number {
  let best = 0.5;
  let width = -1;
  const edges = [0, ...xs, 1];
  for (let i = 0; i < edges.length - 1; i++) {
    if (edges[i + 1] - edges[i] > width) {
      width = edges[i + 1] - edges[i];
      best = (edges[i] + edges[i + 1]) / 2;
    }
  }
  return Number(best.toFixed(4));
}

export function ScenarioEditor({ initial, existingNames, onSaved, onDeleted, onDirtyChange }: Props) {
  const [state, setState] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [selected, setSelected] = useState<number | null>(null);
  const [rows, setRows] = useState(100);
  const [preview, setPreview] = useState<number[] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const projects = useProjects();
  const ids = { name: useId(), project: useId(), interpolation: useId(), noise: useId(), rows: useId(), hint: useId() };
  const dirty = state.savedName === null || !sameScenario(state, saved);
  const name = state.name.trim();
  // A new scenario nobody touched yet is not worth a warning.
  const unsaved = dirty && !(state.savedName === null && sameScenario(state, initial));
  useEffect(() => onDirtyChange(unsaved), [unsaved, onDirtyChange]);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const overwrites = name !== state.savedName && existingNames.includes(name);

  const save = useMutation({
    mutationFn: () => saveScenario(toDocument(state)),
    onSuccess: () => {
      const now = { ...state, name, savedName: name };
      setState(now);
      setSaved(now);
      onSaved(name);
    },
  });
  const runPreview = useMutation({
    mutationFn: () => previewScenario(state.savedName ?? name, rows),
    onSuccess: setPreview,
  });
  const remove = useMutation({
    mutationFn: () => deleteScenario(state.savedName ?? ''),
    onSuccess: () => {
      setConfirmDelete(false);
      onDeleted();
    },
  });

  const update = (change: Partial<EditorState>) => setState((s) => ({ ...s, ...change }));
  const setPoints = (points: EditorState['points']) => {
    update({ points });
    setPreview(null);
  };

  return (
    <section className="page scenario-editor" aria-labelledby="editor-title">
      <h2 id="editor-title">{state.savedName ? `Scenario “${state.savedName}”` : 'New scenario'}</h2>
      <div className="scenario-settings">
        <label htmlFor={ids.name}>Name</label>
        <input id={ids.name} value={state.name} maxLength={200} onChange={(e) => update({ name: e.target.value })} />
        <label htmlFor={ids.interpolation}>Interpolation</label>
        <select
          id={ids.interpolation}
          value={state.interpolation}
          onChange={(e) => update({ interpolation: e.target.value as Interpolation })}
        >
          {INTERPOLATIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <label htmlFor={ids.noise}>Noise (standard deviation)</label>
        <input
          id={ids.noise}
          type="number"
          min={0}
          step="any"
          value={state.noise}
          onChange={(e) => update({ noise: Math.max(0, Number(e.target.value) || 0) })}
        />
        <label htmlFor={ids.project}>Project</label>
        <select id={ids.project} value={state.project} onChange={(e) => update({ project: e.target.value })}>
          <option value="">(none)</option>
          {(projects.data ?? []).map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {state.savedName && name !== state.savedName && name !== '' && (
        <p className="hint">Saving under a new name makes a copy; “{state.savedName}” stays as it is.</p>
      )}
      {overwrites && <p className="hint">A scenario named “{name}” exists: saving replaces it.</p>}
      <div className="scenario-body">
        <div className="chart-box">
          <CurveChart
            hintId={ids.hint}
            points={state.points}
            interpolation={state.interpolation}
            noise={state.noise}
            preview={preview}
            selected={selected}
            onSelect={setSelected}
            onAdd={(x, y) => {
              const added = addPoint(state.points, x, y);
              setPoints(added.points);
              setSelected(added.id);
            }}
            onMove={(id, x, y) => setPoints(movePoint(state.points, id, x, y))}
            onRemove={(id) => state.points.length > 2 && setPoints(removePoint(state.points, id))}
          />
          <p id={ids.hint} className="hint">
            Click the plot to add a point. Drag a point, or Tab to it and use the arrow keys (Shift: bigger steps);
            Delete removes it.
          </p>
        </div>
        <PointsTable
          points={state.points}
          selected={selected}
          onSelect={setSelected}
          onChange={(id, x, y) => setPoints(movePoint(state.points, id, x, y))}
          onRemove={(id) => setPoints(removePoint(state.points, id))}
          onAdd={() => {
            const x = widestGapMiddle(state.points.map((p) => p.x));
            const neighbour = state.points.reduce(
              (a, b) => (Math.abs(b.x - x) < Math.abs(a.x - x) ? b : a),
              state.points[0],
            );
            const added = addPoint(state.points, x, neighbour?.y ?? 0);
            setPoints(added.points);
            setSelected(added.id);
          }}
        />
      </div>
      <div className="scenario-preview">
        <label htmlFor={ids.rows}>Rows</label>
        <input
          id={ids.rows}
          type="number"
          min={2}
          max={5000}
          value={rows}
          onChange={(e) => setRows(Math.min(5000, Math.max(2, Math.round(Number(e.target.value)) || 2)))}
        />
        <button
          type="button"
          disabled={state.savedName === null || dirty || runPreview.isPending}
          onClick={() => runPreview.mutate()}
        >
          Preview generated values
        </button>
        {(state.savedName === null || dirty) && (
          <span className="hint">Save first: the preview asks the server for the saved curve.</span>
        )}
        {preview && (
          <span className="hint" role="status">
            Showing {preview.length} generated values (thin line); min {Math.min(...preview).toFixed(2)}, max{' '}
            {Math.max(...preview).toFixed(2)}.
          </span>
        )}
      </div>
      {runPreview.error && (
        <p className="error" role="alert">
          Preview failed: {problemsOf(runPreview.error).join('; ')}
        </p>
      )}
      {save.error && (
        <div className="error" role="alert">
          <p>Not saved:</p>
          <ul>
            {problemsOf(save.error).map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {save.isSuccess && !dirty && (
        <p className="ok" role="status">
          Saved. Use it in a schema with a Scenario field named after “{state.savedName}”.
        </p>
      )}
      <div className="scenario-actions">
        <button
          type="button"
          className="primary"
          disabled={name === '' || save.isPending || !dirty}
          onClick={() => save.mutate()}
        >
          {dirty ? 'Save scenario' : 'Saved'}
        </button>
        {state.savedName && (
          <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
            Delete scenario
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete the scenario “${state.savedName ?? ''}”?`}
        confirmLabel="Delete scenario"
        danger
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>Schemas whose Scenario fields name it will fail until a scenario with this name exists again.</p>
      </ConfirmDialog>
    </section>
  );
}
