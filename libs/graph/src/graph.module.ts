import { Module } from '@nestjs/common';
import { Database } from '@app/platform';
import { EdgeCompositions } from './application/compositions/edge-compositions.js';
import { ConstrainedDelegation } from './application/constrained-delegation.js';
import { CypherService } from './application/cypher-service.js';
import { EdgeCompositionService } from './application/edge-composition-service.js';
import { EntityInfo } from './application/entity-info.js';
import { EntityLists } from './application/entity-lists.js';
import { GraphLimits } from './application/graph-limits.js';
import { GraphWalks, StoreWalks } from './application/graph-walks.js';
import { KindCatalog } from './application/kind-catalog.js';
import { GraphLifecycle, GraphQueryEngine, GraphStore, NodeSearch } from './application/ports.js';
import { ShortestPathService } from './application/shortest-path-service.js';
import { GraphConfig } from './graph-config.js';
import { CypherController } from './http/cypher.controller.js';
import { EntitiesController } from './http/entities.controller.js';
import { AzureEntitiesController } from './http/azure-entities.controller.js';
import { EntityCatalogController } from './http/entity-catalog.controller.js';
import { EnvironmentsController } from './http/environments.controller.js';
import { PathfindingController } from './http/pathfinding.controller.js';
import { SearchController } from './http/search.controller.js';
import { CompletenessController } from './http/completeness.controller.js';
import { EdgeDetailsController } from './http/edge-details.controller.js';
import { KindsController } from './http/kinds.controller.js';
import { LegacyGraphController } from './http/legacy-graph.controller.js';
import { AclInheritance } from './application/acl-inheritance.js';
import { CompletenessReader } from './application/completeness-ports.js';
import { GraphSearch } from './application/graph-search.js';
import { KindQueries } from './application/kind-queries.js';
import { RelayTargets } from './application/relay-targets.js';
import { PgCompletenessReader } from './infrastructure/pg/pg-completeness.reader.js';
import { Neo4jCompletenessReader } from './infrastructure/neo4j/neo4j-completeness.reader.js';
import { CustomNodesController } from './http/custom-nodes.controller.js';
import { CustomNodeKinds, CustomNodeKindStore } from './application/custom-node-kinds.js';
import { PgCustomNodeKindStore } from './infrastructure/pg/pg-custom-node-kind.store.js';
import { PgGraphChanges } from './infrastructure/pg/pg-graph-changes.js';
import { PgGraphStore } from './infrastructure/pg/pg-graph.store.js';
import { PgGraphLifecycle } from './infrastructure/pg/pg-graph-lifecycle.js';
import { PgGraphWalks } from './infrastructure/pg/pg-graph-walks.js';
import { PgKindCatalog } from './infrastructure/pg/pg-kind-catalog.js';
import { PgKindRegistry } from './infrastructure/pg/pg-kind-registry.js';
import { PgNodeSearch } from './infrastructure/pg/pg-node-search.js';
import { PgPathfinder } from './infrastructure/pg/pg-pathfinder.js';
import { PgQueryEngine } from './infrastructure/pg/pg-query-engine.js';
import { IndexedSearch } from './infrastructure/memory/indexed-search.js';
import { IndexedWalks } from './infrastructure/memory/indexed-walks.js';
import { TraversalIndexKeeper } from './infrastructure/memory/traversal-index-keeper.js';
import { Neo4jConnection } from './infrastructure/neo4j/neo4j-connection.js';
import { Neo4jGraphStore } from './infrastructure/neo4j/neo4j-graph.store.js';
import { Neo4jGraphLifecycle } from './infrastructure/neo4j/neo4j-graph-lifecycle.js';
import { Neo4jNodeSearch } from './infrastructure/neo4j/neo4j-node-search.js';
import { Neo4jQueryEngine } from './infrastructure/neo4j/neo4j-query-engine.js';

/** The adapters of one backend; the factories below build only the selected backend's classes. */
const onDriver = <T>(config: GraphConfig, pg: () => T, neo4j: () => T): T =>
  (config.graphDriver === 'neo4j' ? neo4j() : pg());

/**
 * The directory graph: storage and query ports bound to the adapter GRAPH_DRIVER picks (pg by default, neo4j),
 * the Cypher pipeline, search, pathfinding and edge composition (both over the in-memory traversal index where
 * this instance keeps one) and entity information, and their endpoints.
 */
