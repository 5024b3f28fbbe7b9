// What the datapipe is doing (idle, ingesting, analyzing) and when the last analysis finished.
import type { DatapipeStatus } from './ingest-api';
import { formatTime } from './wire-values';

export function DatapipeStatusLine({ status }: { status: DatapipeStatus | null }) {
  return (
    <p className="datapipe" role="status">
      Datapipe: <strong data-testid="datapipe-status">{status?.status ?? 'unknown'}</strong>
      {status && <span className="muted"> · last analysis {formatTime(status.lastCompleteAnalysisAt, 'never')}</span>}
    </p>
  );
}
