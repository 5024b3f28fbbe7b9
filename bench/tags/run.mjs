// Asset-group-tag evaluation benchmark on the graph bench's synthetic directory. Generates and loads the directory
// the same way as bench/graph (its own database, `pathwarden_bench_tags`, so the two benches never clobber each
// other), adds the few Tier Zero objects the generator lacks, boots the real application context from the build
// on that database, and times with process.hrtime.bigint():
//   1. TagEvaluation.evaluateTag(1) (evaluateTags([1]) in builds without it), Tier Zero with its seeded
//      selectors: the first (cold) run, then re-runs (steady), first before the in-memory traversal index is built
//      (group expansion in SQL), then again from no member rows with the index built as the server builds it; then
//      re-runs after a small change (one MemberOf edge into Domain Admins added, then removed);
//   2. two label tags: one Cypher selector of 10,000 users, one objectid selector of a big nested group expanded to
//      its members: cold, then re-runs;
//   3. GraphStore.replaceKindMembers alone for 10k and 50k node ids: add to empty, unchanged, swap half;
//   4. the member list (what GET /api/v2/asset-group-tags/{id}/members runs, through MemberQueries): page 1 and a
//      deep page, sorted by name.
// Prints median and p95 per case, member counts, SQL round trips and where an evaluation spends its time (phases
// are summed over the selectors, which run a few at a time, so they can add up to more than the wall time: "other"
// is then negative). Never fails on timing.
// Usage: npm run bench:tags [-- --nodes 100000 --edges 1000000 --seed 1 --runs 10 --reuse]
// (--reuse keeps a pathwarden_bench_tags database loaded earlier with the same nodes/edges/seed: the load is
// skipped, and the tag state of the previous run is reset first; --dist points at another build output.
// BENCH_SIZE=tiny: 3,000 nodes, 15,000 edges, 1 run, the database dropped after.)
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateDirectory, EDGE_KINDS, NODE_TYPES } from '../graph/directory.mjs';
import { benchAppEnv } from '../app-env.mjs';
import { benchServer, dropDatabase, markLoaded, migrateAndLoad, prepareDatabase } from '../graph/load.mjs';
import { sized, tiny } from '../size.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const options = {
  nodes: Number(args.nodes ?? sized(100_000, 3_000)),
  edges: Number(args.edges ?? sized(1_000_000, 15_000)),
  seed: Number(args.seed ?? 1),
  runs: Math.max(1, Number(args.runs ?? sized(10, 1))),
  reuse: 'reuse' in args,
};
const dist = resolve(args.dist ?? 'dist');
const DATABASE = 'pathwarden_bench_tags';
const GRAPH_QUERY_TIMEOUT = 600;
const GRAPH_RESULT_LIMIT = 200_000;

const elapsed = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const log = (line = '') => console.log(line);
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
const ms = (value) => (value === undefined ? '-' : value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(2)} ms`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

// Every SQL statement the process sends (the app's pool and the bench's own clients): read as deltas around a
// measured call, it is the round-trip count of that call (BEGIN/COMMIT and set_config included).
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...a) {
  statements++;
  return clientQuery.apply(this, a);
};

log(`tag bench: ${options.nodes} nodes, ${options.edges} edges, seed ${options.seed}, ${options.runs} runs per case`);
let started = process.hrtime.bigint();
const dir = generateDirectory(options);
log(`generated ${dir.nodeCount} nodes and ${dir.edgeCount} edges in ${(elapsed(started) / 1000).toFixed(1)} s`);

// --- the directory in its own database, loaded as bench/graph loads it ---------------------------------------
const server = await benchServer(dist);
const signature = `pathwarden tag bench: nodes=${options.nodes} edges=${options.edges} seed=${options.seed}`;
const { url, load: needsLoad } = await prepareDatabase(server.adminUrl, signature, options.reuse, DATABASE);
if (needsLoad) {
  started = process.hrtime.bigint();
  await migrateAndLoad(dist, url, dir);
  await markLoaded(server.adminUrl, signature, DATABASE);
  log(`loaded into ${DATABASE} (bench/graph's loader) in ${(elapsed(started) / 1000).toFixed(1)} s`);
} else {
  log(`re-using ${DATABASE}, loaded earlier with the same directory`);
}

