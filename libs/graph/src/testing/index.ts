/**
 * Test fakes, fixtures and contract suites of the graph library, and the internals e2e suites drive directly
 * (tests only; never part of the service).
 */
export { InMemoryGraphStore } from './in-memory-graph.store.js';
export { type GraphSpec, seedGraph } from './graph-fixture.js';
export { graphStoreContract } from './graph-store.contract.js';
export { graphLifecycleContract } from './graph-lifecycle.contract.js';
export { PgGraphLifecycle } from '../infrastructure/pg/pg-graph-lifecycle.js';
export { Neo4jGraphLifecycle } from '../infrastructure/neo4j/neo4j-graph-lifecycle.js';
export { graphQueryContract, QUERY_GRAPH, rowsOf, runCypher, sortedRowsOf } from './graph-query.contract.js';
export { PREBUILT_QUERIES, REJECTED_QUERIES } from './prebuilt-queries.js';
export { edges, node } from '../application/compositions/testing/composition-harness.js';
export {
  AUTHENTICATED_USERS, CHAIN, CORP, corpPki, NT_AUTH, PKI_NODES, template,
} from '../application/compositions/testing/pki-fixture.js';
export { EdgeCompositions } from '../application/compositions/edge-compositions.js';
export { PathfindingErrors } from '../application/pathfinding-rules.js';
export { checkQuery } from '../cypher/check.js';
export { parseCypher } from '../cypher/parser.js';
export { expandShortcuts } from '../cypher/shortcuts.js';
export { QUERY_NOT_EVALUATED, TranslationErrors } from '../cypher/sql/errors.js';
export { type FoundPath, type PathfindingStep } from '../cypher/sql/pathfinding-step.js';
export { CANDIDATE_CAP, SqlFrontierSource } from '../infrastructure/pg/pg-bfs-frontier.js';
export { type PathSemantics, searchPaths, type SearchPlan } from '../infrastructure/pg/pg-bfs-search.js';
export { type Step } from '../infrastructure/pg/pg-bfs-side.js';
export { PgGraphChanges } from '../infrastructure/pg/pg-graph-changes.js';
export { PgGraphStore } from '../infrastructure/pg/pg-graph.store.js';
export { PgGraphWalks } from '../infrastructure/pg/pg-graph-walks.js';
export { KIND_NAME_TOO_LONG, PgKindRegistry, UNKNOWN_KIND_ID } from '../infrastructure/pg/pg-kind-registry.js';
export { PgPathfinder } from '../infrastructure/pg/pg-pathfinder.js';
export { PgQueryEngine } from '../infrastructure/pg/pg-query-engine.js';
export { Neo4jConnection } from '../infrastructure/neo4j/neo4j-connection.js';
export { Neo4jGraphStore } from '../infrastructure/neo4j/neo4j-graph.store.js';
export { Neo4jNodeSearch } from '../infrastructure/neo4j/neo4j-node-search.js';
export { Neo4jQueryEngine } from '../infrastructure/neo4j/neo4j-query-engine.js';
export { IndexedSearch } from '../infrastructure/memory/indexed-search.js';
export { IndexedWalks } from '../infrastructure/memory/indexed-walks.js';
export { searchInMemory } from '../infrastructure/memory/memory-search.js';
export { buildTraversalIndex, TraversalIndexTooLarge } from '../infrastructure/memory/traversal-index-builder.js';
export { hopsOf } from './traversal-index-hops.js';
