// Search: find a node by name or object id and open it (the graph shows it alone, its panel opens).
import { useState } from 'react';
import { failureMessage } from './failures';
import { NodeSearchBox } from './NodeSearchBox';
import { openNode, type SearchResult } from './explore-api';

export function SearchTab() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function open(result: SearchResult) {
    setBusy(true);
    setError(null);
    try {
      if (!(await openNode(result.objectid, 'replace'))) setError(`${result.name} is no longer in the graph.`);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
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