// --- the application context on that database ---------------------------------------------------------------
const dataDir = mkdtempSync(join(tmpdir(), 'pathwarden-bench-tags-'));
Object.assign(process.env, benchAppEnv(url, dataDir, {
  GRAPH_RESULT_LIMIT: String(GRAPH_RESULT_LIMIT),
  GRAPH_QUERY_TIMEOUT: String(GRAPH_QUERY_TIMEOUT),
}));
const { NestFactory } = await import('@nestjs/core');
const { AppModule } = await import(`${dist}/apps/api/src/app.module.js`);
const { Database, parseListQuery, runWithRequestContext } = await import(`${dist}/libs/platform/src/index.js`);
const { CypherService, GraphStore } = await import(`${dist}/libs/graph/src/index.js`);
const { TagEvaluation } = await import(`${dist}/libs/asset-groups/src/application/tag-evaluation.js`);
const { TagCommands } = await import(`${dist}/libs/asset-groups/src/application/tag-commands.js`);
const { SelectorCommands } = await import(`${dist}/libs/asset-groups/src/application/selector-commands.js`);
const { MemberQueries } = await import(`${dist}/libs/asset-groups/src/application/member-queries.js`);
const { MembershipStore } = await import(`${dist}/libs/asset-groups/src/application/ports.js`);
const { MEMBER_LIST } = await import(`${dist}/libs/asset-groups/src/application/list-specs.js`);
const { TagType, TIER_ZERO_TAG_ID, tagKindName } = await import(`${dist}/libs/asset-groups/src/domain/tag.js`);
const { SeedType, MemberSource } = await import(`${dist}/libs/asset-groups/src/domain/selector.js`);
const { MAX_SELECTOR_MEMBERS } = await import(`${dist}/libs/asset-groups/src/domain/expansion.js`);

started = process.hrtime.bigint();
const app = await NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
const get = (token) => app.get(token, { strict: false });
const evaluation = get(TagEvaluation);
const tagCommands = get(TagCommands);
const selectorCommands = get(SelectorCommands);
const memberQueries = get(MemberQueries);
const membership = get(MembershipStore);
const graph = get(GraphStore);
const cypher = get(CypherService);
const database = get(Database);
// The traversal index and the walks that read it (absent from builds before them: those cases are skipped).
const graphExports = await import(`${dist}/libs/graph/src/index.js`);
const keeper = graphExports.TraversalIndexKeeper ? get(graphExports.TraversalIndexKeeper) : undefined;
const walks = graphExports.GraphWalks ? get(graphExports.GraphWalks) : undefined;
log(`application context booted on ${DATABASE} in ${(elapsed(started) / 1000).toFixed(1)} s ` +
  `(GRAPH_RESULT_LIMIT ${GRAPH_RESULT_LIMIT}, GRAPH_QUERY_TIMEOUT ${GRAPH_QUERY_TIMEOUT} s, LOG_LEVEL silent)`);

/** Work outside HTTP runs under a deadline as a request with Prefer: wait=600 would (the default is 30 s). */
const underDeadline = (fn, seconds = GRAPH_QUERY_TIMEOUT) =>
  runWithRequestContext({ requestId: 'bench-tags', deadline: Date.now() + seconds * 1000 }, fn);
const [{ id: actor }] = await database.query(
  `SELECT id::text AS id FROM users WHERE lower(principal_name) = 'admin' AND deleted_at IS NULL`,
);

