/** One upload at a time: its progress, its outcome, and a cancel; refreshes the list when done. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { DATASETS_QUERY, PROJECTS_QUERY } from './datasets-api';
import { uploadDataset, type Upload, type UploadResult } from './upload';

export interface UploadState {
  name: string;
  fileName: string;
  /** 0..1 while sending; null when the server is parsing after the last byte. */
  progress: number;
  busy: boolean;
  error: string | null;
  result: UploadResult | null;
}

export function useUploader() {
  const [state, setState] = useState<UploadState | null>(null);
  const current = useRef<Upload | null>(null);
  const client = useQueryClient();

  const start = useCallback(
    (name: string, file: File, project: string) => {
      current.current?.abort();
      setState({ name, fileName: file.name, progress: 0, busy: true, error: null, result: null });
      const upload = uploadDataset(name, file, project, (progress) =>
        setState((s) => (s && s.name === name ? { ...s, progress } : s)),
      );
      current.current = upload;
      upload.done.then(
        (result) => {
          if (current.current !== upload) return;
          setState((s) => s && { ...s, busy: false, progress: 1, result });
          void client.invalidateQueries({ queryKey: DATASETS_QUERY });
          void client.invalidateQueries({ queryKey: PROJECTS_QUERY });
          void client.invalidateQueries({ queryKey: ['dataset', name] });
        },
        (error: unknown) => {
          if (current.current !== upload) return;
          const message = error instanceof ApiError ? error.message : String(error);
          setState((s) => s && { ...s, busy: false, error: message.charAt(0).toUpperCase() + message.slice(1) });
        },
      );
    },
    [client],
  );
  const cancel = useCallback(() => current.current?.abort(), []);
  return { state, start, cancel };
}
