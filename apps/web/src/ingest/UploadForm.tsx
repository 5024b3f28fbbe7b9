// Choose collector files (.json, .zip) and upload them as one job, with progress per file.
import { useState, type FormEvent } from 'react';
import { SessionExpired } from '../api/client';
import { failureMessage } from '../api/failure-message';
import { FileProgressRow } from './FileProgressRow';
import { xhrTransport } from './ingest-api';
import { runUpload, type FileProgress } from './upload-run';

export function UploadForm({ onUploaded }: { onUploaded: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<FileProgress[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  // A new key empties the file input once its files are sent.
  const [inputKey, setInputKey] = useState(0);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || busy) return;
    setBusy(true);
    setError(null);
    setSummary(null);
    try {
      const outcome = await runUpload(files, xhrTransport, setProgress);
      const failed = outcome.files.filter((f) => f.status === 'failed').length;
      const sent = outcome.files.length - failed;
      if (outcome.error) setError(outcome.error);
      else if (failed > 0) setError(`${failed} of ${outcome.files.length} files failed to upload.`);
      if (outcome.jobId !== null && !outcome.error) {
        setSummary(`Upload job ${outcome.jobId} ended: ${sent} of ${outcome.files.length} file(s) sent for ingest.`);
      }
      setFiles([]);
      setInputKey((k) => k + 1);
      onUploaded();
    } catch (failure) {
      if (!(failure instanceof SessionExpired)) setError(failureMessage(failure, 'Upload failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ingest-section" aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload collector files</h2>
      <p className="muted">SharpHound or AzureHound output: JSON files, or zip archives of them.</p>
      <form className="upload-form" onSubmit={(event) => void upload(event)}>
        <label htmlFor="ingest-files">Choose files</label>
        <input
          key={inputKey}
          id="ingest-files"
          type="file"
          multiple
          accept=".json,.zip,application/json,application/zip"
          disabled={busy}
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
        />
        <button type="submit" disabled={busy || files.length === 0}>
          Upload
        </button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {busy && <p role="status">Uploading…</p>}
      {summary && <p role="status">{summary}</p>}
      {progress.length > 0 && (
        <ul className="upload-files" aria-label="Files of the upload">
          {progress.map((file, index) => (
            <FileProgressRow key={`${index}:${file.name}`} file={file} />
          ))}
        </ul>
      )}
    </section>
  );
}
