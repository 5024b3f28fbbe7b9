// Shortest-path benchmark on a synthetic directory. Generates the directory, loads it into a fresh database
// (DATABASE_URL's server, or an embedded PostgreSQL), then asks realistic questions three ways: (a) the engine
// (PgPathfinder.shortestPaths from the build, with hydration, as the endpoint runs it; plus, for information, its
// search alone without hydration), (b) a breadth-first search over the same graph held in memory, (c) one naive
// recursive CTE capped by statement_timeout. Prints median and p95 per question and method, and the ratios.
// Never fails on timing.
// Usage: npm run bench:graph [-- --nodes 100000 --edges 1000000 --seed 1 --runs 20 --naive-timeout 10000 --reuse]
// (--reuse keeps a pathwarden_bench database loaded earlier with the same nodes/edges/seed; --dist points at
// another build output than dist/. BENCH_SIZE=tiny: 2,000 nodes, 10,000 edges, 2 runs, the database dropped after.)
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { generateDirectory, EDGE_KINDS, NODE_TYPES } from './directory.mjs';
import { InMemoryGraph } from './in-memory.mjs';
import { benchServer, dropDatabase, loadDirectory, markLoaded, prepareDatabase } from './load.mjs';
import { NaiveCte } from './naive-cte.mjs';
import { pickQuestions } from './questions.mjs';
import { sized, tiny } from '../size.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const options = {
  nodes: Number(args.nodes ?? sized(100_000, 2_000)),
  edges: Number(args.edges ?? sized(1_000_000, 10_000)),
  seed: Number(args.seed ?? 1),
  runs: Number(args.runs ?? sized(20, 2)),
  naiveTimeoutMs: Number(args['naive-timeout'] ?? sized(10_000, 1_000)),
  reuse: 'reuse' in args,
};
const dist = resolve(args.dist ?? 'dist');

