// The ways the bench answers a question, as a list the harness times in order. A method is
// { name, note, run(q), timeoutMs?, versus?, timeBoxed? }: run resolves to the paths found (one per connected
// (start, end) pair; GraphPath, FoundPath, { nodeIds, edgeIds } or an array of node ids), or to 'timeout' (or
// throws ApiError.timedOut) past `timeoutMs`, which stops it for the rest of that question; `timeBoxed` methods
// are expected to time out (no warm-up); `versus` names the method its p50 is divided by in the ratios.

export const MAX_DEPTH = 15;
/** Room for one path per (start, end) pair, so every answer compares with the in-memory BFS's (30,959 at 10M edges). */
const limitOf = (q) => Math.max(10_000, q.starts.length * q.ends.length);

/** The shortest-path endpoint's request for a question (PgPathfinder.shortestPaths). */
export const pathRequest = (q, edgeKinds) => ({
  startIds: q.starts.map(String), endIds: q.ends.map(String), edgeKinds,
  direction: 'outbound', all: false, maxDepth: MAX_DEPTH, limit: limitOf(q),
});

/**
 * What the engine's search gets for that request: searchPaths(plan, semantics, frontier) and searchInMemory. Made
 * once per question instance (at warm-up): the "search alone" columns time the search, not turning the bench's
 * numeric ids into the strings the engine hands it (0.2-0.4 ms for 6,318 members, a third of that search).
 */
const made = new WeakMap();
export const searchArgs = (q, planForSets) => {
  let args = made.get(q);
  if (!args) {
    args = {
      plan: planForSets(q.starts.map(String), q.ends.map(String)),
      semantics: { mode: 'shortest', direction: 'out', distinctEnds: false, minDepth: 1, maxDepth: MAX_DEPTH, limit: limitOf(q) },
    };
    made.set(q, args);
  }
  return args;
};

/**
 * Runs `work` as the endpoint runs a request without Prefer: wait, under the default deadline (30 s) that the
 * searches check between levels and past which they throw ApiError.timedOut (504). Called outside any request.
 */
export const asRequestOf = (lib, work) =>
  lib.runWithRequestContext({ requestId: 'bench', deadline: Date.now() + lib.remainingMs() }, work);

/**
 * Today's engine, its search alone, the in-memory baseline with and without the engine's hydration, and the two
 * time-boxed SQL baselines (`pgRouting` undefined when the extension is absent).
 */
export function baselineMethods({ lib, database, registry, graph, edgeKinds, traversableIds, naive, pgRouting }) {
  const pathfinder = new lib.PgPathfinder(database, registry);
  const deadlineMs = lib.remainingMs();
  const asRequest = (work) => asRequestOf(lib, work);
  const methods = [
    {
      name: 'engine SQL-only',
      timeoutMs: deadlineMs,
      note: 'PgPathfinder.shortestPaths as the endpoint runs it: SQL frontier search + hydration, one read-only transaction',
      versus: 'in-mem + hydration',
      run: (q) => asRequest(() => pathfinder.shortestPaths(pathRequest(q, edgeKinds))),
    },
    {
      name: 'search (SQL)',
      timeoutMs: deadlineMs,
      note: 'its searchPaths over the SqlFrontierSource alone, without hydrating nodes and edges',
      versus: 'in-memory BFS',
      run: (q) => asRequest(() => database.transaction((manager) => {
        const { plan, semantics } = searchArgs(q, lib.planForSets);
        return lib.searchPaths(plan, semantics, new lib.SqlFrontierSource(manager, traversableIds));
      }, { readOnly: true })),
    },
    {
      name: 'in-memory BFS',
      note: 'a plain BFS over typed-array adjacency held in this process, one direction (from the single side)',
      run: async (q) => graph.shortestPaths(q.starts, q.ends, MAX_DEPTH),
    },
    {
      name: 'in-mem + hydration',
      timeoutMs: deadlineMs,
      note: 'that BFS, then its paths hydrated with the engine\'s statement (loadElements) in a read-only transaction',
      run: (q) => asRequest(() => hydrated(lib, database, registry, graph.shortestPaths(q.starts, q.ends, MAX_DEPTH))),
    },
    {
      name: 'naive CTE',
      note: `one recursive CTE over every simple path, statement_timeout ${naive.timeoutMs} ms`,
      versus: 'engine SQL-only',
      timeBoxed: true,
      timeoutMs: naive.timeoutMs,
      run: (q) => naive.shortestPaths(q.starts, q.ends, traversableIds, MAX_DEPTH),
    },
  ];
  if (pgRouting) {
    methods.push({
      name: 'pgRouting',
      note: `pgr_bdDijkstra (pgRouting ${pgRouting.version}) over the traversable edges, statement_timeout ${pgRouting.timeoutMs} ms`,
      versus: 'engine SQL-only',
      timeBoxed: true,
      timeoutMs: pgRouting.timeoutMs,
      run: (q) => pgRouting.shortestPaths(q.starts, q.ends, traversableIds),
    });
  }
  return methods;
}

/** Hydrates found paths as PgPathfinder does: loadElements in one read-only transaction, assembled in path order. */
function hydrated(lib, database, registry, found) {
  if (found.length === 0) return [];
  return database.transaction(async (manager) => {
    const nodeIds = [...new Set(found.flatMap((path) => path.nodeIds))].map(String);
    const edgeIds = [...new Set(found.flatMap((path) => path.edgeIds))].map(String);
    const { nodes, edges } = await lib.loadElements(manager, registry, nodeIds, edgeIds);
    return found
      .filter((path) => path.nodeIds.every((id) => nodes.has(String(id))) && path.edgeIds.every((id) => edges.has(String(id))))
      .map((path) => ({ nodes: path.nodeIds.map((id) => nodes.get(String(id))), edges: path.edgeIds.map((id) => edges.get(String(id))) }));
  }, { readOnly: true });
}
