// The latest upload jobs: status, times, file counts and each file's errors (warnings folded away).
import type { FileResult, UploadJob } from './upload-jobs';
import { statusText } from './upload-jobs';
import { TimeText } from '../app/TimeText';

interface Props {
  jobs: UploadJob[] | null;
  results: ReadonlyMap<number, FileResult[]>;
}

export function UploadJobsTable({ jobs, results }: Props) {
  return (
    <table className="data-table upload-jobs">
      <caption>Upload jobs</caption>
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Status</th>
          <th scope="col">Started</th>
          <th scope="col">Ended</th>
          <th scope="col">Files</th>
          <th scope="col">File errors</th>
        </tr>
      </thead>
      <tbody>
        {jobs === null && (
          <tr>
            <td colSpan={6}>Loading…</td>
          </tr>
        )}
        {jobs?.length === 0 && (
          <tr>
            <td colSpan={6}>No uploads yet.</td>
          </tr>
        )}
        {jobs?.map((job) => (
          <tr key={job.id} data-job-id={job.id}>
            <td>{job.id}</td>
            <td className="job-status">{statusText(job)}</td>
            <td><TimeText value={job.startTime} /></td>
            <td><TimeText value={job.endTime} /></td>
            <td>{fileCounts(job)}</td>
            <td>
              <FileProblems results={results.get(job.id)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function fileCounts(job: UploadJob): string {
  const parts = [`${job.totalFiles}`];
  if (job.failedFiles > 0) parts.push(`${job.failedFiles} failed`);
  if (job.partialFailedFiles > 0) parts.push(`${job.partialFailedFiles} partly failed`);
  return parts.join(', ');
}

function FileProblems({ results }: { results: FileResult[] | undefined }) {
  if (!results) return <>—</>;
  const errors = results.flatMap((file) => file.errors.map((message) => `${file.fileName}: ${message}`));
  const warnings = results.flatMap((file) => file.warnings.map((message) => `${file.fileName}: ${message}`));
  if (errors.length === 0 && warnings.length === 0) return <>None</>;
  return (
    <>
      {errors.length > 0 && (
        <ul className="file-errors">
          {errors.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      )}
      {warnings.length > 0 && (
        <details>
          <summary>{warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`}</summary>
          <ul className="file-warnings">
            {warnings.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
