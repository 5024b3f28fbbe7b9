// The in-memory search (searchInMemory over a TraversalIndex) against the plain typed-array BFS of in-memory.mjs,
// on the generated directory and the questions of bench:graph, without PostgreSQL: p50 and p95 per question, the
// ratio, and whether the path lengths agree. Prints figures, never fails on time.
// Usage: npm run build && node bench/graph/memory-search.mjs [--nodes 100000 --edges 1000000 --seed 1 --runs 20]
import { resolve } from 'node:path';
import { generateDirectory, EDGE_KINDS } from './directory.mjs';
import { InMemoryGraph } from './in-memory.mjs';
import { pickQuestions } from './questions.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const options = {
  nodes: Number(args.nodes ?? 100_000), edges: Number(args.edges ?? 1_000_000), seed: Number(args.seed ?? 1), runs: Number(args.runs ?? 20),
};
const dist = resolve(args.dist ?? 'dist');
const { AD_PATHFINDING_EDGE_KINDS } = await import(`${dist}/libs/graph/src/index.js`);
const { planForSets } = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-bfs-plan.js`);
const { TraversalIndex } = await import(`${dist}/libs/graph/src/infrastructure/memory/traversal-index.js`);
const { searchInMemory } = await import(`${dist}/libs/graph/src/infrastructure/memory/memory-search.js`);

const elapsed = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const dir = generateDirectory(options);
const traversable = new Set(AD_PATHFINDING_EDGE_KINDS);
const graph = new InMemoryGraph(dir, EDGE_KINDS.map((k) => traversable.has(k)));
const questions = pickQuestions(dir, graph, options.runs, options.seed);

// Kind ids: the kind's position + 1; every edge is indexed, the search filters by kind as the engine does.
let started = process.hrtime.bigint();
const nodes = Array.from({ length: dir.nodeCount }, (_, i) => ({ id: i + 1, kinds: [] }));
const edges = Array.from({ length: dir.edgeCount }, (_, i) => ({ id: i + 1, start: dir.start[i], end: dir.end[i], kind: dir.kind[i] + 1 }));
const index = TraversalIndex.fromElements(nodes, edges);
console.log(`${dir.nodeCount} nodes, ${dir.edgeCount} edges; index built in ${(elapsed(started) / 1000).toFixed(1)} s`);
const edgeKinds = EDGE_KINDS.flatMap((k, i) => (traversable.has(k) ? [i + 1] : []));
const semantics = { mode: 'shortest', direction: 'out', distinctEnds: false, minDepth: 1, maxDepth: 15, limit: 10_000 };
const search = (q) => searchInMemory(index, planForSets(q.starts.map(String), q.ends.map(String)), semantics, { edgeKinds });
const lengths = (paths) => paths.map((p) => (p.nodeIds ?? p).length - 1).sort((a, b) => a - b).join(',');

for (const question of questions) for (const q of question.instances.slice(0, 3)) await search(q);
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
const ms = (value) => `${value.toFixed(2)} ms`.padStart(10);
console.log(`${'question'.padEnd(44)} ${'method'.padEnd(10)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}`);
for (const question of questions) {
  const times = { memory: [], search: [] };
  let differ = 0;
  for (const q of question.instances) {
    let t = process.hrtime.bigint();
    const ours = await search(q);
    times.search.push(elapsed(t));
    t = process.hrtime.bigint();
    const expected = graph.shortestPaths(q.starts, q.ends);
    times.memory.push(elapsed(t));
    if (lengths(ours) !== lengths(expected)) differ++;
  }
  console.log(`${question.title} (${question.instances.length} instances)${differ ? `, ${differ} answers differ!` : ''}`);
  for (const [method, values] of [['search', times.search], ['in-memory', times.memory]]) {
    console.log(`${''.padEnd(44)} ${method.padEnd(10)} ${ms(quantile(values, 0.5))} ${ms(quantile(values, 0.95))}`);
  }
  console.log(`${''.padEnd(44)} search / in-memory at p50 ${(quantile(times.search, 0.5) / quantile(times.memory, 0.5)).toFixed(2)}x`);
}
