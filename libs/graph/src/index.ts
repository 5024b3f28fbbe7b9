export * from './domain/graph.js';
export * from './domain/kinds.js';
export * from './domain/display.js';
export * from './application/ports.js';
export { GraphErrors } from './application/graph-errors.js';
export { GraphLimits } from './application/graph-limits.js';
export { KindCatalog } from './application/kind-catalog.js';
export { collectGraph, collectPaths, collectRows, type GraphResult, type Literal } from './application/graph-result.js';
export { CypherService } from './application/cypher-service.js';
export { EntityInfo, type EntityCounts } from './application/entity-info.js';
export { traverse, type Reached } from './application/traversal.js';
export {
  presentCypherResult, presentGraph, presentGraphEdge, presentGraphNode, type GraphEdgeWire, type GraphNodeWire,
  type GraphWire,
} from './http/presenters.js';
export { presentNodeListEntry, presentSearchResult, type NodeListEntryWire, type SearchResultWire } from './http/entity-presenters.js';
export * from './graph.module.js';
export { GraphConfig, graphConfigSlice } from './graph-config.js';
export { GraphSchema1732240000300 } from './infrastructure/migrations/1732240000300-graph-schema.js';
export { GraphDistinguishedNameIndex1732240000310 } from './infrastructure/migrations/1732240000310-graph-distinguishedname-index.js';