// Where an evaluation spends its time: the stores and the Cypher service TagEvaluation calls, timed in place.
const phases = {};
const instrument = (target, method, phase) => {
  const original = target[method].bind(target);
  target[method] = async (...a) => {
    const t = process.hrtime.bigint();
    try {
      return await original(...a);
    } finally {
      const entry = (phases[phase] ??= { ms: 0, calls: 0 });
      entry.ms += elapsed(t);
      entry.calls++;
    }
  };
};
instrument(cypher, 'selectNodes', 'seeds');
instrument(graph, 'nodesByObjectIds', 'seeds');
instrument(graph, 'neighbours', 'expansion');
if (walks) instrument(walks, 'read', 'expansion');
instrument(membership, 'replaceSelectorMembers', 'member rows');
if (graph.nodesDigest) instrument(graph, 'nodesDigest', 'digest');
if (membership.keepSelectorMembers) instrument(membership, 'keepSelectorMembers', 'member rows');
instrument(membership, 'memberNodeIds', 'tag kind');
instrument(graph, 'replaceKindMembers', 'tag kind');
const resetPhases = () => {
  for (const key of Object.keys(phases)) delete phases[key];
};

/** Runs `fn`, answering its result, wall time and SQL statement count. */
async function measure(fn) {
  resetPhases();
  const before = statements;
  const t = process.hrtime.bigint();
  const result = await fn();
  const time = elapsed(t);
  return { result, ms: time, statements: statements - before, phases: structuredClone(phases) };
}

// --- the objects the seeded Tier Zero selectors look for and the generator lacks -----------------------------
// The generator gives domains (objectid = domain SID), <SID>-512 Domain Admins, -519 Enterprise Admins (root
// only), -516 Domain Controllers and DCs, -544/-548/-551 (as <SID>-5xx, not the BUILTIN form <DOMAIN>-S-1-5-32-5xx
// the Administrators/Backup Operators rules match), -513, -515. Added per domain: the -500 Administrator (member of
// Domain Admins and Administrators), -526 Key Admins, the AdminSDHolder container; in the forest root: -518 Schema
// Admins, -527 Enterprise Key Admins, <DOMAIN>-S-1-5-9 Enterprise Domain Controllers with every DC as member.
const domainSid = (d) => `S-1-5-21-1000-2000-${3000 + d}`;
const objectIdOf = (id) => (dir.rid[id] === 0 ? domainSid(dir.domainOf[id]) : `${domainSid(dir.domainOf[id])}-${dir.rid[id]}`);
const domainCount = dir.byDomain.length;
const extraNodes = [];
const extraEdges = [];
const member = (start, end) => extraEdges.push({ startObjectId: start, endObjectId: end, kind: 'MemberOf', properties: {} });
for (let d = 0; d < domainCount; d++) {
  const sid = domainSid(d);
  const domain = `CORP${d}.LOCAL`;
  const node = (objectid, kind, name, properties = {}) =>
    extraNodes.push({ objectid, kinds: ['Base', kind], properties: { name: `${name}@${domain}`, domainsid: sid, ...properties } });
  node(`${sid}-500`, 'User', 'ADMINISTRATOR');
  member(`${sid}-500`, `${sid}-512`);
  member(`${sid}-500`, `${sid}-544`);
  node(`${sid}-526`, 'Group', 'KEY ADMINS');
  node(`ADMINSDHOLDER-${String(d).padStart(4, '0')}-0000-0000-000000000000`, 'Container', 'ADMINSDHOLDER', {
    distinguishedname: `CN=ADMINSDHOLDER,CN=SYSTEM,DC=CORP${d},DC=LOCAL`,
  });
  if (d === 0) {
    node(`${sid}-518`, 'Group', 'SCHEMA ADMINS');
    node(`${sid}-527`, 'Group', 'ENTERPRISE KEY ADMINS');
    node(`${domain}-S-1-5-9`, 'Group', 'ENTERPRISE DOMAIN CONTROLLERS');
  }
}
const domainControllers = dir.tierZero.filter((id) => NODE_TYPES[dir.type[id]] === 'Computer');
for (const dc of domainControllers) member(objectIdOf(dc), 'CORP0.LOCAL-S-1-5-9');
await underDeadline(async () => {
  await graph.upsertNodes(extraNodes);
  await graph.upsertEdges(extraEdges);
});
log(`added ${extraNodes.length} nodes and ${extraEdges.length} MemberOf edges through GraphStore.upsertNodes/upsertEdges ` +
  '(-500 Administrators, -518, -526, -527, Enterprise DCs, AdminSDHolder containers)');

