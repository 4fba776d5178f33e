/** The user's datasets: rows, columns, project; preview, replace (pick a new file) and delete. */
import { useRef, useState } from 'react';
import type { DatasetSummary } from './datasets-api';
import { ListTable } from '../../components/ListTable';

interface Props {
  datasets: DatasetSummary[];
  selected: string | null;
  onPreview(name: string): void;
  onReplace(name: string, file: File): void;
  onDelete(name: string): void;
}

export function DatasetList({ datasets, selected, onPreview, onReplace, onDelete }: Props) {
  const picker = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<string | null>(null);
  if (datasets.length === 0)
    return (
      <p className="hint">No datasets yet. Upload a CSV above; a Dataset Column field can then draw values from it.</p>
    );
  return (
    <>
      <ListTable
        columns={['Name', 'Rows', 'Columns', 'Project', 'Updated']}
        className="dataset-table"
        caption="Your datasets"
      >
        {datasets.map((dataset) => (
          <tr key={dataset.name} aria-current={selected === dataset.name ? 'true' : undefined}>
            <th scope="row">{dataset.name}</th>
            <td>{dataset.rows.toLocaleString('en')}</td>
            <td className="columns-cell" title={dataset.columns.join(', ')}>
              {dataset.columns.length}: {dataset.columns.slice(0, 6).join(', ')}
              {dataset.columns.length > 6 ? ', …' : ''}
            </td>
            <td>{dataset.project ?? '—'}</td>
            <td>
              <time dateTime={dataset.updated_at}>{new Date(dataset.updated_at).toLocaleString()}</time>
            </td>
            <td className="row-actions">
              <button type="button" aria-label={`Preview ${dataset.name}`} onClick={() => onPreview(dataset.name)}>
                Preview
              </button>
              <button
                type="button"
                aria-label={`Replace ${dataset.name}`}
                onClick={() => {
                  setReplacing(dataset.name);
                  picker.current?.click();
                }}
              >
                Replace
              </button>
              <button
                type="button"
                className="danger"
                aria-label={`Delete ${dataset.name}`}
                onClick={() => onDelete(dataset.name)}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      <input
        ref={picker}
        type="file"
        hidden
        aria-label={replacing ? `New file for ${replacing}` : 'New file'}
        accept=".csv,.txt,text/csv,text/plain"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file && replacing) onReplace(replacing, file);
          event.target.value = '';
        }}
      />
    </>
  );
}
