// Search: find a node by name or object id and open it (the graph shows it alone, its panel opens).
import { useEffect, useRef, useState } from 'react';
import { failureMessage, isAbort } from '../api/failure-message';
import { NodeSearchBox } from './NodeSearchBox';
import { openNode, type SearchResult } from './explore-api';

export function SearchTab() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The choice being opened: a new choice (or leaving the tab) aborts it.
  const opening = useRef<AbortController | null>(null);
  useEffect(() => () => opening.current?.abort(), []);

  async function open(result: SearchResult) {
    opening.current?.abort();
    const controller = new AbortController();
    opening.current = controller;
    setBusy(true);
    setError(null);
    try {
      // False: no node with this object id in the database (deleted since the search answered).
      const found = await openNode(result.objectid, 'replace', controller.signal);
      if (!found && !controller.signal.aborted) setError(`${result.name} was not found in the database.`);
    } catch (failure) {
      if (!isAbort(failure) && !controller.signal.aborted) setError(failureMessage(failure));
    } finally {
      if (opening.current === controller) {
        opening.current = null;
        setBusy(false);
      }
    }
  }

  // No kind filter as a <select>: its options would be role=option too, beside the results.
  return (
    <div className="ex-stack">
      <NodeSearchBox label="Search nodes" placeholder="Name or object id" onChoose={(r) => void open(r)} />
      <p className="ex-muted ex-note">Type a name or an object id; ↑ ↓ to move, Enter to open.</p>
      {busy && <p className="ex-muted" role="status">Opening…</p>}
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}
