import { timestamp } from '@app/platform';
import type { AnalysisRequest } from '../domain/datapipe-state.js';

/**
 * The wire shape of GET /api/v2/analysis/status (routes-misc C.8): the pending request, or the reference's
 * zero-valued request when none is pending. Requests here are only analyses (deletions run at once, never queued),
 * so the delete fields are always false and null; `DeleteSourceKinds` / `DeleteRelationships` keep the
 * reference's untagged Go names.
 */
export function presentAnalysisStatus(request: AnalysisRequest | null) {
  return {
    requested_by: request?.requestedBy ?? '',
    request_type: request ? 'analysis' : '',
    requested_at: timestamp(request?.requestedAt ?? null),
    analysis_step: 0,
    delete_all_graph: false,
    delete_sourceless_graph: false,
    DeleteSourceKinds: null,
    DeleteRelationships: null,
  };
}
