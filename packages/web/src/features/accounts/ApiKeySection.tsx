/** The key, masked until revealed; copy; regenerate after a confirmation (the old key dies at once). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiJson } from '../../api/client';
import { KEY_QUERY } from './api-key';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCopy } from './use-copy';
import type { KeyAnswer } from '@rowloom/contract';

export function maskKey(key: string): string {
  return key.length <= 4 ? '••••' : `${'•'.repeat(Math.min(24, key.length - 4))}${key.slice(-4)}`;
}

export function ApiKeySection({ apiKey, loading, error }: { apiKey?: string; loading: boolean; error: Error | null }) {
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { copied, copy } = useCopy();
  const client = useQueryClient();
  const regenerate = useMutation({
    mutationFn: async () => (await apiJson<KeyAnswer>('/api/key', { method: 'POST' })).key,
    onSuccess: (key) => {
      client.setQueryData(KEY_QUERY, key);
      setConfirming(false);
      setRevealed(true);
      setNotice(
        'A new key is in place. The old key stopped working just now: update any scripts or clients that use it.',
      );
    },
  });

  return (
    <section className="page account-section" aria-labelledby="key-title">
      <h2 id="key-title">Your API key</h2>
      <p className="hint">
        Send it as the <code>X-API-Key</code> header or the <code>key</code> query parameter. Keep it secret: it acts as
        you.
      </p>
      {loading && <p role="status">Loading…</p>}
      {error && (
        <p className="error" role="alert">
          Could not show the key: {error.message}
        </p>
      )}
      {error && !apiKey && (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Regenerate key
        </button>
      )}
      {apiKey && (
        <div className="key-row">
          <output className="api-key" aria-label="API key" data-revealed={revealed}>
            {revealed ? apiKey : maskKey(apiKey)}
          </output>
          <button type="button" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
            {revealed ? 'Hide key' : 'Reveal key'}
          </button>
          <button type="button" onClick={() => void copy(apiKey, 'Key')}>
            Copy key
          </button>
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Regenerate key
          </button>
        </div>
      )}
      <p role="status" className="notice">
        {copied ?? notice}
      </p>
      <ConfirmDialog
        open={confirming}
        title="Regenerate the API key?"
        confirmLabel="Regenerate key"
        danger
        busy={regenerate.isPending}
        error={regenerate.error?.message}
        onConfirm={() => regenerate.mutate()}
        onCancel={() => {
          setConfirming(false);
          regenerate.reset();
        }}
      >
        <p>
          The current key stops working at once. Every script, client or tool using it will be refused until you give it
          the new key.
        </p>
      </ConfirmDialog>
    </section>
  );
}
