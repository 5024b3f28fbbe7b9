import { type GraphWipe, SOURCE_KINDS } from '@app/graph';

/** A clear-database request as decoded (compat: routes-misc C.10); absent fields are false or empty. */
export interface WipeRequest {
  deleteCollectedGraphData: boolean;
  /** Source kind ids (`GET /api/v2/graphs/source-kinds`); 0 is "sourceless". */
  deleteSourceKinds: readonly number[];
  /** Edge kind names: every edge of these kinds. */
  deleteRelationships: readonly string[];
  deleteFileIngestHistory: boolean;
  deleteDataQualityHistory: boolean;
  /** Legacy asset group ids: their custom (non-default) selectors. */
  deleteAssetGroupSelectors: readonly number[];
}

/** Id of the reference's synthetic source kind: nodes of no source kind. */
const SOURCELESS_ID = 0;

/** Why a request is refused before anything is deleted, in the reference's order. */
export type WipeRefusal =
  | { reason: 'nothingSelected' }
  | { reason: 'graphAndSourceKinds' }
  | { reason: 'unknownSourceKind'; id: number };

/** The wipe of graph data a request names (everything, or by source kinds), or why it is refused. */
export function planWipe(request: WipeRequest): { graph: GraphWipe | null } | WipeRefusal {
  const selected = request.deleteCollectedGraphData || request.deleteSourceKinds.length > 0
    || request.deleteRelationships.length > 0 || request.deleteFileIngestHistory || request.deleteDataQualityHistory
    || request.deleteAssetGroupSelectors.length > 0;
  if (!selected) return { reason: 'nothingSelected' };
  if (request.deleteCollectedGraphData && request.deleteSourceKinds.length > 0) return { reason: 'graphAndSourceKinds' };
  if (request.deleteCollectedGraphData) return { graph: { all: true, sourceKinds: [], sourceless: false, edgeKinds: [] } };
  if (request.deleteSourceKinds.length === 0) return { graph: null };
  const names: string[] = [];
  for (const id of request.deleteSourceKinds) {
    if (id === SOURCELESS_ID) continue;
    const kind = SOURCE_KINDS.find((source) => source.id === id);
    if (!kind) return { reason: 'unknownSourceKind', id };
    if (!names.includes(kind.name)) names.push(kind.name);
  }
  return {
    graph: { all: false, sourceKinds: names, sourceless: request.deleteSourceKinds.includes(SOURCELESS_ID), edgeKinds: [] },
  };
}
