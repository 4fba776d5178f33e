/** The first rows of one dataset (GET /api/datasets/NAME answers them as `preview`). */
import { useEffect, useRef } from 'react';
import { useDataset } from './datasets-api';

export function DatasetPreview({ name, onClose }: { name: string; onClose(): void }) {
  const dataset = useDataset(name);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a button in the list: take keyboard and screen-reader users to what appeared.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="page dataset-preview" aria-labelledby="preview-title">
      <div className="preview-head">
        <h2 id="preview-title" ref={heading} tabIndex={-1}>
          Preview: {name}
        </h2>
        <button type="button" onClick={onClose}>
          Close preview
        </button>
      </div>
      {dataset.isPending && <p role="status">Loading…</p>}
      {dataset.error && (
        <p className="error" role="alert">
          {dataset.error.message}
        </p>
      )}
      {dataset.data && (
        <>
          <p className="hint">
            The first {dataset.data.preview.length} of {dataset.data.rows.toLocaleString('en')} rows
            {dataset.data.filename ? `, from ${dataset.data.filename}` : ''}.
          </p>
          <div className="table-scroll">
            <table aria-label={`First rows of ${name}`}>
              <thead>
                <tr>
                  {dataset.data.columns.map((column, i) => (
                    <th key={i} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {dataset.data.preview.map((row, r) => (
                  <tr key={r}>
                    {dataset.data.columns.map((column, i) => (
                      <td key={i}>{row[column]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