// --- the label tags' selections, sized from the generated directory ------------------------------------------
const USER = NODE_TYPES.indexOf('User');
const GROUP = NODE_TYPES.indexOf('Group');
const users = dir.byDomain.reduce((sum, lists) => sum + lists[USER].length, 0);
// Users are named USER000000..USERnnnnnn across the domains: the first 10,000 names start with USER00.
const CYPHER_SELECTOR = "MATCH (n:User) WHERE n.name STARTS WITH 'USER00' RETURN n";
const cypherExpected = Math.min(users, 10_000);

// Transitive members (inbound MemberOf) of the generator's custom groups of the root domain: the largest one
// within the selector member limit is the big group.
const MEMBER_OF = EDGE_KINDS.indexOf('MemberOf');
const membersOf = new Map();
for (let i = 0; i < dir.edgeCount; i++) {
  if (dir.kind[i] !== MEMBER_OF) continue;
  const list = membersOf.get(dir.end[i]);
  if (list) list.push(dir.start[i]);
  else membersOf.set(dir.end[i], [dir.start[i]]);
}
const closure = (group) => {
  const seen = new Set([group]);
  let frontier = [group];
  let levels = 0;
  while (frontier.length > 0) {
    const next = [];
    for (const g of frontier) for (const m of membersOf.get(g) ?? []) if (!seen.has(m)) { seen.add(m); next.push(m); }
    if (next.length > 0) levels++;
    frontier = next;
  }
  return { size: seen.size, levels, direct: membersOf.get(group)?.length ?? 0 };
};
const candidates = dir.byDomain[0][GROUP].filter((g) => dir.rid[g] >= 1000).slice(0, 20)
  .map((g) => ({ id: g, ...closure(g) })).filter((c) => c.size <= MAX_SELECTOR_MEMBERS);
const bigGroup = candidates.sort((a, b) => b.size - a.size)[0];
const bigGroupObjectId = objectIdOf(bigGroup.id);

// --- a known starting state: the directory as loaded (also after a --reuse of a previous run's database) ----
const BENCH_TAGS = { cypher: 'Bench Cypher Users', group: 'Bench Big Group' };
const REPLACE_KIND = 'Tag_Bench_Replace';
const vacuum = async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('VACUUM ANALYZE node, asset_group_tag_selector_nodes, asset_group_tag_selectors');
  await client.end();
};
/** No member rows or digests, Tag_Tier_Zero on the generator's Tier Zero nodes only, no bench tags. */
const reset = async () => {
  await underDeadline(async () => {
    const stale = await database.query('SELECT id FROM asset_group_tags WHERE name = ANY($1::text[])', [Object.values(BENCH_TAGS)]);
    for (const { id } of stale) await tagCommands.delete(Number(id));
    await database.query('DELETE FROM asset_group_tag_selector_nodes');
    await database.query('UPDATE asset_group_tag_selectors SET last_evaluated_at = NULL, last_error = NULL, members_digest = NULL');
    // The kind is written below behind evaluation's back: its record of what it applied last must go too.
    await database.query('UPDATE asset_group_tags SET kind_digest = NULL');
    await graph.replaceKindMembers('Tag_Tier_Zero', dir.tierZero.map(String), 'admin_tier_0');
    await graph.replaceKindMembers(REPLACE_KIND, []);
  });
  await vacuum();
};
started = process.hrtime.bigint();
await reset();
log(`reset to the loaded state (no member rows, Tag_Tier_Zero on the generator's ${dir.tierZero.length} Tier Zero ` +
  `nodes only, bench tags deleted), vacuumed, in ${(elapsed(started) / 1000).toFixed(1)} s`);
log(`load average before the cases: ${load()} (other work on the machine inflates every figure)`);

// --- reporting ------------------------------------------------------------------------------------------------
log();
log(`${'case'.padEnd(58)} ${'median'.padStart(10)} ${'p95'.padStart(10)}   notes`);
const row = (title, values, note = '') =>
  log(`${title.padEnd(58)} ${ms(quantile(values, 0.5)).padStart(10)} ${ms(quantile(values, 0.95)).padStart(10)}   ${note}`);
