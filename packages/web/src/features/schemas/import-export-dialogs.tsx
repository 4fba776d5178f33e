/** "Restore from backup" (a schema export JSON file), "Export" and "Import fields from a CSV header". */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, apiJson, named } from '../../api/client';
import { useCatalogue } from '../catalogue/catalogue';
import { useBuilder } from './builder-context';
import { saveBlob } from './download';
import { exportName, fieldsFromCsvHeader, fromExport, headerLine, toExport, type SchemaExport } from './import-export';

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

export function CsvHeaderDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose(): void;
  onImported(message: string): void;
}) {
  const { schema, dispatch } = useBuilder();
  const catalogue = useCatalogue();
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [replace, setReplace] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
    if (open) setProblem(null);
  }, [open]);

  async function readFile(file: File) {
    // The header is the first record: the first 64 KB hold it for any sensible file.
    setText(headerLine(await file.slice(0, 64 * 1024).text()));
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const fields = fieldsFromCsvHeader(text, catalogue.data ?? []);
      dispatch({ kind: 'set-fields', fields: replace ? fields : [...schema.fields, ...fields] });
      onImported(`Imported ${fields.length} fields from the CSV header.`);
      setText('');
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
    }
  }
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="csv-header-title">
      <form onSubmit={submit} className="dialog-form">
        <h2 id="csv-header-title">Import fields from a CSV header</h2>
        <label className="stacked">
          CSV header line
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
            cols={50}
            placeholder="id,first_name,last_name,email"
          />
        </label>
        <label>
          Or read it from a CSV file
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => e.target.files?.[0] && void readFile(e.target.files[0])}
          />
        </label>
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
          <button type="submit" className="primary">
            Import fields
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
