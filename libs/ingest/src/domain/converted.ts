import type { BatchEdge, NodeUpsert } from '@app/graph';

/**
 * What one collector object becomes: its node (first), any extra nodes (trust targets, local groups, ...) and its
 * edges. Endpoints that may not exist carry stub kinds (`EndpointRef.kinds`). Properties are already cleaned
 * (`cleanProperties`): no service-owned names, no NUL characters.
 */
export interface Converted {
  nodes: NodeUpsert[];
  edges: BatchEdge[];
  /** Non-fatal problems worth reporting for the file (dropped ACEs, unknown right names), short and capped. */
  warnings?: string[];
}

/** An object that cannot be converted (not an object, no ObjectIdentifier, ...): skipped and reported. */
export class ObjectError extends Error {}
