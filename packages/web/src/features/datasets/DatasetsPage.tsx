/** /datasets: upload (drop or pick, with progress), the list, a preview, replace and delete. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DATASETS_QUERY, PROJECTS_QUERY, deleteDataset, useDatasets } from './datasets-api';
import { DatasetList } from './DatasetList';
import { DatasetPreview } from './DatasetPreview';
import { UploadPanel } from './UploadPanel';
import { useUploader } from './use-uploader';
import './datasets.css';

export function DatasetsPage() {
  const datasets = useDatasets();
  const uploader = useUploader();
  const client = useQueryClient();
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (name: string) => deleteDataset(name),
    onSuccess: (_answer, name) => {
      setDeleting(null);
      setNotice(`Deleted “${name}”.`);
      if (previewing === name) setPreviewing(null);
      void client.invalidateQueries({ queryKey: DATASETS_QUERY });
      void client.invalidateQueries({ queryKey: PROJECTS_QUERY });
    },
  });

  const upload = (name: string, file: File, project: string) => {
    setNotice(null);
    uploader.start(name, file, project);
  };
  return (
    <div className="datasets-page">
      <h1>Datasets</h1>
      <UploadPanel
        datasets={datasets.data ?? []}
        upload={uploader.state}
        onUpload={upload}
        onCancel={uploader.cancel}
      />
      <section className="page" aria-labelledby="list-title">
        <h2 id="list-title">Your datasets</h2>
        {datasets.isPending && <p role="status">Loading…</p>}
        {datasets.error && (
          <p className="error" role="alert">
            Could not list datasets: {datasets.error.message}
          </p>
        )}
        <p role="status" className="ok">
          {notice}
        </p>
        {datasets.data && (
          <DatasetList
            datasets={datasets.data}
            selected={previewing}
            onPreview={setPreviewing}
            onReplace={(name, file) => upload(name, file, '')}
            onDelete={(name) => {
              remove.reset();
              setDeleting(name);
            }}
          />
        )}
      </section>
      {previewing && <DatasetPreview key={previewing} name={previewing} onClose={() => setPreviewing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the dataset “${deleting ?? ''}”?`}
        confirmLabel="Delete dataset"
        danger
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Schemas whose Dataset Column fields read it will fail until you upload a dataset with this name again. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
