// Shortest-path benchmark on a synthetic directory. Generates the directory, loads it into a fresh database
// (DATABASE_URL's server, or an embedded PostgreSQL), then asks realistic questions several ways (methods.mjs,
// index-methods.mjs): the engine (PgPathfinder.shortestPaths from the build, with hydration, as the endpoint runs
// it) and its search alone, a breadth-first search over the same graph held in memory with and without the
// engine's hydration statement, one naive recursive CTE and pgRouting's pgr_bdDijkstra (both capped by
// statement_timeout; pgRouting skipped where the extension cannot be installed). Prints p50 and p95 per question and
// method, and the ratios. Never fails on timing.
// Usage: npm run bench:graph [-- --nodes 100000 --edges 1000000 --seed 1 --runs 20 --naive-timeout 10000
//   --pgrouting-timeout <naive-timeout> --reuse]
// Each size has its own database, pathwarden_bench_<nodes>_<edges> (--reuse keeps one loaded earlier with the same
// directory; --dist points at another build output than dist/). 1M nodes and 10M edges fit in a few GiB.
// BENCH_SIZE=tiny: 2,000 nodes, 10,000 edges, 2 runs, the database dropped after.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { buildModules } from './build-modules.mjs';
import { generateDirectory, EDGE_KINDS, NODE_TYPES } from './directory.mjs';
import { InMemoryGraph } from './in-memory.mjs';
import { catchUpFigures, indexMethods } from './index-methods.mjs';
import { benchServer, dropDatabase, graphBenchDatabase, loadDirectory, markLoaded, objectidOf, prepareDatabase } from './load.mjs';
import { measureQuestion, warmUp } from './measure.mjs';
import { baselineMethods } from './methods.mjs';
import { NaiveCte } from './naive-cte.mjs';
import { PgRouting } from './pgrouting.mjs';
import { pickQuestions } from './questions.mjs';
import { varLengthFigures } from './var-length.mjs';
import { printLegend, printQuestion } from './report.mjs';
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
options.pgRoutingTimeoutMs = Number(args['pgrouting-timeout'] ?? options.naiveTimeoutMs);
const lib = await buildModules(resolve(args.dist ?? 'dist'));
const { DataSource } = await import('typeorm');

const elapsed = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const seconds = (from) => `${(elapsed(from) / 1000).toFixed(1)} s`;
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const log = (line = '') => console.log(line);

log(`graph bench: ${options.nodes} nodes, ${options.edges} edges, seed ${options.seed}, ${options.runs} runs per question`);
let started = process.hrtime.bigint();
const dir = generateDirectory(options);
log(`generated ${dir.nodeCount} nodes and ${dir.edgeCount} edges in ${seconds(started)}`);

const server = await benchServer(resolve(args.dist ?? 'dist'));
const { database: databaseName, signature } = graphBenchDatabase(options);
const { url, load: needsLoad } = await prepareDatabase(server.adminUrl, signature, options.reuse, databaseName);
const dataSource = new DataSource({ ...lib.dataSourceOptions(url, lib.migrations), logging: false });
await dataSource.initialize();
const database = new lib.Database(dataSource);
const registry = new lib.PgKindRegistry(database);
await registry.onModuleInit();
const kindId = await registry.idsFor(['Base', 'Tag_Tier_Zero', ...NODE_TYPES, ...EDGE_KINDS], { create: true });
if (needsLoad) {
  started = process.hrtime.bigint();
  await loadDirectory(url, dir, kindId);
  await markLoaded(server.adminUrl, signature, databaseName);
  log(`loaded into ${databaseName} (COPY, indexes rebuilt, VACUUM ANALYZE) in ${seconds(started)}`);
} else {
  log(`re-using ${databaseName}, loaded earlier with the same directory`);
}

const edgeKinds = lib.AD_PATHFINDING_EDGE_KINDS;
const traversable = new Set(edgeKinds);
started = process.hrtime.bigint();
const graph = new InMemoryGraph(dir, EDGE_KINDS.map((k) => traversable.has(k)));
const traversableEdges = graph.out.targets.length;
log(`in-memory baseline: ${traversableEdges} traversable edges in ${seconds(started)}, ${mib(graph.bytes)} of arrays `
  + `(${(graph.bytes / traversableEdges).toFixed(1)} B per edge, both directions and scratch); `
  + `process RSS ${mib(process.memoryUsage().rss)} after it (the generated directory and the build's modules included)`);
started = process.hrtime.bigint();
const questions = pickQuestions(dir, graph, options.runs, options.seed);
log(`picked ${questions.length} questions in ${seconds(started)}`);

const naive = new NaiveCte(url, options.naiveTimeoutMs);
await naive.open();
let pgRouting = new PgRouting(url, options.pgRoutingTimeoutMs);
const skipped = await pgRouting.open();
if (skipped) {
  log(skipped);
  pgRouting = undefined;
}
const traversableIds = [...(await registry.idsFor(edgeKinds, { create: false })).values()];
const context = { lib, database, registry, graph, edgeKinds, traversableIds, naive, pgRouting, log };
const methods = [...(await indexMethods(context)), ...baselineMethods(context)];

await warmUp(questions, methods);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
log(`load average before the questions: ${load()} (other work on the machine inflates the SQL figures most)`);
log('');
printLegend(methods, log);
for (const question of questions) {
  const measured = await measureQuestion(question, methods, (q) => graph.shortestPaths(q.starts, q.ends));
  printQuestion(question, measured, methods, log);
}

log('');
log(`load average after: ${load()}`);
await varLengthFigures(context, dir, (id) => objectidOf(dir, id), Math.min(options.runs, 7));
await catchUpFigures(context, dir.nodeCount);
await context.keeper?.onModuleDestroy();
await naive.close();
await pgRouting?.close();
await dataSource.destroy();
// A tiny run's database is worth nothing to a later --reuse.
if (tiny) await dropDatabase(server.adminUrl, databaseName);
await server.stop();
