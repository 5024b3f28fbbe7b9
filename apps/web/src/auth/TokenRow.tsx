// One API token: its name, dates and a delete button that asks for confirmation (the browser's own dialog).
import { useState } from 'react';
import { TimeText } from '../app/TimeText';
import type { ApiToken } from './tokens';

interface Props {
  token: ApiToken;
  onDelete: (token: ApiToken) => Promise<void>;
}

export function TokenRow({ token, onDelete }: Props) {
  const [busy, setBusy] = useState(false);
  const label = token.name || token.id;

  async function remove() {
    // Clients signing with this token stop working at once: ask first.
    if (!window.confirm(`Delete the API token "${label}"? Anything using it will stop working.`)) return;
    setBusy(true);
    try {
      await onDelete(token);
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr>
      <td>{token.name || '—'}</td>
      <td>
        <code>{token.id}</code>
      </td>
      <td><TimeText value={token.createdAt} /></td>
      <td><TimeText value={token.lastAccess} never="never" /></td>
      <td>
        <button type="button" disabled={busy} onClick={() => void remove()} aria-label={`Delete token ${label}`}>
          Delete
        </button>
      </td>
    </tr>
  );
}