const once = (title, value, note = '') => log(`${title.padEnd(58)} ${ms(value).padStart(10)} ${'(1 run)'.padStart(10)}   ${note}`);
const median = (values) => quantile(values, 0.5);
/** Median time and calls per phase over the samples, and what is left (lock, selector list, unit-of-work glue). */
const phaseNote = (samples) => {
  const names = ['seeds', 'expansion', 'digest', 'member rows', 'tag kind'];
  const parts = names.filter((n) => samples.some((s) => s.phases[n])).map((n) => {
    const time = median(samples.map((s) => s.phases[n]?.ms ?? 0));
    const calls = median(samples.map((s) => s.phases[n]?.calls ?? 0));
    return `${n} ${ms(time)}${calls > 1 ? ` (${calls} calls)` : ''}`;
  });
  const rest = median(samples.map((s) => s.ms - names.reduce((sum, n) => sum + (s.phases[n]?.ms ?? 0), 0)));
  return `${parts.join(', ')}, other ${ms(rest)}`;
};
const outcome = ({ result }) => {
  const [tag] = result.tags;
  const errors = result.selectors.filter((s) => s.error);
  return `${tag.members} members, +${tag.added}/-${tag.removed} kind` +
    `${errors.length ? `, ${errors.length} selector errors: ${[...new Set(errors.map((e) => e.error))].join('; ')}` : ''}`;
};

// TagEvaluation.evaluateTag(id) where the build has it; else evaluateTags([id]), which it wrapped.
const hasEvaluateTag = typeof evaluation.evaluateTag === 'function';
const evaluateOne = (tagId) => (hasEvaluateTag ? evaluation.evaluateTag(tagId) : evaluation.evaluateTags([tagId]));
const evaluateName = hasEvaluateTag ? 'evaluateTag' : 'evaluateTags';

/** A tag's evaluation: the first run (cold) on its own, then `runs` re-runs with nothing changed. */
async function evaluationCase(title, tagId) {
  const cold = await measure(() => underDeadline(() => evaluateOne(tagId)));
  once(`${title}: cold (first evaluation)`, cold.ms, `${outcome(cold)}, ${cold.statements} SQL statements`);
  log(`${''.padEnd(58)} ${''.padStart(10)} ${''.padStart(10)}   ${phaseNote([cold])}`);
  const steady = [];
  for (let i = 0; i < options.runs; i++) steady.push(await measure(() => underDeadline(() => evaluateOne(tagId))));
  row(`${title}: steady (nothing changed)`, steady.map((s) => s.ms),
    `${outcome(steady.at(-1))}, ${median(steady.map((s) => s.statements))} SQL statements`);
  log(`${''.padEnd(58)} ${''.padStart(10)} ${''.padStart(10)}   ${phaseNote(steady)}`);
  return cold.result.tags[0].members;
}

// 1. Tier Zero with the seeded selectors.
const tierZeroSelectors = await database.query(
  'SELECT count(*) FILTER (WHERE disabled_at IS NULL)::int AS enabled, count(*)::int AS total FROM asset_group_tag_selectors WHERE asset_group_tag_id = $1',
  [TIER_ZERO_TAG_ID],
);
log(`1. Tier Zero (tag ${TIER_ZERO_TAG_ID}): ${tierZeroSelectors[0].enabled} enabled seeded Cypher selectors of ` +
  `${tierZeroSelectors[0].total}; a tier expands seeds to their transitive group members`);
