// The latest collection jobs of every client, read-only.
import type { CollectionJob } from './collection';
import { TimeText } from '../app/TimeText';

export function CollectionJobsTable({ jobs }: { jobs: CollectionJob[] }) {
  return (
    <table className="data-table">
      <caption>Recent collection jobs</caption>
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Client</th>
          <th scope="col">Schedule</th>
          <th scope="col">Status</th>
          <th scope="col">Started</th>
          <th scope="col">Ended</th>
        </tr>
      </thead>
      <tbody>
        {jobs.length === 0 && (
          <tr>
            <td colSpan={6}>No collection jobs yet.</td>
          </tr>
        )}
        {jobs.map((job) => (
          <tr key={job.id}>
            <td>{job.id}</td>
            <td>{job.clientName || '—'}</td>
            <td>{job.eventTitle || 'ad hoc'}</td>
            <td>
              {job.status}
              {job.statusMessage && job.statusMessage.toLowerCase() !== job.status.toLowerCase() ? `: ${job.statusMessage}` : ''}
            </td>
            <td><TimeText value={job.startTime} /></td>
            <td><TimeText value={job.endTime} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
