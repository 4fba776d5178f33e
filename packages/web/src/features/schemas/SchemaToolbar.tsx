/**
 * The builder's header: the schema's name and state, Save / Save as, open, new, export, restore
 * from backup, import fields from a CSV header, and the restored-draft notice.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useBuilder, type FieldProblem } from './builder-context';
import type { SchemaSource } from './draft';
import { CsvHeaderDialog, ExportButton, RestoreButton, type ImportUndo } from './import-export-dialogs';
import { listSchemas, putSchema, saveBody, schemasKey } from './SchemasPage-api';
import { ConfirmDialog, NameDialog } from './SchemaToolbar-dialogs';
import './SchemaToolbar.css';

/** The last message; after a CSV import, what its Undo puts back. */
type Status = { text: string; error?: boolean; undo?: ImportUndo } | null;

export function SchemaToolbar({ source }: { source: SchemaSource }) {
  const { schema, dispatch, setProblems } = useBuilder();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>(null);
  const [saveAs, setSaveAs] = useState<{ initial: string; problem: string | null } | null>(null);
  const [csvOpen, setCsvOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save(name: string, confirmOverwrite: boolean): Promise<boolean> {
    setSaving(true);
    try {
      if (confirmOverwrite && (await listSchemas()).some((s) => s.name === name)) {
        setSaveAs({
          initial: name,
          problem: `A schema named "${name}" exists already; choose another name (or open it and save there).`,
        });
        return false;
      }
      await putSchema(name, saveBody(schema));
      dispatch({ kind: 'saved', name });
      setStatus({ text: `Saved "${name}".` });
      void queryClient.invalidateQueries({ queryKey: schemasKey });
      navigate(`/schemas/${encodeURIComponent(name)}`, { replace: true });
      return true;
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.body?.details))
        setProblems(error.body.details as FieldProblem[]);
      setStatus({ text: `Not saved: ${(error as Error).message}`, error: true });
      return true; // the dialog closes; the message says why
    } finally {
      setSaving(false);
    }
  }

  const startSaveAs = (initial: string) => setSaveAs({ initial, problem: null });
  const onSave = () => {
    if (saving || (schema.name && !schema.dirty)) return; // nothing to save
    if (schema.name) void save(schema.name, false);
    else startSaveAs(schema.backupName ?? '');
  };
  const [confirmNew, setConfirmNew] = useState(false);
  const startNew = () => {
    setConfirmNew(false);
    source.startNew();
    setStatus(null);
    navigate('/');
  };
  // Ctrl+S / Cmd+S saves, as in an editor, instead of the browser's "save page".
  const saveShortcut = useEffectEvent(onSave);
  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        saveShortcut();
      }
    };
    document.addEventListener('keydown', keydown);
    return () => document.removeEventListener('keydown', keydown);
  }, []);
  const onNew = () => (schema.dirty ? setConfirmNew(true) : startNew());

  return (
    <div className="schema-toolbar">
      <div className="schema-title">
        <h1>{schema.name || schema.backupName || 'New schema'}</h1>
        <span className={schema.dirty ? 'badge unsaved' : 'badge'}>
          {schema.dirty ? 'Unsaved changes' : schema.name ? 'Saved' : 'Not saved yet'}
        </span>
      </div>
      <div className="schema-actions" role="toolbar" aria-label="Schema actions">
        <button
          type="button"
          className="primary"
          onClick={onSave}
          disabled={saving || (!schema.dirty && !!schema.name)}
          aria-keyshortcuts="Control+S"
        >
          Save
        </button>
        <button
          type="button"
          onClick={() => startSaveAs(schema.name ? `${schema.name} copy` : (schema.backupName ?? ''))}
          disabled={saving}
        >
          Save as…
        </button>
        <Link to="/schemas">Open…</Link>
        <button type="button" onClick={onNew}>
          New schema
        </button>
        <ExportButton onError={(text) => setStatus({ text, error: true })} />
        <RestoreButton
          onRestored={(text) => setStatus({ text })}
          onError={(text) => setStatus({ text, error: true })}
        />
        <button type="button" onClick={() => setCsvOpen(true)}>
          Import fields from CSV header…
        </button>
      </div>
      {source.restoredDraftAt && (
        <div className="draft-notice" role="status">
          Restored unsaved changes kept in this browser ({new Date(source.restoredDraftAt).toLocaleString()}).
          <button type="button" onClick={source.discardDraft}>
            Discard draft
          </button>
        </div>
      )}
      {source.loading && <p role="status">Opening the schema…</p>}
      {source.loadError && (
        <p className="error" role="alert">
          {source.loadError}
        </p>
      )}
      <p role="status" className={status?.error ? 'error' : 'hint'}>
        {status?.text}
        {/* Only while the fields are still what the import made them: later edits are not undone. */}
        {status?.undo && schema.fields === status.undo.after && (
          <button
            type="button"
            className="undo-import"
            onClick={() => {
              dispatch({ kind: 'set-fields', fields: status.undo!.before });
              setStatus({ text: 'Import undone: the fields are as they were.' });
            }}
          >
            Undo
          </button>
        )}
      </p>
      <NameDialog
        open={saveAs !== null}
        title="Save as"
        label="Schema name"
        initial={saveAs?.initial ?? ''}
        problem={saveAs?.problem}
        confirm="Save"
        onSubmit={(name) => void save(name, true).then((done) => done && setSaveAs(null))}
        onClose={() => setSaveAs(null)}
      />
      <ConfirmDialog
        open={confirmNew}
        title="Start a new schema?"
        confirm="Discard changes"
        danger
        onConfirm={startNew}
        onClose={() => setConfirmNew(false)}
      >
        <p>This schema has unsaved changes; a new schema discards them.</p>
      </ConfirmDialog>
      <CsvHeaderDialog
        open={csvOpen}
        onClose={() => setCsvOpen(false)}
        onImported={(text, undo) => setStatus({ text, undo })}
      />
    </div>
  );
}