// Walks answered from memory or SQL (PgGraphWalks counts them; builds before the index have no such counter).
const walkCounts = () => ({ ...(walks?.counts ?? { memory: 0, sql: 0 }) });
const walkNote = (before) => {
  const after = walkCounts();
  return `group expansion: ${after.memory - before.memory} steps from the traversal index, ${after.sql - before.sql} from SQL`;
};
let before = walkCounts();
await evaluationCase(`${evaluateName}(Tier Zero), index off`, TIER_ZERO_TAG_ID);
log(`${''.padEnd(83)}${walkNote(before)}`);
if (keeper && walks) {
  // As the server runs: the traversal index built in the background, then the same evaluations from the start.
  started = process.hrtime.bigint();
  keeper.startBackground();
  await keeper.settled();
  log(`${''.padEnd(83)}traversal index built in ${(elapsed(started) / 1000).toFixed(1)} s: ${JSON.stringify(keeper.status())}`);
  await reset();
  before = walkCounts();
}
const tierZeroMembers = await evaluationCase(`${evaluateName}(Tier Zero)${keeper ? ', index on' : ''}`, TIER_ZERO_TAG_ID);
log(`${''.padEnd(83)}${walkNote(before)}`);
// A small change, as after a small ingest: one more user in Domain Admins, evaluated, then taken out again.
{
  const domainAdmins = `${domainSid(0)}-512`;
  const user = dir.byDomain[0][USER].find((u) => dir.rid[u] >= 1000);
  const edge = { startObjectId: objectIdOf(user), endObjectId: domainAdmins, kind: 'MemberOf', properties: {} };
  const [first, second] = await underDeadline(() => graph.nodesByObjectIds([objectIdOf(user), domainAdmins]));
  const [userNode, groupNode] = first.properties.objectid === domainAdmins ? [second, first] : [first, second];
  const unlink = () => underDeadline(() => graph.deleteEdges([{ startId: userNode.id, endId: groupNode.id, kind: 'MemberOf' }]));
  const samples = [];
  for (let i = 0; i < options.runs; i++) {
    await (i % 2 === 0 ? underDeadline(() => graph.upsertEdges([edge])) : unlink());
    samples.push(await measure(() => underDeadline(() => evaluateOne(TIER_ZERO_TAG_ID))));
  }
  row(`${evaluateName}(Tier Zero): one MemberOf edge added/removed`, samples.map((m) => m.ms),
    `${outcome(samples.at(-1))}, ${median(samples.map((m) => m.statements))} SQL statements`);
  log(`${''.padEnd(83)}${phaseNote(samples)}`);
  if (options.runs % 2 === 1) {
    await unlink();
    await underDeadline(() => evaluateOne(TIER_ZERO_TAG_ID));
  }
}
const bySelector = await database.query(
  `SELECT s.name, count(sn.node_id)::int AS n, count(sn.node_id) FILTER (WHERE sn.source = $2)::int AS seeds
     FROM asset_group_tag_selectors s LEFT JOIN asset_group_tag_selector_nodes sn ON sn.selector_id = s.id
    WHERE s.asset_group_tag_id = $1 AND s.disabled_at IS NULL GROUP BY s.id, s.name HAVING count(sn.node_id) > 0 ORDER BY s.id`,
  [TIER_ZERO_TAG_ID, MemberSource.Seed],
);
log(`${''.padEnd(83)}selectors with members (seeds/total): ${bySelector.map((s) => `${s.name} ${s.seeds}/${s.n}`).join(', ')}`);

// 2. Label tags: a Cypher selector of 10,000 users, an objectid selector of a big group.
log();
const label = (name) => underDeadline(() => tagCommands.create({
  type: TagType.Label, name, description: 'created by bench/tags', position: null, requireCertify: null,
  analysisEnabled: null, glyph: null,
}, actor));
const cypherTag = await label(BENCH_TAGS.cypher);
await underDeadline(() => selectorCommands.create(actor, cypherTag.id, {
  name: '10,000 users', seeds: [{ type: SeedType.Cypher, value: CYPHER_SELECTOR }],
}));
log(`2a. label tag ${cypherTag.id} "${cypherTag.name}", one Cypher selector (${cypherExpected} users expected; users ` +
  `have no members, so expansion is one empty step): ${CYPHER_SELECTOR}`);
const cypherMembers = await evaluationCase(`${evaluateName}(Cypher label)`, cypherTag.id);

