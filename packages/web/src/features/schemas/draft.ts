/**
 * Where the builder's schema comes from, and how unsaved changes survive: `/schemas/:name` loads
 * the saved schema; a draft of unsaved changes is kept in localStorage (one per user) and restored
 * on return, with a notice; leaving the page or following a link while unsaved asks first.
 */
import { useCallback, useEffect, useEffectEvent, useState, type Dispatch } from 'react';
import { useSession } from '../../api/session';
import { useLeaveWarning } from '../../components/use-leave-warning';
import { getSchema, stateOf } from './SchemasPage-api';
import {
  fieldSpecs,
  fieldsFromSpecs,
  initialSchema,
  randomSeed,
  type FileSettings,
  type SchemaAction,
  type SchemaState,
} from './schema-model';

interface StoredDraft {
  name: string;
  /** A restored backup's name, not yet saved under. */
  backupName?: string;
  fields: Record<string, unknown>[];
  file: FileSettings;
  savedAt: string;
}

const draftKey = (email: string) => `rowloom.draft.${email}`;

export function readDraft(email: string): StoredDraft | null {
  try {
    const text = localStorage.getItem(draftKey(email));
    const draft = text ? (JSON.parse(text) as StoredDraft) : null;
    return draft && Array.isArray(draft.fields) && draft.file ? draft : null;
  } catch {
    return null; // a draft that cannot be read is no draft
  }
}

function writeDraft(email: string, schema: SchemaState): void {
  const draft: StoredDraft = {
    name: schema.name,
    ...(schema.backupName ? { backupName: schema.backupName } : {}),
    fields: fieldSpecs(schema.fields),
    file: schema.file,
    savedAt: new Date().toISOString(),
  };
  try {
    localStorage.setItem(draftKey(email), JSON.stringify(draft));
  } catch {
    // storage full or disabled: the leave warnings still protect the changes
  }
}

export function clearDraft(email: string): void {
  localStorage.removeItem(draftKey(email));
}

function draftState(draft: StoredDraft): Omit<SchemaState, 'dirty'> {
  return {
    name: draft.name,
    ...(typeof draft.backupName === 'string' && draft.backupName ? { backupName: draft.backupName } : {}),
    fields: fieldsFromSpecs(draft.fields),
    file: { ...draft.file, seed: draft.file.seed || randomSeed() },
  };
}

export interface SchemaSource {
  /** Set when a draft was restored: when it was kept. */
  restoredDraftAt: string | null;
  loading: boolean;
  loadError: string | null;
  /** Drops the draft and goes back to the saved schema (or a new one). */
  discardDraft(): void;
  /** Drops the draft and starts a new schema. */
  startNew(): void;
}

/** Loads by route, restores and keeps the draft, and warns before unsaved changes are left. */
export function useSchemaSource(
  routeName: string | undefined,
  schema: SchemaState,
  dispatch: Dispatch<SchemaAction>,
): SchemaSource {
  const email = useSession().user?.email ?? '';
  const [restoredDraftAt, setRestoredDraftAt] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const loadSaved = useCallback(
    (name: string, signal?: AbortSignal) => {
      setLoading(true);
      setLoadError(null);
      getSchema(name, signal).then(
        (saved) => {
          dispatch({ kind: 'load', state: stateOf(saved) });
          setLoading(false);
        },
        (error: Error) => {
          if (signal?.aborted) return;
          setLoadError(error.message);
          setLoading(false);
        },
      );
    },
    [dispatch],
  );

  // Only the route decides when to load; the schema's own name is read (not followed) to skip a
  // needless reload.
  const currentName = useEffectEvent(() => schema.name);
  // On arrival (or a new route name): the draft when it belongs here, else the saved schema.
  useEffect(() => {
    if (routeName !== undefined && routeName === currentName()) return; // just saved under this name
    const draft = readDraft(email);
    if (draft && (routeName === undefined || draft.name === routeName)) {
      dispatch({ kind: 'load', state: draftState(draft), dirty: true });
      setRestoredDraftAt(draft.savedAt);
      return;
    }
    setRestoredDraftAt(null);
    if (routeName === undefined) {
      if (currentName() !== '') dispatch({ kind: 'load', state: initialSchema() }); // from a saved schema to a new one
      return;
    }
    const abort = new AbortController();
    loadSaved(routeName, abort.signal);
    return () => abort.abort();
  }, [routeName, email, dispatch, loadSaved]);

  // Keep the draft while there are unsaved changes; drop it when they are saved or left for a
  // clean schema (a change of dirty from true to false, never on arrival, so a draft is not lost
  // before it is restored).
  const [wasDirty, setWasDirty] = useState(false);
  useEffect(() => {
    if (!email) return;
    if (schema.dirty) writeDraft(email, schema);
    else if (wasDirty) clearDraft(email);
    if (wasDirty !== schema.dirty) setWasDirty(schema.dirty);
  }, [email, schema, wasDirty]);

  useLeaveWarning(schema.dirty, LEAVE_MESSAGE);

  const discardDraft = useCallback(() => {
    clearDraft(email);
    setRestoredDraftAt(null);
    if (schema.name) loadSaved(schema.name);
    else dispatch({ kind: 'load', state: initialSchema() });
  }, [email, schema.name, loadSaved, dispatch]);

  const startNew = useCallback(() => {
    clearDraft(email);
    setRestoredDraftAt(null);
    dispatch({ kind: 'load', state: initialSchema() });
  }, [email, dispatch]);

  return { restoredDraftAt, loading, loadError, discardDraft, startNew };
}

export const LEAVE_MESSAGE =
  'This schema has unsaved changes. Leave anyway? (A draft stays in this browser and comes back on the Schema page.)';
