/**
 * An OpenAPI 3.x document (a file or pasted JSON/YAML) becomes a mock API: POST
 * /api/mocks/import?name=... The server lists what it could not carry over as warnings, shown
 * here with a link to the new API.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { MOCKS_QUERY, importOpenApi } from './mocks-api';

/** The file's base name without extension, as a mock API name. */
function nameFromFile(file: string): string {
  return file
    .replace(/\.(ya?ml|json)$/i, '')
    .replace(/[^\w .-]+/g, '-')
    .slice(0, 100);
}

export function ImportPanel() {
  const id = useId();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [replace, setReplace] = useState(false);
  const run = useMutation({
    mutationFn: () => importOpenApi(name.trim(), text, replace),
    onSuccess: () => void client.invalidateQueries({ queryKey: MOCKS_QUERY }),
  });

  async function pick(file: File | undefined) {
    if (!file) return;
    setText(await file.text());
    if (!name.trim()) setName(nameFromFile(file.name));
  }

  return (
    <form
      className="page mock-import"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        run.mutate();
      }}
    >
      <h2 id={`${id}-title`}>Import OpenAPI</h2>
      <div className="mock-import-grid">
        <label htmlFor={`${id}-file`}>OpenAPI file</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <label htmlFor={`${id}-name`}>Mock API name</label>
        <input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-text`}>Or paste it</label>
        <textarea
          id={`${id}-text`}
          rows={5}
          spellCheck={false}
          value={text}
          placeholder="openapi: 3.0.3 …"
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="mock-import-actions">
        <label>
          <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> Replace a mock API
          of that name
        </label>
        <button type="submit" className="primary" disabled={!name.trim() || !text.trim() || run.isPending}>
          {run.isPending ? 'Importing…' : 'Import'}
        </button>
      </div>
      {run.error && (
        <p className="error" role="alert">
          Not imported: {run.error.message}
        </p>
      )}
      {run.data && (
        <div role="status" className="import-result">
          <p className="ok">
            Imported <Link to={`/mocks/${encodeURIComponent(run.data.name)}`}>{run.data.name}</Link> with{' '}
            {run.data.routes.length} route
            {run.data.routes.length === 1 ? '' : 's'}.
          </p>
          {run.data.warnings && run.data.warnings.length > 0 && (
            <>
              <p>Not carried over ({run.data.warnings.length}):</p>
              <ul className="import-warnings">
                {run.data.warnings.map((warning, i) => (
                  <li key={i}>{warning}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </form>
  );
}
