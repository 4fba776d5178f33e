/**
 * The formula editor: a modal dialog around CodeMirror (loaded on first use, so the editor
 * does not weigh on the page's first load), with completion of `this`, the field names and
 * the formula functions, and the server's verdict on the formula as the user types: each
 * problem as a diagnostic at its line and column, and as text below. Apply or Cancel.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { FieldProblem } from './builder-context';
import { useFormulaCheck, useFormulaVocabulary, type FormulaCheck } from './formula-editor-check';
import './formula-editor.css';

const CodeEditor = lazy(() => import('./formula-editor-codemirror'));

interface FormulaDialogProps {
  fieldName: string;
  fieldIndex: number;
  /** 'formula' (the field's formula) or the Formula type's parameter. */
  target: string;
  initial: string;
  fieldNames: string[];
  specsWith(text: string): Record<string, unknown>[];
  /** With the server's problems for the schema holding this text, when the check has run on it. */
  onApply(text: string, problems: FieldProblem[] | null): void;
  onClose(): void;
}

function CheckMessage({ check, id }: { check: FormulaCheck; id: string }) {
  const where = (d: { line: number | null; column: number | null }) =>
    d.line !== null ? `Line ${d.line}, column ${d.column}: ` : '';
  return (
    <div id={id} className={`formula-check ${check.state}`} role="status" data-elapsed-ms={check.elapsedMs?.toFixed(0)}>
      {check.state === 'idle' && (
        <span className="hint">
          Write a formula; this is the value being generated, the other fields are there by name.
        </span>
      )}
      {check.state === 'checking' && <span className="hint">Checking…</span>}
      {check.state === 'ok' && (
        <span className="ok">
          No problems in the formula.{check.others ? ` (${check.others} elsewhere in the schema.)` : ''}
        </span>
      )}
      {check.state === 'failed' && <span className="error">Could not check: {check.failure}</span>}
      {check.state === 'problems' && (
        <ul>
          {check.diagnostics.map((d, i) => (
            <li key={i} className="error">
              {where(d)}
              {d.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function FormulaDialog(props: FormulaDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState(props.initial);
  const label = props.fieldName.trim() || `#${props.fieldIndex + 1}`;
  const check = useFormulaCheck(text, props.specsWith, label, props.target);
  const { data: vocabulary } = useFormulaVocabulary();
  const ids = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const title =
    props.target === 'formula'
      ? `Formula for ${props.fieldName || `field ${props.fieldIndex + 1}`}`
      : `${props.target} of ${props.fieldName || `field ${props.fieldIndex + 1}`}`;
  return (
    <dialog
      ref={dialog}
      className="formula-dialog"
      aria-labelledby={`${ids}-title`}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
    >
      <h2 id={`${ids}-title`}>{title}</h2>
      <Suspense fallback={<p className="hint">Loading the editor…</p>}>
        <CodeEditor
          value={text}
          onChange={setText}
          diagnostics={check.state === 'problems' ? check.diagnostics : []}
          fieldNames={props.fieldNames}
          vocabulary={vocabulary}
          label="Formula"
          describedBy={`${ids}-check`}
        />
      </Suspense>
      <CheckMessage check={check} id={`${ids}-check`} />
      <p className="hint">
        Ctrl+Space completes <code>this</code>, field names and functions. Every operator, function and method is in the{' '}
        <a href="/reference#formulas" target="_blank" rel="noopener">
          formula reference
        </a>{' '}
        (opens in a new tab).
      </p>
      <div className="formula-actions">
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => props.onApply(text, check.checked?.text === text ? check.checked.details : null)}
        >
          Apply
        </button>
      </div>
    </dialog>
  );
}
