// The build output's modules the graph bench drives, imported by path (a rename there fails the tiny CI run).

/** The modules under `dist`, flattened into one object of the exports the bench uses. */
export async function buildModules(dist) {
  const from = (path) => import(`${dist}/${path}.js`);
  const [platform, api, graph, kinds, pathfinder, plan, search, frontier, elements, changes, keeper, indexed, memory, walks, engine, check] = await Promise.all([
    from('libs/platform/src/index'),
    from('apps/api/src/migrations'),
    from('libs/graph/src/index'),
    from('libs/graph/src/infrastructure/pg/pg-kind-registry'),
    from('libs/graph/src/infrastructure/pg/pg-pathfinder'),
    from('libs/graph/src/infrastructure/pg/pg-bfs-plan'),
    from('libs/graph/src/infrastructure/pg/pg-bfs-search'),
    from('libs/graph/src/infrastructure/pg/pg-bfs-frontier'),
    from('libs/graph/src/infrastructure/pg/pg-elements'),
    from('libs/graph/src/infrastructure/pg/pg-graph-changes'),
    from('libs/graph/src/infrastructure/memory/traversal-index-keeper'),
    from('libs/graph/src/infrastructure/memory/indexed-search'),
    from('libs/graph/src/infrastructure/memory/memory-search'),
    from('libs/graph/src/infrastructure/memory/indexed-walks'),
    from('libs/graph/src/infrastructure/pg/pg-query-engine'),
    from('libs/graph/src/cypher/check'),
  ]);
  return {
    Database: platform.Database,
    dataSourceOptions: platform.dataSourceOptions,
    remainingMs: platform.remainingMs,
    runWithRequestContext: platform.runWithRequestContext,
    runUncancellable: platform.runUncancellable,
    migrations: [...platform.platformMigrations, ...api.migrations],
    AD_PATHFINDING_EDGE_KINDS: graph.AD_PATHFINDING_EDGE_KINDS,
    PgKindRegistry: kinds.PgKindRegistry,
    PgPathfinder: pathfinder.PgPathfinder,
    planForSets: plan.planForSets,
    searchPaths: search.searchPaths,
    SqlFrontierSource: frontier.SqlFrontierSource,
    loadElements: elements.loadElements,
    PgGraphChanges: changes.PgGraphChanges,
    TraversalIndexKeeper: keeper.TraversalIndexKeeper,
    IndexedSearch: indexed.IndexedSearch,
    searchInMemory: memory.searchInMemory,
    IndexedWalks: walks.IndexedWalks,
    PgQueryEngine: engine.PgQueryEngine,
    prepareCypher: check.prepareCypher,
  };
}
