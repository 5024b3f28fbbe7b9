// Collection clients, read-only.
import type { CollectionClient } from './collection';
import { TimeText } from '../app/TimeText';

export function ClientsTable({ clients, count }: { clients: CollectionClient[]; count: number }) {
  return (
    <table className="data-table">
      <caption>Collection clients{count > clients.length ? ` (first ${clients.length} of ${count})` : ''}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col">Host</th>
          <th scope="col">Version</th>
          <th scope="col">Last check-in</th>
          <th scope="col">Running job</th>
          <th scope="col">Completed jobs</th>
        </tr>
      </thead>
      <tbody>
        {clients.length === 0 && (
          <tr>
            <td colSpan={7}>No collection clients are registered.</td>
          </tr>
        )}
        {clients.map((client) => (
          <tr key={client.id}>
            <td>{client.name}</td>
            <td>{client.type}</td>
            <td>{[client.hostname, client.ipAddress].filter(Boolean).join(' · ') || '—'}</td>
            <td>{client.version || '—'}</td>
            <td><TimeText value={client.lastCheckin} never="never" /></td>
            <td>{client.currentJobId ?? '—'}</td>
            <td>{client.completedJobs}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
