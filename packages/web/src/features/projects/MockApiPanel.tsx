/** The project's REST mock: each table's addresses, with a copy button each. */
import { useState } from 'react';
import type { ModelTable } from '@rowloom/contract';
import { restUrls } from './project-api';

function CopyUrl({ url }: { url: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <li className="mock-url">
      <code>{url}</code>
      <button type="button" aria-label={`Copy ${url}`} onClick={() => void copy()}>
        Copy
      </button>
      <span role="status" className="hint">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy: select the address instead' : ''}
      </span>
    </li>
  );
}

export function MockApiPanel({ project, tables }: { project: string; tables: ModelTable[] }) {
  const origin = window.location.origin;
  return (
    <section className="page mock-panel" aria-labelledby="mock-title">
      <h2 id="mock-title">Mock API</h2>
      <p className="hint">
        The same rows as the files, as JSON: a table&apos;s rows (paged with <code>page</code> and <code>per_page</code>
        ), one row by its Row Number key, and a row&apos;s children in a table whose count it drives. This
        browser&apos;s session opens them; elsewhere add <code>key=</code> and your API key (API key &amp; usage page).
      </p>
      <p className="hint">
        It takes writes too (<code>POST</code> a table, <code>PUT</code>, <code>PATCH</code> or <code>DELETE</code> a
        row), kept over the generated rows; <code>DELETE /api/projects/{encodeURIComponent(project)}/rest</code> forgets
        them all.
      </p>
      {tables.map((table) => (
        <div key={table.name} className="mock-table">
          <h3>{table.name}</h3>
          <ul aria-label={`Mock API addresses of ${table.name}`}>
            {restUrls(origin, project, table, tables).map((url) => (
              <CopyUrl key={url} url={url} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
