// The traversal index's two columns (issue 15), wired here once the index is merged; the harness places them
// first and times them like the others. After building the index (buildTraversalIndex(database, ...)) and logging
// its build time, bytes per edge and the RSS after it with `context.log`, return, as methods (see methods.mjs):
//   { name: 'engine + index', versus: 'in-mem + hydration', note: ..., timeoutMs: lib.remainingMs(), run: (q) =>
//     asRequestOf(lib, () => <PgPathfinder answering through the index>.shortestPaths(pathRequest(q, context.edgeKinds))) }
//   { name: 'index search', versus: 'in-memory BFS', note: ..., timeoutMs: lib.remainingMs(), run: (q) =>
//     asRequestOf(lib, () => { const { plan, semantics } = searchArgs(q, lib.planForSets);
//     return searchInMemory(index, plan, semantics, { edgeKinds: context.traversableIds }); }) }
// `context.lib` holds the build's modules the bench imports (build-modules.mjs: add the index's there).

/** The index's methods; `context` is { lib, database, registry, edgeKinds, traversableIds, log }. None until the index lands. */
export async function indexMethods(context) {
  return [];
}