const { Database, dataSourceOptions, platformMigrations } = await import(`${dist}/libs/platform/src/index.js`);
const { migrations } = await import(`${dist}/apps/api/src/migrations.js`);
const { AD_PATHFINDING_EDGE_KINDS } = await import(`${dist}/libs/graph/src/index.js`);
const { PgKindRegistry } = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-kind-registry.js`);
const { PgPathfinder } = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-pathfinder.js`);
const { planForSets } = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-bfs-plan.js`);
const { searchPaths } = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-bfs-search.js`);
const { SqlFrontierSource } = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-bfs-frontier.js`);
const { DataSource } = await import('typeorm');

const elapsed = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const log = (line) => console.log(line);

log(`graph bench: ${options.nodes} nodes, ${options.edges} edges, seed ${options.seed}, ${options.runs} runs per question`);
let started = process.hrtime.bigint();
const dir = generateDirectory(options);
log(`generated ${dir.nodeCount} nodes and ${dir.edgeCount} edges in ${(elapsed(started) / 1000).toFixed(1)} s`);

const server = await benchServer(dist);
const signature = `pathwarden graph bench: nodes=${options.nodes} edges=${options.edges} seed=${options.seed}`;
const { url, load: needsLoad } = await prepareDatabase(server.adminUrl, signature, options.reuse);
const dataSource = new DataSource(dataSourceOptions(url, [...platformMigrations, ...migrations]));
await dataSource.initialize();
const database = new Database(dataSource);
const registry = new PgKindRegistry(database);
await registry.onModuleInit();
const kindId = await registry.idsFor(['Base', 'Tag_Tier_Zero', ...NODE_TYPES, ...EDGE_KINDS], { create: true });
if (needsLoad) {
  started = process.hrtime.bigint();
  await loadDirectory(url, dir, kindId);
  await markLoaded(server.adminUrl, signature);
  const seconds = (elapsed(started) / 1000).toFixed(1);
  log(`loaded into ${new URL(url).pathname.slice(1)} (batched INSERT ... unnest, indexes rebuilt, VACUUM ANALYZE) in ${seconds} s`);
} else {
  log(`re-using ${new URL(url).pathname.slice(1)}, loaded earlier with the same directory`);
}

const traversable = new Set(AD_PATHFINDING_EDGE_KINDS);
const graph = new InMemoryGraph(dir, EDGE_KINDS.map((k) => traversable.has(k)));
const questions = pickQuestions(dir, graph, options.runs, options.seed);
const pathfinder = new PgPathfinder(database, registry);
const naive = new NaiveCte(url, options.naiveTimeoutMs);
await naive.open();
const traversableIds = [...(await registry.idsFor(AD_PATHFINDING_EDGE_KINDS, { create: false })).values()];

const engine = (q) => pathfinder.shortestPaths({
  startIds: q.starts.map(String), endIds: q.ends.map(String), edgeKinds: AD_PATHFINDING_EDGE_KINDS,
  direction: 'outbound', all: false, maxDepth: 15, limit: 10_000,
});
const searchOnly = (q) => database.transaction((manager) => searchPaths(
  planForSets(q.starts.map(String), q.ends.map(String)),
  { mode: 'shortest', direction: 'out', distinctEnds: false, minDepth: 1, maxDepth: 15, limit: 10_000 },
  new SqlFrontierSource(manager, traversableIds),
), { readOnly: true });
const lengths = (paths) => paths.map((p) => (p.nodes ?? p).length - 1).sort((a, b) => a - b).join(',');

for (const question of questions) for (const q of question.instances.slice(0, 2)) await engine(q);

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const ms = (value) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(2)} ms`);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
log(`load average before the questions: ${load()} (other work on the machine inflates the engine's figures most)`);
log('');
log(`${'question'.padEnd(44)} ${'method'.padEnd(10)} ${'median'.padStart(10)} ${'p95'.padStart(10)}   notes`);
for (const question of questions) {
  const times = { engine: [], search: [], memory: [], naive: [] };
  let mismatches = 0;
  let naiveTimeout = false;
  let pathCount = 0;
  let hops = 0;
  for (const q of question.instances) {
    let t = process.hrtime.bigint();
    const ours = await engine(q);
    times.engine.push(elapsed(t));
    t = process.hrtime.bigint();
    await searchOnly(q);
    times.search.push(elapsed(t));
    t = process.hrtime.bigint();
    const expected = graph.shortestPaths(q.starts, q.ends);
    times.memory.push(elapsed(t));
    if (lengths(ours) !== lengths(expected)) mismatches++;
    pathCount += ours.length;
    hops += ours.reduce((sum, p) => sum + p.edges.length, 0);
    if (!naiveTimeout) {
      t = process.hrtime.bigint();
      const answer = await naive.shortestPaths(q.starts, q.ends, traversableIds);
      if (answer === 'timeout') naiveTimeout = true;
      else times.naive.push(elapsed(t));
    }
  }
  const row = (method, values, note = '') => log(`${''.padEnd(44)} ${method.padEnd(10)} ${ms(quantile(values, 0.5)).padStart(10)} ${ms(quantile(values, 0.95)).padStart(10)}   ${note}`);
  log(`${question.title} (${question.instances.length} instances)`);
  const avgPaths = pathCount / question.instances.length;
  row('engine', times.engine, `${avgPaths.toFixed(1)} paths/answer, ${pathCount ? (hops / pathCount).toFixed(1) : '-'} hops/path${mismatches ? `, ${mismatches} answers differ from in-memory!` : ''}`);
  row('(search)', times.search, 'the engine without hydrating nodes and edges');
  row('in-memory', times.memory);
  const engineMedian = quantile(times.engine, 0.5);
  const memoryRatio = `engine / in-memory ${(engineMedian / quantile(times.memory, 0.5)).toFixed(1)}x`;
  if (naiveTimeout) {
    log(`${''.padEnd(44)} ${'naive CTE'.padEnd(10)} ${'timeout'.padStart(10)} ${''.padStart(10)}   hit the ${options.naiveTimeoutMs} ms cap after ${times.naive.length} answered`);
    log(`${''.padEnd(44)} ratios: ${memoryRatio}, naive / engine > ${(options.naiveTimeoutMs / engineMedian).toFixed(0)}x`);
  } else {
    row('naive CTE', times.naive);
    log(`${''.padEnd(44)} ratios: ${memoryRatio}, naive / engine ${(quantile(times.naive, 0.5) / engineMedian).toFixed(1)}x`);
  }
}

log(`load average after: ${load()}`);
await naive.close();
await dataSource.destroy();
// A tiny run's database is worth nothing to a later --reuse.
if (tiny) await dropDatabase(server.adminUrl);
await server.stop();
