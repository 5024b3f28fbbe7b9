// Traversal index build (issue 15): builds the in-memory index from the graph bench's database and prints the
// build time, its bytes, bytes per edge, the process RSS and the longest event-loop stall during the build.
// Loads `pathwarden_bench` first unless it holds the same directory already (the signature bench:graph uses, so
// either bench reuses the other's load). Never fails on timing.
// Usage: node bench/graph/index-build.mjs [--nodes 100000 --edges 1000000 --seed 1 --runs 3 --dist dist]
import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { generateDirectory, EDGE_KINDS, NODE_TYPES } from './directory.mjs';
import { benchServer, loadDirectory, markLoaded, prepareDatabase } from './load.mjs';
import { sized } from '../size.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const options = {
  nodes: Number(args.nodes ?? sized(100_000, 2_000)),
  edges: Number(args.edges ?? sized(1_000_000, 10_000)),
  seed: Number(args.seed ?? 1),
  runs: Number(args.runs ?? sized(3, 1)),
};
const dist = resolve(args.dist ?? 'dist');

const { Database, dataSourceOptions, platformMigrations } = await import(`${dist}/libs/platform/src/index.js`);
const { migrations } = await import(`${dist}/apps/api/src/migrations.js`);
const { PgKindRegistry } = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-kind-registry.js`);
const { buildTraversalIndex } = await import(`${dist}/libs/graph/src/infrastructure/memory/traversal-index-builder.js`);
const { DataSource } = await import('typeorm');

const elapsed = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

const server = await benchServer(dist);
const signature = `pathwarden graph bench: nodes=${options.nodes} edges=${options.edges} seed=${options.seed}`;
const { url, load } = await prepareDatabase(server.adminUrl, signature, true);
const dataSource = new DataSource(dataSourceOptions(url, [...platformMigrations, ...migrations]));
await dataSource.initialize();
const database = new Database(dataSource);
if (load) {
  const registry = new PgKindRegistry(database);
  await registry.onModuleInit();
  const kindId = await registry.idsFor(['Base', 'Tag_Tier_Zero', ...NODE_TYPES, ...EDGE_KINDS], { create: true });
  const started = process.hrtime.bigint();
  await loadDirectory(url, generateDirectory(options), kindId);
  await markLoaded(server.adminUrl, signature);
  console.log(`loaded ${options.nodes} nodes and ${options.edges} edges in ${(elapsed(started) / 1000).toFixed(1)} s`);
}

console.log(`index build: ${new URL(url).pathname.slice(1)} (${signature}), ${options.runs} runs`);
console.log(`before: rss ${mb(process.memoryUsage().rss)}`);
let index;
for (let run = 1; run <= options.runs; run++) {
  index = undefined;
  globalThis.gc?.();
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const started = process.hrtime.bigint();
  index = await buildTraversalIndex(database, { maxBytes: 2 ** 40, readVersion: async () => 0 });
  const ms = elapsed(started);
  stalls.disable();
  const memory = process.memoryUsage();
  console.log(
    `run ${run}: ${ms.toFixed(0)} ms, ${index.nodeCount} nodes, ${index.edgeCount} edges, ` +
      `${mb(index.bytes)} (${(index.bytes / index.edgeCount).toFixed(1)} B/edge), ` +
      `rss ${mb(memory.rss)}, array buffers ${mb(memory.arrayBuffers)}, peak rss ${mb(process.resourceUsage().maxRSS * 1024)}, ` +
      `longest event-loop stall ${(stalls.max / 1e6).toFixed(1)} ms`,
  );
}
await dataSource.destroy();
await server.stop();
