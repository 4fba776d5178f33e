/** /scenarios: the user's scenarios on the left, the selected one (or a new one) in the editor. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { fromDocument, newScenario, type EditorState } from './editor-state';
import { ScenarioEditor } from './ScenarioEditor';
import { SCENARIOS_QUERY, loadScenario, useScenarios } from './scenarios-api';
import './scenarios.css';

let editorKey = 0;

export function ScenariosPage() {
  const scenarios = useScenarios();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ key: number; state: EditorState } | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  /** What to do once the user agrees to drop unsaved changes. */
  const [pending, setPending] = useState<{ what: string; go(): void } | null>(null);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  function leaveThen(what: string, go: () => void) {
    if (dirty) setPending({ what, go });
    else go();
  }

  function startNew() {
    setDirty(false);
    setEditing({ key: ++editorKey, state: newScenario() });
  }

  async function open(name: string) {
    setLoading(name);
    setError(null);
    try {
      const state = fromDocument(await loadScenario(name));
      setDirty(false);
      setEditing({ key: ++editorKey, state });
    } catch (caught) {
      setError(`Could not open “${name}”: ${(caught as Error).message}`);
    } finally {
      setLoading(null);
    }
  }

  const refresh = () => void client.invalidateQueries({ queryKey: SCENARIOS_QUERY });
  return (
    <div className="scenarios-page">
      <h1>Scenarios</h1>
      <p className="hint intro">
        A scenario is a named curve over the rows of a file: a <strong>Scenario</strong> field gives each row the
        curve’s value at that row (first row at the left, last row at the right), plus optional random noise. Rowloom’s
        own design: the established product never documented its Scenario type.
      </p>
      <div className="scenarios-layout">
        <nav className="page scenario-list" aria-labelledby="scenario-list-title">
          <h2 id="scenario-list-title">Your scenarios</h2>
          <button type="button" className="primary" onClick={() => leaveThen('start a new scenario', startNew)}>
            New scenario
          </button>
          {scenarios.isPending && <p role="status">Loading…</p>}
          {scenarios.error && (
            <p className="error" role="alert">
              Could not list scenarios: {scenarios.error.message}
            </p>
          )}
          {scenarios.data?.length === 0 && <p className="hint">None yet.</p>}
          <ul>
            {(scenarios.data ?? []).map((scenario) => (
              <li key={scenario.name}>
                <button
                  type="button"
                  className="link"
                  aria-current={editing?.state.savedName === scenario.name ? 'true' : undefined}
                  disabled={loading !== null}
                  onClick={() => leaveThen(`open “${scenario.name}”`, () => void open(scenario.name))}
                >
                  {scenario.name}
                </button>{' '}
                <span className="hint">({scenario.points} points)</span>
              </li>
            ))}
          </ul>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
        </nav>
        {editing ? (
          <ScenarioEditor
            key={editing.key}
            initial={editing.state}
            existingNames={(scenarios.data ?? []).map((s) => s.name)}
            onSaved={refresh}
            onDirtyChange={onDirtyChange}
            onDeleted={() => {
              setDirty(false);
              setEditing(null);
              refresh();
            }}
          />
        ) : (
          <p className="page hint">Choose a scenario to edit, or make a new one.</p>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title="Discard unsaved changes?"
        confirmLabel="Discard changes"
        danger
        onConfirm={() => {
          const go = pending?.go;
          setPending(null);
          go?.();
        }}
        onCancel={() => setPending(null)}
      >
        <p>The scenario in the editor has changes that are not saved. To {pending?.what}, they will be lost.</p>
      </ConfirmDialog>
    </div>
  );
}
