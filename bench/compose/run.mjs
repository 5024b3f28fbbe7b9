// Edge-composition benchmark on the graph bench's synthetic directory plus a public-key infrastructure in its
// first domain: a root CA, two enterprise CAs (one chained through the other), an NTAuth store, Authenticated Users
// and Everyone, and certificate templates on which popular (deeply nested) groups hold enrolment rights, some
// enrollment-agent templates enrolling on behalf of others, and a computer that a popular group administers.
// Boots the real application context from the build on that database twice, GRAPH_TRAVERSAL_INDEX=off then on (the
// index built and current first), and times EdgeCompositionService.compose (what GET
// /api/v2/graphs/edge-composition runs) for ADCSESC1, ADCSESC3, ADCSESC4 from the most nested user, and
// CoerceAndRelayNTLMToSMB to that computer. Prints median and p95, SQL statements per composition (BEGIN, COMMIT
// and set_config included), the answer's size and a digest of its node and edge ids (equal digests: equal answers),
// and which source answered the hops when the build counts them.
// Never fails on timing.
// Usage: npm run bench:compose [-- --nodes 100000 --edges 1000000 --seed 1 --runs 5 --reuse]
// (its own database, pathwarden_bench_compose; --reuse keeps one loaded earlier with the same directory; --dist
// points at another build output. BENCH_SIZE=tiny: 3,000 nodes, 15,000 edges, 1 run, the database dropped after.)
import pg from 'pg';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateDirectory } from '../graph/directory.mjs';
import { benchAppEnv } from '../app-env.mjs';
import { benchServer, dropDatabase, markLoaded, migrateAndLoad, prepareDatabase } from '../graph/load.mjs';
import { pkiOf } from './pki.mjs';
import { sized, tiny } from '../size.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const options = {
  nodes: Number(args.nodes ?? sized(100_000, 3_000)),
  edges: Number(args.edges ?? sized(1_000_000, 15_000)),
  seed: Number(args.seed ?? 1),
  runs: Math.max(1, Number(args.runs ?? sized(5, 1))),
  reuse: 'reuse' in args,
};
const dist = resolve(args.dist ?? 'dist');
const DATABASE = 'pathwarden_bench_compose';

const elapsed = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const log = (line = '') => console.log(line);
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const ms = (value) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);

// Every SQL statement the process sends: read as deltas around a composition, its round trips.
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...a) {
  statements++;
  return clientQuery.apply(this, a);
};

log(`composition bench: ${options.nodes} nodes, ${options.edges} edges, seed ${options.seed}, ${options.runs} runs`);
let started = process.hrtime.bigint();
const dir = generateDirectory(options);
const pki = pkiOf(dir, options.seed);
log(`generated ${dir.nodeCount} nodes and ${dir.edgeCount} edges (+ ${pki.nodes.length} PKI nodes, ${pki.edges.length} edges) `
  + `in ${(elapsed(started) / 1000).toFixed(1)} s`);

const server = await benchServer(dist);
const signature = `pathwarden composition bench: nodes=${options.nodes} edges=${options.edges} seed=${options.seed} pki=2`;
const { url, load: needsLoad } = await prepareDatabase(server.adminUrl, signature, options.reuse, DATABASE);
if (needsLoad) {
  started = process.hrtime.bigint();
  await migrateAndLoad(dist, url, dir);
  log(`loaded into ${DATABASE} (bench/graph's loader) in ${(elapsed(started) / 1000).toFixed(1)} s`);
} else {
  log(`re-using ${DATABASE}, loaded earlier with the same directory`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'pathwarden-bench-compose-'));
const { NestFactory } = await import('@nestjs/core');
const { AppModule } = await import(`${dist}/apps/api/src/app.module.js`);
const { runWithRequestContext } = await import(`${dist}/libs/platform/src/index.js`);
const graphLib = await import(`${dist}/libs/graph/src/index.js`);
const { EdgeCompositionService } = await import(`${dist}/libs/graph/src/application/edge-composition-service.js`);
// Builds before the index answered compositions have no hop counts.
const walks = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-graph-walks.js`).catch(() => undefined);

/** Boots the application context with the traversal index on or off. */
async function boot(index) {
  Object.assign(process.env, benchAppEnv(url, dataDir, {
    GRAPH_RESULT_LIMIT: '1000000',
    GRAPH_QUERY_TIMEOUT: '600',
    GRAPH_TRAVERSAL_INDEX: index,
  }));
  return NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
}

const underDeadline = (fn) => runWithRequestContext({ requestId: 'bench-compose', deadline: Date.now() + 600_000 }, fn);

const app = await boot('off');
const store = app.get(graphLib.GraphStore, { strict: false });
if (needsLoad) {
  started = process.hrtime.bigint();
  await underDeadline(async () => {
    await store.upsertNodes(pki.nodes);
    await store.upsertEdges(pki.edges);
  });
  await markLoaded(server.adminUrl, signature, DATABASE);
  log(`PKI written through GraphStore in ${(elapsed(started) / 1000).toFixed(1)} s`);
}
const ids = new Map((await underDeadline(() => store.nodesByObjectIds(pki.named))).map((n) => [n.properties.objectid, n.id]));
const questions = pki.composites.map(({ kind, from, to }) => ({ kind, from: ids.get(from), to: ids.get(to) }));
await app.close();

log(`load average: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
log('');
log('composition                 index  p50        p95        statements  nodes+edges  digest    hops memory/sql');
for (const mode of ['off', 'on']) {
  const context = await boot(mode);
  if (mode === 'on') {
    const keeper = context.get(graphLib.TraversalIndexKeeper);
    started = process.hrtime.bigint();
    keeper.startBackground();
    await keeper.settled();
    log(`(index ${keeper.status().state} in ${(elapsed(started) / 1000).toFixed(1)} s: ${keeper.status().edges} edges)`);
  }
  const service = context.get(EdgeCompositionService, { strict: false });
  const counter = walks ? context.get(walks.PgGraphWalks, { strict: false }) : undefined;
  for (const q of questions) {
    const times = [];
    let size = 0;
    let digest = '';
    let used = 0;
    const hopsBefore = counter ? { ...counter.counts } : undefined;
    // One warm-up run (plans, caches), then the measured ones.
    for (let run = 0; run <= options.runs; run++) {
      const before = statements;
      const t = process.hrtime.bigint();
      const result = await underDeadline(() => service.compose(q.from, q.to, q.kind));
      if (run > 0) times.push(elapsed(t));
      used = statements - before;
      size = result.nodes.length + result.edges.length;
      digest = createHash('sha1').update(JSON.stringify([result.nodes.map((n) => n.id), result.edges.map((e) => e.id)]))
        .digest('hex').slice(0, 8);
    }
    const hops = counter
      ? `${counter.counts.memory - hopsBefore.memory}/${counter.counts.sql - hopsBefore.sql}`
      : '-';
    log(`${q.kind.padEnd(28)}${mode.padEnd(7)}${ms(quantile(times, 0.5)).padEnd(11)}${ms(quantile(times, 0.95)).padEnd(11)}`
      + `${String(used).padEnd(12)}${String(size).padEnd(13)}${digest.padEnd(10)}${hops}`);
  }
  await context.close();
}

if (tiny) await dropDatabase(server.adminUrl, DATABASE);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
