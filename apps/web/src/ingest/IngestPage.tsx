// File ingest: upload collector output with progress per file, follow the jobs and the datapipe until idle.
import './ingest.css';
import { DatapipeStatusLine } from './DatapipeStatusLine';
import { UploadForm } from './UploadForm';
import { UploadJobsTable } from './UploadJobsTable';
import { useIngestStatus } from './use-ingest-status';

export function IngestPage() {
  const { jobs, results, datapipe, error, refresh } = useIngestStatus();
  return (
    <div className="ingest-page">
      <h1>File ingest</h1>
      <DatapipeStatusLine status={datapipe} />
      <UploadForm onUploaded={refresh} />
      <section className="ingest-section">
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <UploadJobsTable jobs={jobs} results={results} />
      </section>
    </div>
  );
}
