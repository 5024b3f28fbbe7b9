// The traversal index's columns (issue 15): the index built as an instance builds it (TraversalIndexKeeper: one
// REPEATABLE READ snapshot streamed with COPY), its build time, size and the RSS after it, then two methods: the
// engine answering through the index (search in memory, hydration in SQL, as the endpoint runs it) and the index's
// search alone. Catch-up figures are measured after the questions (catchUpFigures), since they write to the graph.

import { asRequestOf, pathRequest, searchArgs } from './methods.mjs';

const MB = 1024 * 1024;

/** The keeper of a bench "instance": index on, a cap far above any bench size. */
async function startKeeper({ lib, database }) {
  const config = { graphDriver: 'pg', traversalIndex: true, traversalIndexMaxBytes: 64 * 1024 * MB };
  const keeper = new lib.TraversalIndexKeeper(config, database, new lib.PgGraphChanges(database));
  keeper.startBackground();
  await keeper.settled();
  return keeper;
}

/** The index's methods; `context` is { lib, database, registry, edgeKinds, traversableIds, log }. */
export async function indexMethods(context) {
  const { lib, database, registry, edgeKinds, traversableIds, log } = context;
  const keeper = await startKeeper(context);
  const status = keeper.status();
  if (status.state !== 'ready') throw new Error(`the traversal index did not build: ${status.state} ${status.reason ?? ''}`);
  log(`traversal index: built in ${status.last_build_ms} ms, ${status.nodes} nodes, ${status.edges} edges, `
    + `${(status.bytes / MB).toFixed(1)} MiB (${status.bytes_per_edge} B/edge), RSS after ${(process.memoryUsage().rss / MB).toFixed(0)} MiB`);
  context.keeper = keeper;
  const indexed = new lib.IndexedSearch(keeper);
  context.indexed = indexed;
  const pathfinder = new lib.PgPathfinder(database, registry, indexed);
  const deadlineMs = lib.remainingMs();
  // Nothing writes while the questions run: the index of this version answers them all.
  const index = await database.transaction((manager) => keeper.current(manager), { readOnly: true });
  return [
    {
      name: 'engine + index',
      timeoutMs: deadlineMs,
      note: 'PgPathfinder.shortestPaths with the traversal index: version check, search in memory, the same hydration statement',
      versus: 'in-mem + hydration',
      run: (q) => asRequestOf(lib, () => pathfinder.shortestPaths(pathRequest(q, edgeKinds))),
    },
    {
      name: 'index search',
      timeoutMs: deadlineMs,
      note: 'searchInMemory over the index alone (the plan the engine makes; no version check, no hydration)',
      versus: 'in-memory BFS',
      run: (q) => asRequestOf(lib, () => {
        const { plan, semantics } = searchArgs(q, lib.planForSets);
        return lib.searchInMemory(index, plan, semantics, { edgeKinds: traversableIds });
      }),
    },
  ];
}

/**
 * What keeping the index current costs: a 1,000-edge write (then its deletion) caught up from the change log, and
 * an analysis-sized rewrite (every edge of the kinds analysis derives deleted and written again), after which the
 * index is too far behind to catch up and rebuilds. Each is timed from the write's commit to an index at its version.
 */
export async function catchUpFigures({ lib, database, keeper, indexed, registry, log }, nodeCount) {
  if (!keeper) return;
  const current = () => database.transaction((manager) => keeper.current(manager), { readOnly: true });
  const timed = async (what, write) => {
    await write();
    const started = process.hrtime.bigint();
    let index = await current();
    // Past a catch-up's bound the index rebuilds in the background and SQL answers meanwhile: wait for the rebuild.
    while (!index) {
      await keeper.settled();
      index = await current();
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const s = keeper.status();
    log(`catch-up after ${what}: ${ms.toFixed(1)} ms to version ${index.version} (last catch-up ${s.last_catch_up_ms ?? '-'} ms, last build ${s.last_build_ms} ms)`);
  };
  const [kind] = (await registry.idsFor(['BenchCatchUp'], { create: true })).values();
  await timed('a 1,000-edge write', () => database.query(`
    INSERT INTO edge (start_id, end_id, kind_id)
    SELECT 1 + (i * 7919) % $1, 1 + (i * 104729) % $1, $2 FROM generate_series(1, 1000) i ON CONFLICT DO NOTHING`,
  [nodeCount, kind]));
  await timed('deleting those 1,000 edges', () => database.query('DELETE FROM edge WHERE kind_id = $1', [kind]));
  const derived = [...(await registry.idsFor(['AdminTo', 'CanRDP', 'CanPSRemote', 'ExecuteDCOM'], { create: false })).values()];
  await timed('an analysis-sized rewrite (AdminTo, CanRDP, CanPSRemote, ExecuteDCOM deleted and written again)', () =>
    lib.runUncancellable('bench', 3_600_000, () => database.transaction(async (manager) => {
      await manager.query(`CREATE TEMP TABLE bench_derived ON COMMIT DROP AS
        SELECT id, start_id, end_id, kind_id FROM edge WHERE kind_id = ANY($1::int2[])`, [derived]);
      await manager.query('DELETE FROM edge WHERE kind_id = ANY($1::int2[])', [derived]);
      // The same ids again: the in-memory baseline hydrates by edge id on a later --reuse.
      await manager.query('INSERT INTO edge (id, start_id, end_id, kind_id) SELECT id, start_id, end_id, kind_id FROM bench_derived');
    })));
  log(`index searches answered in memory: ${indexed.counts.memory}, handed to SQL: ${indexed.counts.sql}`);
}
