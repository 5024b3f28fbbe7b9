// What the datapipe is doing (idle, ingesting, analyzing) and when the last analysis finished.
import type { DatapipeStatus } from './ingest-api';
import { TimeText } from '../app/TimeText';

export function DatapipeStatusLine({ status }: { status: DatapipeStatus | null }) {
  return (
    <p className="datapipe" role="status">
      Datapipe: <strong data-testid="datapipe-status">{status?.status ?? 'unknown'}</strong>
      {status && <span className="muted"> · last analysis <TimeText value={status.lastCompleteAnalysisAt} never="never" /></span>}
    </p>
  );
}
