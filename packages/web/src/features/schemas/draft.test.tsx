// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useReducer, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireSession, SessionProvider } from '../../api/session';
import { clearDraft, readDraft, useSchemaSource } from './draft';
import { fieldSpecs, initialSchema, newField, schemaReducer } from './schema-model';
import type { SavedSchema } from './SchemasPage-api';

const EMAIL = 'ann@example.com';
const KEY = `rowloom.draft.${EMAIL}`;

const SAVED: SavedSchema = {
  name: 'people',
  fields: [
    { name: 'id', type: 'Row Number' },
    { name: 'age', type: 'Number', min: 18, max: 90 },
  ],
  count: 50,
  format: 'json',
  options: { array: true },
  seed: null,
  project: null,
  updated_at: '2026-01-01T00:00:00Z',
};

const DRAFT = {
  name: '',
  fields: [
    { name: 'city', type: 'City', percentBlank: 20 },
    { name: 'n', type: 'Number', formula: 'this * 2', max: 5 },
  ],
  file: { count: 7, format: 'xml', options: { root_element: 'people' }, seed: '' },
  savedAt: '2026-02-03T04:05:06.000Z',
};

/** The server at the network boundary: the session and one saved schema; every request is recorded. */
function serve() {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    requests.push(`${init.method ?? 'GET'} ${url}`);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/session'))
      return json(200, { user: { email: EMAIL, plan: 'free', admin: false }, csrfToken: 'token' });
    if (url === '/api/schemas/people') return json(200, SAVED);
    return json(404, { error: `no schema named "${decodeURIComponent(url.split('/').pop() ?? '')}"` });
  });
  return requests;
}

/** The builder page's state, as BuilderPage holds it: the reducer and the schema's source. */
function useBuilderState(routeName: string | undefined) {
  const [schema, dispatch] = useReducer(schemaReducer, undefined, initialSchema);
  const source = useSchemaSource(routeName, schema, dispatch);
  return { schema, dispatch, source };
}

/** As the app mounts the builder: only once the session is known. */
function SignedIn({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <SessionProvider>
        <RequireSession>{children}</RequireSession>
      </SessionProvider>
    </MemoryRouter>
  );
}

async function renderBuilder(routeName?: string) {
  const rendered = renderHook(({ route }) => useBuilderState(route), {
    wrapper: SignedIn,
    initialProps: { route: routeName },
  });
  await waitFor(() => expect(rendered.result.current).not.toBeNull());
  return rendered;
}

const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as typeof DRAFT | null;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('readDraft and clearDraft', () => {
  it('read the draft kept for the user, and only theirs', () => {
    localStorage.setItem(KEY, JSON.stringify(DRAFT));
    expect(readDraft(EMAIL)).toEqual(DRAFT);
    expect(readDraft('bob@example.com')).toBeNull();
    clearDraft(EMAIL);
    expect(readDraft(EMAIL)).toBeNull();
  });

  it('take a draft that is no JSON or lacks fields or file settings as no draft', () => {
    for (const text of [
      '{not json',
      'null',
      '[]',
      JSON.stringify({ ...DRAFT, fields: 'x' }),
      JSON.stringify({ ...DRAFT, file: undefined }),
    ]) {
      localStorage.setItem(KEY, text);
      expect(readDraft(EMAIL), text).toBeNull();
    }
  });
});

