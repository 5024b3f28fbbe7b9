import { timestamp } from '@app/platform';
import type { AnalysisRequest, DatapipeState } from '../domain/datapipe-state.js';

/**
 * The wire shape of GET /api/v2/datapipe/status: times are plain timestamps, the zero time when never. Analyses
 * follow uploads and requests, never a schedule: next_scheduled_analysis_at is always the zero time.
 */
export function presentDatapipeStatus(state: DatapipeState) {
  return {
    status: state.status,
    updated_at: timestamp(state.updatedAt),
    last_complete_analysis_at: timestamp(state.lastCompleteAnalysisAt),
    last_analysis_run_at: timestamp(state.lastAnalysisRunAt),
    next_scheduled_analysis_at: timestamp(null),
  };
}

/** The wire shape of GET /api/v2/analysis. */
export function presentAnalysisRequest(request: AnalysisRequest) {
  return {
    requested_by: request.requestedBy,
    requested_at: timestamp(request.requestedAt),
    request_type: 'analysis',
  };
}