@Module({
  controllers: [CypherController, SearchController, PathfindingController, EntitiesController, EntityCatalogController, AzureEntitiesController, EnvironmentsController,
    CustomNodesController,
    KindsController, LegacyGraphController, EdgeDetailsController, CompletenessController],
  providers: [
    PgKindRegistry,
    PgPathfinder,
    // The change log of the PostgreSQL graph (the traversal index catches up from it); it needs only Database.
    PgGraphChanges,
    TraversalIndexKeeper,
    IndexedSearch,
    IndexedWalks,
    PgGraphWalks,
    // Lazy by design: it opens no connection unless GRAPH_DRIVER=neo4j.
    Neo4jConnection,
    {
      provide: GraphStore,
      inject: [GraphConfig, Database, PgKindRegistry, Neo4jConnection],
      useFactory: (config: GraphConfig, database: Database, kinds: PgKindRegistry, neo4j: Neo4jConnection) =>
        onDriver<GraphStore>(config, () => new PgGraphStore(database, kinds), () => new Neo4jGraphStore(neo4j)),
    },
    {
      provide: GraphLifecycle,
      inject: [GraphConfig, Database, PgKindRegistry, Neo4jConnection],
      useFactory: (config: GraphConfig, database: Database, kinds: PgKindRegistry, neo4j: Neo4jConnection) =>
        onDriver<GraphLifecycle>(config, () => new PgGraphLifecycle(database, kinds), () => new Neo4jGraphLifecycle(neo4j)),
    },
    {
      provide: NodeSearch,
      inject: [GraphConfig, Database, PgKindRegistry, Neo4jConnection],
      useFactory: (config: GraphConfig, database: Database, kinds: PgKindRegistry, neo4j: Neo4jConnection) =>
        onDriver<NodeSearch>(config, () => new PgNodeSearch(database, kinds), () => new Neo4jNodeSearch(neo4j)),
    },
    {
      provide: GraphQueryEngine,
      inject: [GraphConfig, Database, PgKindRegistry, PgPathfinder, IndexedWalks, Neo4jConnection],
      useFactory: (
        config: GraphConfig, database: Database, kinds: PgKindRegistry, pathfinder: PgPathfinder,
        walks: IndexedWalks, neo4j: Neo4jConnection,
      ) =>
        onDriver<GraphQueryEngine>(
          config, () => new PgQueryEngine(database, kinds, pathfinder, walks), () => new Neo4jQueryEngine(neo4j),
        ),
    },
    {
      // Neo4j has no adjacency index here: walks expand through its store.
      provide: GraphWalks,
      inject: [GraphConfig, PgGraphWalks, GraphStore],
      useFactory: (config: GraphConfig, pg: PgGraphWalks, store: GraphStore) =>
        onDriver<GraphWalks>(config, () => pg, () => new StoreWalks(store)),
    },
    {
      provide: KindCatalog,
      inject: [PgKindRegistry],
      useFactory: (kinds: PgKindRegistry): KindCatalog => new PgKindCatalog(kinds),
    },
    GraphLimits,
    CypherService,
    EntityInfo,
    EntityLists,
    ConstrainedDelegation,
    EdgeCompositions,
    EdgeCompositionService,
    ShortestPathService,
    KindQueries,
    GraphSearch,
    RelayTargets,
    AclInheritance,
    {
      provide: CompletenessReader,
      inject: [GraphConfig, Database, PgKindRegistry, Neo4jConnection],
      useFactory: (config: GraphConfig, database: Database, kinds: PgKindRegistry, neo4j: Neo4jConnection) =>
        onDriver<CompletenessReader>(config, () => new PgCompletenessReader(database, kinds), () => new Neo4jCompletenessReader(neo4j)),
    },
    // Display configuration of kinds: PostgreSQL whatever GRAPH_DRIVER is (it is no graph data).
    { provide: CustomNodeKindStore, useClass: PgCustomNodeKindStore },
    CustomNodeKinds,
  ],
  exports: [
    GraphStore, GraphLifecycle, GraphQueryEngine, NodeSearch, PgKindRegistry, KindCatalog, GraphLimits, CypherService, TraversalIndexKeeper,
    GraphWalks,
  ],
})
export class GraphModule {}