describe('useSchemaSource', () => {
  it("restores the user's draft on the new-schema page, as unsaved changes with a notice of when it was kept", async () => {
    serve();
    localStorage.setItem(KEY, JSON.stringify(DRAFT));
    const { result } = await renderBuilder();
    await waitFor(() => expect(result.current.source.restoredDraftAt).toBe(DRAFT.savedAt));
    const { schema } = result.current;
    expect(schema.dirty).toBe(true);
    expect(fieldSpecs(schema.fields)).toEqual(DRAFT.fields);
    expect(schema.file).toMatchObject({ count: 7, format: 'xml', options: { root_element: 'people' } });
    expect(schema.file.seed, 'a draft without a seed gets a new one').toMatch(/^\d+$/);
  });

  it('keeps every unsaved change as the draft, and drops the draft once saved', async () => {
    serve();
    const { result } = await renderBuilder();
    await waitFor(() => expect(result.current.schema.fields).toHaveLength(4));
    expect(stored()).toBeNull();
    act(() =>
      result.current.dispatch({
        kind: 'set-fields',
        fields: [newField({ name: 'email', type: 'Email Address', percentBlank: 10 })],
      }),
    );
    act(() =>
      result.current.dispatch({
        kind: 'set-file',
        patch: { count: 25, format: 'csv', options: { include_header: false } },
      }),
    );
    await waitFor(() => expect(stored()?.file.count).toBe(25));
    expect(stored()).toMatchObject({
      name: '',
      fields: [{ name: 'email', type: 'Email Address', percentBlank: 10 }],
      file: { format: 'csv', options: { include_header: false } },
    });
    act(() => result.current.dispatch({ kind: 'saved', name: 'contacts' }));
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('keeps no draft for a new preview seed alone', async () => {
    serve();
    const { result } = await renderBuilder();
    await waitFor(() => expect(result.current.schema.fields).toHaveLength(4));
    act(() => result.current.dispatch({ kind: 'set-file', patch: { seed: '77' } }));
    await waitFor(() => expect(result.current.schema.file.seed).toBe('77'));
    expect(result.current.schema.dirty).toBe(false);
    expect(stored()).toBeNull();
  });

  it("opens the saved schema a route names, clean, and leaves another schema's draft alone", async () => {
    const requests = serve();
    localStorage.setItem(KEY, JSON.stringify({ ...DRAFT, name: 'orders' }));
    const { result } = await renderBuilder('people');
    await waitFor(() => expect(result.current.schema.name).toBe('people'));
    expect(requests).toContain('GET /api/schemas/people');
    expect(result.current.schema).toMatchObject({
      dirty: false,
      file: { count: 50, format: 'json', options: { array: true } },
    });
    expect(fieldSpecs(result.current.schema.fields)).toEqual(SAVED.fields);
    expect(result.current.source.restoredDraftAt).toBeNull();
    expect(stored()?.name, "the other schema's draft is kept").toBe('orders');
  });

  it('restores the draft of the schema the route names instead of loading it', async () => {
    const requests = serve();
    localStorage.setItem(KEY, JSON.stringify({ ...DRAFT, name: 'people' }));
    const { result } = await renderBuilder('people');
    await waitFor(() => expect(result.current.source.restoredDraftAt).toBe(DRAFT.savedAt));
    expect(result.current.schema).toMatchObject({ name: 'people', dirty: true, file: { format: 'xml' } });
    expect(requests).not.toContain('GET /api/schemas/people');
  });

  it('says why a saved schema could not be opened', async () => {
    serve();
    const { result } = await renderBuilder('nobody');
    await waitFor(() => expect(result.current.source.loadError).toBe('no schema named "nobody"'));
    expect(result.current.source.loading).toBe(false);
  });

  it('discards a restored draft of a saved schema by opening the saved one again', async () => {
    serve();
    localStorage.setItem(KEY, JSON.stringify({ ...DRAFT, name: 'people' }));
    const { result } = await renderBuilder('people');
    await waitFor(() => expect(result.current.source.restoredDraftAt).not.toBeNull());
    act(() => result.current.source.discardDraft());
    await waitFor(() => expect(result.current.schema.dirty).toBe(false));
    expect(result.current.schema.file.format).toBe('json');
    expect(result.current.source.restoredDraftAt).toBeNull();
    expect(stored()).toBeNull();
  });

  it('starts a new schema from a restored draft, dropping the draft', async () => {
    serve();
    localStorage.setItem(KEY, JSON.stringify(DRAFT));
    const { result } = await renderBuilder();
    await waitFor(() => expect(result.current.source.restoredDraftAt).not.toBeNull());
    act(() => result.current.source.startNew());
    await waitFor(() => expect(result.current.schema.dirty).toBe(false));
    expect(result.current.schema.fields.map((f) => f.name)).toEqual(['id', 'first_name', 'last_name', 'email']);
    expect(stored()).toBeNull();
  });
});
