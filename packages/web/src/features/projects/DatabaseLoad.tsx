/**
 * "Load into database": the project's rows into a database the server's operator named
 * (ROWLOOM_LOAD_TARGETS), in the background, with a progress bar per table, the checks run
 * afterwards, and a cancel that rolls the load back. Without targets it says how to load from
 * one's own machine instead.
 */
import { useId, useState } from 'react';
import type { LoadStatus, LoadTarget } from '@rowloom/contract';
import { isRunning, useCancelLoad, useLoadTargets, useProjectLoads, useStartLoad } from './load-api';

const STATE_TEXT: Record<LoadStatus['state'], string> = {
  queued: 'Waiting for its turn',
  running: 'Loading',
  done: 'Loaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function LoadProgress({ load, onCancel }: { load: LoadStatus; onCancel(): void }) {
  return (
    <div className="load-progress" aria-live="polite">
      <p>
        <strong>{STATE_TEXT[load.state]}</strong> into <em>{load.target}</em> ({load.mode}), {load.percentComplete}%
        {isRunning(load) && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </p>
      <ul className="load-tables">
        {load.tables.map((t) => (
          <li key={t.table}>
            <label>
              <span>{t.table}</span>
              <progress value={t.rows} max={Math.max(1, t.count)} />
              <span>
                {t.rows.toLocaleString()} of {t.count.toLocaleString()}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {load.error && load.state !== 'cancelled' && (
        <p className="error" role="alert">
          {load.error}
        </p>
      )}
      {load.verify && (
        <p className={load.verify.ok ? 'hint' : 'error'}>
          Checks after loading ({load.verify.checks}): {load.verify.summary}
        </p>
      )}
    </div>
  );
}

function NoTargets({ project }: { project: string }) {
  return (
    <p className="hint">
      This server has no database to load into: its operator names them (ROWLOOM_LOAD_TARGETS). From your machine:{' '}
      <code>
        rowloom seed {`${location.origin}/api/projects/${encodeURIComponent(project)}/model?key=KEY`} --db URL
      </code>
    </p>
  );
}

function LoadForm({ targets, project, blocked }: { targets: LoadTarget[]; project: string; blocked: boolean }) {
  const [target, setTarget] = useState(targets[0].name);
  const [truncate, setTruncate] = useState(false);
  const [create, setCreate] = useState(false);
  const start = useStartLoad(project);
  const ids = { target: useId(), truncate: useId(), create: useId() };
  return (
    <form
      className="action-row"
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate({ target, mode: truncate ? 'truncate' : 'append', create });
      }}
    >
      <label htmlFor={ids.target}>Database</label>
      <select id={ids.target} value={target} onChange={(e) => setTarget(e.target.value)}>
        {targets.map((t) => (
          <option key={t.name} value={t.name}>
            {t.name} ({t.dialect})
          </option>
        ))}
      </select>
      <span className="check">
        <input id={ids.truncate} type="checkbox" checked={truncate} onChange={(e) => setTruncate(e.target.checked)} />
        <label htmlFor={ids.truncate}>Empty the tables first</label>
      </span>
      <span className="check">
        <input id={ids.create} type="checkbox" checked={create} onChange={(e) => setCreate(e.target.checked)} />
        <label htmlFor={ids.create}>Create missing tables</label>
      </span>
      <button
        type="submit"
        disabled={blocked || start.isPending}
        title={blocked ? "Fix the project's problems first" : undefined}
      >
        Load into database
      </button>
      {start.error && (
        <p className="error" role="alert">
          {start.error.message}
        </p>
      )}
    </form>
  );
}

export function DatabaseLoad({ project, blocked }: { project: string; blocked: boolean }) {
  const targets = useLoadTargets();
  const loads = useProjectLoads(project);
  const cancel = useCancelLoad(project);
  const latest = loads.data?.loads[0];
  if (!targets.data) return null;
  return (
    <section className="page database-load" aria-labelledby="load-title">
      <h2 id="load-title">Load into a database</h2>
      {targets.data.targets.length === 0 ? (
        <NoTargets project={project} />
      ) : (
        <LoadForm targets={targets.data.targets} project={project} blocked={blocked || isRunning(latest)} />
      )}
      {latest && <LoadProgress load={latest} onCancel={() => cancel.mutate(latest.id)} />}
    </section>
  );
}
