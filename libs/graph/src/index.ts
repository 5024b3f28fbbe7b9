export {
  type BatchEdge, type BatchResult, type EdgeUpsert, type EndpointRef, type GraphBatch, type GraphNode,
  type NodeUpsert, type Properties, type QueryRows,
} from './domain/graph.js';
export {
  ACE_RIGHT_EDGE_KINDS, AD_PATHFINDING_EDGE_KINDS, AZURE_EDGE_KINDS, AZURE_NODE_KINDS, BUILT_IN_KINDS, POST_PROCESSED_EDGE_KINDS, tagKind,
} from './domain/kinds.js';
export {
  displayName, primaryDisplayKind, SYSTEM_TAG_OWNED, SYSTEM_TAG_TIER_ZERO, textProperty,
} from './domain/display.js';
export { GraphLifecycle, GraphStore, NodeSearch, type NodeSearchRequest } from './application/ports.js';
export type { GraphWipe } from './domain/graph-wipe.js';
export { SOURCE_KINDS } from './domain/kind-schema.js';
export type {
  EdgeRule, ObjectRule, ReconcilePlan, ReconcileReport, Scope,
} from './domain/reconciliation.js';
export { isEmptyPlan } from './domain/reconciliation.js';
export { GraphWalks, type HopReader, StoreWalks } from './application/graph-walks.js';
export { GraphLimits } from './application/graph-limits.js';
export { KindCatalog } from './application/kind-catalog.js';
export { CypherService } from './application/cypher-service.js';
export { GraphModule } from './graph.module.js';
export { GraphConfig, graphConfigSlice } from './graph-config.js';
export { GraphSchema1732240000300 } from './infrastructure/migrations/1732240000300-graph-schema.js';
export {
  GraphDistinguishedNameIndex1732240000310,
} from './infrastructure/migrations/1732240000310-graph-distinguishedname-index.js';
export { GraphChangeLog1732240000320 } from './infrastructure/migrations/1732240000320-graph-change-log.js';
export { CustomNodeKinds1732240001150 } from './infrastructure/migrations/1732240001150-custom-node-kinds.js';
export { TraversalIndexKeeper } from './infrastructure/memory/traversal-index-keeper.js';
export type { TraversalIndex } from './infrastructure/memory/traversal-index.js';
export { copyIntegerRows } from './infrastructure/pg/pg-copy-integers.js';
export { ENTITY_TYPES, type EntityType, type RelatedList } from './domain/entity-catalog.js';
export { EntityLists } from './application/entity-lists.js';