const groupTag = await label(BENCH_TAGS.group);
await underDeadline(() => selectorCommands.create(actor, groupTag.id, {
  name: 'big group', seeds: [{ type: SeedType.ObjectId, value: bigGroupObjectId }],
}));
log(`2b. label tag ${groupTag.id} "${groupTag.name}", one objectid selector: ${dir.name[bigGroup.id]} (${bigGroupObjectId}), ` +
  `${bigGroup.direct} direct members, ${bigGroup.size - 1} transitive over ${bigGroup.levels} levels (in-memory count)`);
const groupMembers = await evaluationCase(`${evaluateName}(big group label)`, groupTag.id);

// 3. replaceKindMembers alone (no system_tags token, as for labels).
log();
log(`3. GraphStore.replaceKindMembers('${REPLACE_KIND}', ids) alone; each run starts from no member (reset not timed)`);
for (const size of [10_000, 50_000]) {
  // Every stride-th node, its second half swapped for the node right after each (outside the set); on a graph
  // too small for a stride of 2, the first ids (at most 2/3 of the graph) and the next ones for the swap.
  const stride = Math.floor(dir.nodeCount / size);
  const count = stride >= 2 ? size : Math.min(size, Math.floor((dir.nodeCount * 2) / 3));
  const ids = Array.from({ length: count }, (_, i) => (stride >= 2 ? 1 + i * stride : 1 + i));
  const half = Math.floor(count / 2);
  const swapped = [...ids.slice(0, half), ...ids.slice(half).map((id, i) => (stride >= 2 ? id + 1 : count + 1 + i))];
  const times = { add: [], steady: [], swap: [] };
  const counts = {};
  for (let i = 0; i < options.runs; i++) {
    await underDeadline(() => graph.replaceKindMembers(REPLACE_KIND, []));
    for (const [step, list] of [['add', ids], ['steady', ids], ['swap', swapped]]) {
      const m = await measure(() => underDeadline(() => graph.replaceKindMembers(REPLACE_KIND, list.map(String))));
      times[step].push(m.ms);
      counts[step] = `+${m.result.added}/-${m.result.removed}, ${m.statements} SQL statements`;
    }
  }
  row(`replaceKindMembers ${ids.length} ids: add to empty`, times.add, counts.add);
  row(`replaceKindMembers ${ids.length} ids: unchanged`, times.steady, counts.steady);
  row(`replaceKindMembers ${ids.length} ids: swap half`, times.swap, counts.swap);
}
await underDeadline(() => graph.replaceKindMembers(REPLACE_KIND, []));

// 4. Member lists, sorted by name (the endpoint's default page size, 50).
log();
log('4. MemberQueries.listOfTag (GET /api/v2/asset-group-tags/{id}/members?sort_by=name without HTTP and auth), 50 per page');
for (const [title, tagId] of [['Tier Zero', TIER_ZERO_TAG_ID], ['Cypher label', cypherTag.id], ['big group label', groupTag.id]]) {
  const page = (skip) => underDeadline(
    () => memberQueries.listOfTag(tagId, [], parseListQuery(MEMBER_LIST, { sort_by: 'name', skip: String(skip), limit: '50' })),
    30,
  );
  const { count } = await page(0);
  const deep = Math.max(0, Math.floor((count - 1) / 50) * 50);
  for (const [which, skip] of [['page 1', 0], [`skip ${deep}`, deep]]) {
    const samples = [];
    let items = 0;
    for (let i = 0; i < options.runs; i++) {
      const m = await measure(() => page(skip));
      samples.push(m.ms);
      items = m.result.items.length;
    }
    row(`members of ${title} (${count}), ${which}`, samples, `${items} rows`);
  }
}

log();
log(`member counts: Tier Zero ${tierZeroMembers}, Cypher label ${cypherMembers}, big group label ${groupMembers}; ` +
  `graph ${dir.nodeCount + extraNodes.length} nodes`);
log(`load average after: ${load()}`);
await app.close();
// A tiny run's database is worth nothing to a later --reuse.
if (tiny) await dropDatabase(server.adminUrl, DATABASE);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
