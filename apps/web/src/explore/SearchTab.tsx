// Search: find a node by name or object id and open it (the graph shows it alone, its panel opens).
import { useId, useState } from 'react';
import { failureMessage } from './failures';
import { NodeSearchBox } from './NodeSearchBox';
import { openNode, type SearchResult } from './explore-api';

/** The kinds the filter offers (the API drops unknown ones). */
const KIND_FILTERS = [
  'User', 'Group', 'Computer', 'Domain', 'OU', 'GPO', 'Container', 'CertTemplate', 'EnterpriseCA', 'RootCA', 'AIACA', 'NTAuthStore',
  'IssuancePolicy', 'AZUser', 'AZGroup', 'AZServicePrincipal', 'AZApp', 'AZRole', 'AZTenant', 'AZSubscription', 'AZVM', 'AZDevice',
];

export function SearchTab() {
  const kindId = useId();
  const [kind, setKind] = useState('');
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

  return (
    <div className="ex-stack">
      <NodeSearchBox label="Search nodes" placeholder="Name or object id" kinds={kind ? [kind] : []} onChoose={(r) => void open(r)} />
      <div className="ex-field">
        <label htmlFor={kindId}>Node kind</label>
        <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value)}>
          <option value="">Any kind</option>
          {KIND_FILTERS.map((k) => (
            <option key={k} value={k}>{k}</option>
          ))}
        </select>
      </div>
      {busy && <p className="ex-muted" role="status">Opening…</p>}
      {error && <p className="error" role="alert">{error}</p>}
    </div>
  );
}
