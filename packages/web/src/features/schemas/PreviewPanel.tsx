/**
 * The live preview: the first rows as a table and as the chosen format's text, asked again as
 * the schema changes. The first change is asked at once, later ones at most every 250 ms (a
 * leading-edge debounce: typing does not flood the server, a single change is not delayed), and
 * a newer request aborts the one it replaces.
 */
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { useBuilder, type FieldProblem } from './builder-context';
import { CountInput } from './FileOptionsPanel-count';
import { BINARY_FORMATS, FORMAT_LABELS, optionsFor } from './FileOptionsPanel-formats';
import { fetchPreview, PreviewProblems, type PreviewAnswer } from './PreviewPanel-request';
import { fieldSpecs, randomSeed } from './schema-model';
import './PreviewPanel.css';

const DEBOUNCE_MS = 250;
/** The most rows the server previews without counting them against the plan (generate?preview=true). */
const MAX_PREVIEW_ROWS = 100;

type Tab = 'table' | 'text';

interface PreviewState {
  answer: PreviewAnswer | null;
  loading: boolean;
  error: string | null;
  problems: FieldProblem[];
  /** Counts the answers shown, so a watcher can tell when the preview changed. */
  version: number;
}

function usePreview(rows: number, tab: Tab): PreviewState {
  const { schema, setProblems } = useBuilder();
  const [state, setState] = useState<PreviewState>({
    answer: null,
    loading: true,
    error: null,
    problems: [],
    version: 0,
  });
  const lastStart = useRef(-Infinity);
  // What the preview depends on: not the name, the dirty flag or the download's row count, and the
  // format's options only when its text is shown.
  const { seed, format } = schema.file;
  const options = tab === 'text' ? optionsFor(schema.file) : null;
  const key = JSON.stringify([fieldSpecs(schema.fields), seed, tab === 'text' ? format : null, options]);
  // The request sends the schema as it is when the timer fires, not as it was when it was set.
  const currentSchema = useEffectEvent(() => schema);

  useEffect(() => {
    const abort = new AbortController();
    const wait = Math.max(0, lastStart.current + DEBOUNCE_MS - performance.now());
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      lastStart.current = performance.now();
      fetchPreview(currentSchema(), rows, tab === 'text', abort.signal).then(
        (answer) => {
          setProblems([]);
          setState((s) => ({ answer, loading: false, error: null, problems: [], version: s.version + 1 }));
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          const problems = error instanceof PreviewProblems ? error.problems : [];
          setProblems(problems);
          setState((s) => ({
            ...s,
            loading: false,
            error: (error as Error).message,
            problems,
            version: s.version + 1,
          }));
        },
      );
    }, wait);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, rows, tab, setProblems]);
  return state;
}

interface PreviewPanelProps {
  /** Whether the preview spans the page's width, below the fields (else it sits beside them on wide screens). */
  wide: boolean;
  onWideChange(wide: boolean): void;
}

export function PreviewPanel({ wide, onWideChange }: PreviewPanelProps) {
  const { schema, dispatch } = useBuilder();
  const [rows, setRows] = useState(10);
  const [chosenTab, setTab] = useState<Tab>('table');
  // A binary file (Excel) has no text to show: the table is its preview.
  const hasText = !BINARY_FORMATS.has(schema.file.format);
  const tab = hasText ? chosenTab : 'table';
  const preview = usePreview(rows, tab);
  const tabs: { id: Tab; label: string }[] = [
    { id: 'table', label: 'Table' },
    ...(hasText ? [{ id: 'text' as const, label: `${FORMAT_LABELS[schema.file.format]} text` }] : []),
  ];
  // Rows from before an error stay for reference, marked as out of date (not as the schema's rows now).
  const stale = preview.error !== null && preview.answer !== null;
  const onTabKey = (event: KeyboardEvent) => {
    if ((event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') || !hasText) return;
    const next = tab === 'table' ? 'text' : 'table';
    setTab(next);
    document.getElementById(`preview-tab-${next}`)?.focus();
  };
  return (
    <div className="preview" aria-busy={preview.loading}>
      <div className="preview-head">
        <h2>Preview</h2>
        <CountInput label="Preview rows" value={rows} min={1} max={MAX_PREVIEW_ROWS} onChange={setRows} />
        <span className="preview-seed">
          Seed <output aria-label="Preview seed">{schema.file.seed || preview.answer?.seed}</output>
        </span>
        <button type="button" onClick={() => dispatch({ kind: 'set-file', patch: { seed: randomSeed() } })}>
          New seed
        </button>
        <button type="button" className="preview-widen" aria-pressed={wide} onClick={() => onWideChange(!wide)}>
          Full width
        </button>
        {preview.loading && <span className="hint">updating…</span>}
      </div>
      <ProblemSummary error={preview.error} problems={preview.problems} />
      {stale && (
        <p id="preview-stale-note" className="preview-stale-note">
          Out of date: the rows below are the last ones made before this problem, not what the schema gives now.
        </p>
      )}
      {!preview.error && preview.answer?.warning && (
        <p className="preview-warning" role="status">
          <strong>Warning:</strong> {preview.answer.warning}
        </p>
      )}
      <div role="tablist" aria-label="Preview as" className="preview-tabs">
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`preview-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={tab === t.id ? `preview-panel-${t.id}` : undefined}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id={`preview-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`preview-tab-${tab}`}
        className={stale ? 'preview-body stale' : 'preview-body'}
        aria-describedby={stale ? 'preview-stale-note' : undefined}
        data-stale={stale || undefined}
        data-version={preview.version}
        data-seed={preview.answer?.seed ?? ''}
      >
        {preview.answer &&
          (tab === 'table' ? (
            <PreviewTableView answer={preview.answer} stale={stale} />
          ) : (
            <pre
              className="preview-text"
              aria-label={stale ? 'Preview text (out of date)' : 'Preview text'}
              tabIndex={0}
            >
              {preview.answer.text ?? ''}
            </pre>
          ))}
      </div>
    </div>
  );
}

function ProblemSummary({ error, problems }: { error: string | null; problems: FieldProblem[] }) {
  if (!error) return null;
  if (problems.length === 0)
    return (
      <p className="error" role="alert">
        {error}
      </p>
    );
  return (
    <div className="error preview-problems" role="alert">
      <p>
        The preview needs {problems.length === 1 ? 'one fix' : `${problems.length} fixes`}; each is also shown beside
        its field:
      </p>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <strong>{p.field ?? 'Schema'}</strong>
            {p.param ? ` (${p.param})` : ''}: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PreviewTableView({ answer, stale }: { answer: PreviewAnswer; stale: boolean }) {
  const { columns, rows } = answer.table;
  return (
    <div className="preview-table-wrap" tabIndex={0} role="region" aria-label="Scrollable preview">
      <table className="preview-table" aria-label={stale ? 'Preview table (out of date)' : 'Preview table'}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>{row[c] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
