/** "Restore from backup" (a schema export JSON file), "Export" and "Import fields from a CSV header" (or sample). */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { InferResult } from '@rowloom/contract';
import { ApiError, apiJson, named } from '../../api/client';
import { useBuilder } from './builder-context';
import { saveBlob } from './download';
import {
  exportName,
  fieldsAfterImport,
  fromExport,
  MAX_SAMPLE_CHARS,
  proposedFields,
  sampleHead,
  toExport,
  type SchemaExport,
} from './import-export';
import type { BuilderField } from './schema-model';

/** A schema export is small; a file this big is not one. */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export function RestoreButton({
  onRestored,
  onError,
}: {
  onRestored(message: string): void;
  onError(message: string): void;
}) {
  const { dispatch } = useBuilder();
  const input = useRef<HTMLInputElement>(null);
  async function restore(file: File) {
    try {
      if (file.size > MAX_IMPORT_BYTES)
        throw new Error(
          `${file.name} is ${Math.round(file.size / 1024)} KB; a schema export is at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
        );
      let json: unknown;
      try {
        json = JSON.parse(await file.text());
      } catch (error) {
        throw new Error(`${file.name} is not JSON: ${(error as Error).message}`);
      }
      const { state, notes } = fromExport(json);
      // Not saved under its name yet (that could replace a schema of that name): shown and offered on Save.
      dispatch({ kind: 'load', state: { ...state, name: '', backupName: state.name || undefined }, dirty: true });
      onRestored([`Restored ${state.fields.length} fields from ${file.name}; save to keep them.`, ...notes].join(' '));
    } catch (error) {
      onError(`Could not restore ${file.name}: ${(error as Error).message}`);
    } finally {
      if (input.current) input.current.value = '';
    }
  }
  return (
    <label className="file-button">
      Restore from backup
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        onChange={(e) => e.target.files?.[0] && void restore(e.target.files[0])}
      />
    </label>
  );
}

/** The server's export when the schema is saved and unchanged (and the server has one), else built here in the same shape. */
export function ExportButton({ onError }: { onError(message: string): void }) {
  const { schema } = useBuilder();
  async function exportSchema() {
    let doc: SchemaExport | null = null;
    if (schema.name && !schema.dirty) {
      doc = await apiJson<SchemaExport>(`${named('/api/schemas', schema.name)}/export`).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null; // a server without export
        throw error;
      });
    }
    doc ??= toExport(schema);
    const base = (exportName(schema) || 'schema').replace(/[^\w.-]+/g, '_');
    saveBlob(new Blob([JSON.stringify(doc, null, 2) + '\n'], { type: 'application/json' }), `${base}.schema.json`);
  }
  return (
    <button type="button" onClick={() => void exportSchema().catch((error: Error) => onError(error.message))}>
      Export schema
    </button>
  );
}

/** What the fields were before an import and what it made them: an Undo puts `before` back while the fields are still `after`. */
export interface ImportUndo {
  before: BuilderField[];
  after: BuilderField[];
}

interface Proposal {
  result: InferResult;
  fields: BuilderField[];
}

/** Reads at most this much of a dropped or chosen file: the server looks at no more. */
const FILE_HEAD_BYTES = MAX_SAMPLE_CHARS;

/**
 * Import fields from a CSV header, or a sample with rows of data: the server infers each column's
 * type (POST /api/infer), the proposal is shown with the reason for each type, and only then are
 * the fields added after the current ones (or, when asked, put in their place), with an Undo.
 */
export function CsvHeaderDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose(): void;
  onImported(message: string, undo: ImportUndo): void;
}) {
  const { schema, dispatch } = useBuilder();
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [replace, setReplace] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
    if (open) {
      setProblem(null);
      setProposal(null);
      setReplace(false);
    }
  }, [open]);

  async function readFile(file: File) {
    setText(sampleHead(await file.slice(0, FILE_HEAD_BYTES).text()));
    setProposal(null);
  }
  async function propose(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const result = await apiJson<InferResult>('/api/infer', {
        method: 'POST',
        body: sampleHead(text),
        headers: { 'Content-Type': 'text/csv' },
      });
      setProposal({ result, fields: proposedFields(result) });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }
  function apply() {
    if (!proposal) return;
    try {
      const before = schema.fields;
      const after = fieldsAfterImport(before, proposal.fields, replace);
      dispatch({ kind: 'set-fields', fields: after });
      const count = proposal.fields.length;
      onImported(
        replace
          ? `Replaced the fields with ${count} imported from the CSV.`
          : `Added ${count} fields imported from the CSV after the current ones.`,
        { before, after },
      );
      setText('');
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
    }
  }
  const rowsNote = proposal
    ? proposal.result.rows_read === 0
      ? 'From the header alone: the types come from the column names.'
      : `From ${proposal.result.rows_read} rows of data${proposal.result.truncated ? ' (the first ones of the sample)' : ''} and the column names.`
    : '';
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="csv-header-title">
      {!proposal ? (
        <form
          onSubmit={(event) => void propose(event)}
          className="dialog-form"
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            const file = event.dataTransfer.files[0];
            if (!file) return;
            event.preventDefault();
            void readFile(file);
          }}
        >
          <h2 id="csv-header-title">Import fields from a CSV header</h2>
          <label className="stacked">
            CSV header line, or a sample with rows of data
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={6}
              cols={60}
              placeholder={'id,first_name,last_name,email\n1,Ann,Lee,ann@example.com'}
            />
          </label>
          <label>
            Or read it from a CSV file (or drop one here)
            <input
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(e) => e.target.files?.[0] && void readFile(e.target.files[0])}
            />
          </label>
          <p className="hint">With rows of data the types come from the values as well as the names.</p>
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          <div className="dialog-buttons">
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Reading the sample…' : 'Propose fields'}
            </button>
            <button type="button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
          className="dialog-form"
        >
          <h2 id="csv-header-title">Import fields from a CSV header</h2>
          <p>{rowsNote} Review the proposed fields; nothing changes until you import them.</p>
          <div className="csv-proposal">
            <table aria-label="Proposed fields">
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Type</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {proposal.result.reasons.map((reason, i) => (
                  <tr key={i}>
                    <td>{reason.field}</td>
                    <td>{reason.type}</td>
                    <td>{reason.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <label>
            <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />
            Replace the current fields (otherwise add them after)
          </label>
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          <div className="dialog-buttons">
            {/* The review replaces the form that had focus: focus moves to the choice to make. */}
            <button type="submit" className="primary" autoFocus>
              {replace ? `Replace with ${proposal.fields.length} fields` : `Add ${proposal.fields.length} fields`}
            </button>
            <button type="button" onClick={() => setProposal(null)}>
              Back
            </button>
            <button type="button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
