/**
 * "Import SQL DDL": CREATE TABLE statements (typed, pasted or read from a file) become the
 * project's tables. A project that already has tables is asked first, since the import replaces
 * them; the import's warnings stay on screen until the dialog is closed.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { DDL_DIALECTS, useDdlImport, type ImportInput } from './project-api';
import '../../components/confirm-dialog.css';

type Dialect = ImportInput['dialect'];

function useModal(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);
  return dialog;
}

function ImportResult({ tables, warnings, onClose }: { tables: number; warnings: string[]; onClose(): void }) {
  // The Import button that had the focus is gone: give it to Close, so Enter or Space ends here.
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div role="status">
      <p>
        Imported {tables} table{tables === 1 ? '' : 's'}.
      </p>
      {warnings.length > 0 && (
        <>
          <h3>Import warnings</h3>
          <ul className="import-warnings">
            {warnings.map((warning, i) => (
              <li key={i}>{warning}</li>
            ))}
          </ul>
        </>
      )}
      <div className="confirm-actions">
        <button type="button" ref={close} className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

export function ImportDdlDialog({ project, existingTables }: { project: string; existingTables: number }) {
  const [open, setOpen] = useState(false);
  const [ddl, setDdl] = useState('');
  const [dialect, setDialect] = useState<Dialect>('postgres');
  const [confirming, setConfirming] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const dialog = useModal(open);
  const opener = useRef<HTMLButtonElement>(null);
  const importDdl = useDdlImport(project);
  const ids = { title: useId(), text: useId(), file: useId(), dialect: useId() };

  function close() {
    setOpen(false);
    setConfirming(false);
    importDdl.reset();
    opener.current?.focus();
  }
  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      setDdl(await file.text());
      // rowloom import writes a project file: read as one.
      if (/\.json$/i.test(file.name)) setDialect('project');
      setFileError(null);
    } catch {
      setFileError(`Could not read ${file.name}.`);
    }
  }
  function submit() {
    if (existingTables > 0 && !confirming) return setConfirming(true);
    setConfirming(false);
    importDdl.mutate({ ddl, dialect });
  }

  const done = importDdl.data;
  return (
    <>
      <button type="button" ref={opener} onClick={() => setOpen(true)}>
        Import SQL DDL
      </button>
      <dialog
        ref={dialog}
        className="import-dialog"
        aria-labelledby={ids.title}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        <h2 id={ids.title}>Import SQL DDL into {project}</h2>
        {done ? (
          <ImportResult tables={done.document.tables.length} warnings={done.import_warnings ?? []} onClose={close} />
        ) : (
          <>
            <p className="hint">
              CREATE TABLE statements (pg_dump or mysqldump output works), or a project file from{' '}
              <code>rowloom import</code> (which also reads a live database): each table becomes a saved schema of this
              project, its foreign keys become references.
            </p>
            <label htmlFor={ids.text}>SQL DDL</label>
            <textarea
              id={ids.text}
              rows={12}
              spellCheck={false}
              value={ddl}
              onChange={(e) => {
                setDdl(e.target.value);
                setConfirming(false);
              }}
            />
            <div className="action-row">
              <label htmlFor={ids.file}>Or read a file</label>
              <input
                id={ids.file}
                type="file"
                accept=".sql,.ddl,.txt,.json,text/plain,application/json"
                onChange={(e) => void readFile(e)}
              />
              <label htmlFor={ids.dialect}>Dialect</label>
              <select id={ids.dialect} value={dialect} onChange={(e) => setDialect(e.target.value as Dialect)}>
                {DDL_DIALECTS.map((d) => (
                  <option key={d} value={d}>
                    {d === 'postgres' ? 'PostgreSQL' : 'MySQL / MariaDB'}
                  </option>
                ))}
                <option value="project">Project file (JSON)</option>
              </select>
            </div>
            {fileError && (
              <p className="error" role="alert">
                {fileError}
              </p>
            )}
            {confirming && (
              <p className="warning" role="alert">
                The import replaces this project&apos;s {existingTables} table{existingTables === 1 ? '' : 's'} (their
                saved schemas) with the imported ones.
              </p>
            )}
            {importDdl.error && (
              <p className="error" role="alert">
                {importDdl.error.message}
              </p>
            )}
            <div className="confirm-actions">
              <button type="button" onClick={close}>
                Cancel
              </button>
              <button
                type="button"
                className={confirming ? 'danger-solid' : 'primary'}
                disabled={ddl.trim() === '' || importDdl.isPending}
                onClick={submit}
              >
                {confirming ? `Replace ${existingTables} table${existingTables === 1 ? '' : 's'}` : 'Import'}
              </button>
            </div>
          </>
        )}
      </dialog>
    </>
  );
}
