// The traversal index side of bench/ingest's enterprise mode, in a process of its own: boots the application
// context on the bench database with GRAPH_TRAVERSAL_INDEX=on and starts the TraversalIndexKeeper as the server
// does, reports its first build over IPC, then on 'catch-up' brings it to the graph's current version the way a
// query would (TraversalIndexKeeper.current) and reports what the keeper did: caught up from the change log, or
// rebuilt when more ids changed than it applies one by one; 'exit' ends it.
// Usage (by enterprise/bench.mjs, with an IPC channel): node index-child.mjs <dist> <database url>
import { bootApp, underDeadline } from '../ingest/ingest-app.mjs';

const [dist, url] = process.argv.slice(2);
const { Database } = await import(`${dist}/libs/platform/src/index.js`);
const { TraversalIndexKeeper } = await import(`${dist}/libs/graph/src/index.js`);
const app = await bootApp(dist, url, { GRAPH_TRAVERSAL_INDEX: 'on' });
const keeper = app.get(TraversalIndexKeeper);
const database = app.get(Database);
const rss = () => ({ rssKb: Math.round(process.memoryUsage().rss / 1024), maxRssKb: process.resourceUsage().maxRSS });
const graphVersion = async () => Number((await database.query('SELECT version FROM graph_version'))[0].version);
/** Ids logged since `version`: what a catch-up from there applies (or refuses over its limit). */
const changedIds = async (version) => Number((await database.query(`
  SELECT coalesce(sum(cardinality(g.ids)), 0)::bigint AS n FROM graph_commit c JOIN graph_change g ON g.txid = c.txid
  WHERE c.version > $1`, [version]))[0].n);

keeper.startBackground();
await keeper.settled();
const built = keeper.status();
process.send({ built: { ...built, ...rss() } });

process.on('message', async (message) => {
  if (message === 'exit') {
    await app.close();
    process.disconnect();
    return;
  }
  const target = await graphVersion();
  const pending = await changedIds(built.version ?? 0);
  const started = performance.now();
  for (;;) {
    // Under an hour's deadline: a catch-up of an analysis's changes can outlast the default 30 s, and the
    // transaction waiting for it would be ended as idle.
    await underDeadline(dist, 'bench-index', () => database.transaction((manager) => keeper.current(manager)));
    await keeper.settled();
    const status = keeper.status();
    if (status.state === 'ready' && (status.version ?? -1) >= target) break;
    if (performance.now() - started > 600_000) throw new Error(`index not at version ${target}: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const status = keeper.status();
  process.send({ caughtUp: { ...status, rebuilt: status.last_build_at !== built.last_build_at, pending,
    waitedMs: Math.round(performance.now() - started), ...rss() } });
});
