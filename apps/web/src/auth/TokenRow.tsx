// One API token: its name, dates and a delete button that asks once more before deleting.
import { useState } from 'react';
import { formatTime } from '../ingest/wire-values';
import type { ApiToken } from './tokens';

interface Props {
  token: ApiToken;
  onDelete: (token: ApiToken) => Promise<void>;
}

export function TokenRow({ token, onDelete }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = token.name || token.id;

  async function remove() {
    setBusy(true);
    try {
      await onDelete(token);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <tr>
      <td>{token.name || '—'}</td>
      <td>
        <code>{token.id}</code>
      </td>
      <td>{formatTime(token.createdAt)}</td>
      <td>{formatTime(token.lastAccess, 'never')}</td>
      <td>
        {confirming ? (
          <span className="token-confirm">
            <span>Delete this token?</span>
            <button type="button" className="danger" disabled={busy} onClick={() => void remove()} aria-label={`Confirm delete token ${label}`}>
              Delete
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} aria-label={`Delete token ${label}`}>
            Delete
          </button>
        )}
      </td>
    </tr>
  );
}
