import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger, type INestApplication } from '@nestjs/common';
import { PostProcessing } from '@app/analysis';
import {
  CORE_STEPS_BEFORE_ADCS, GROUP, MEMBERSHIP_SOURCE, membershipGraph, transactionSql,
} from '@app/analysis/testing';
import { GraphStore, POST_PROCESSED_EDGE_KINDS, TraversalIndexKeeper } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { Database, runWithRequestContext } from '@app/platform';
import { randomAnalysisGraph, type AnalysisGraphSize } from './support/analysis-graphs.js';
import { createSecondInstance, createTestApp, type SecondInstance, type TestApp } from './support/test-app.js';

/**
 * Group expansion over the traversal index (issue 16): the run's MemberOf graph read from the index, with the
 * transaction's own changes laid over it (the well-known nodes typed or created and the MemberOf links added by
 * steps 0-3, which no index holds before commit), is the graph the COPY load reads: the same nodes, flags and hops
 * both ways. And a whole analysis over the index derives the edges one over COPY derives.
 */
const DENSE: AnalysisGraphSize = { users: 120, computers: 30, groups: 40, templates: 16, nesting: 3 };
const DOMAIN_ADMINS = 'S-1-5-21-100-512';

let t: TestApp;
/** An instance without the index (GRAPH_TRAVERSAL_INDEX=off): its analysis reads the MemberOf graph with COPY. */
let withoutIndex: SecondInstance;
let database: Database;
let keeper: TraversalIndexKeeper;

/** Waits until the index answers for the version the graph is at (a clear resets it: it is rebuilt). */
async function indexCaughtUp(): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await database.transaction((m) => keeper.current(m))) return;
    await keeper.settled();
  }
  throw new Error('the traversal index did not catch up');
}

/** Runs an analysis on `app`; resolves to where its group expansion read the MemberOf graph (its log line). */
async function analyse(app: INestApplication): Promise<unknown[]> {
  const log = jest.spyOn(Logger.prototype, 'log');
  try {
    await runWithRequestContext({ requestId: 'membership-index', deadline: Date.now() + 300_000 },
      () => app.get(PostProcessing).run());
    return log.mock.calls.map(([message]) => (message as { source?: unknown })?.source).filter((source) => source !== undefined);
  } finally {
    log.mockRestore();
  }
}

/** Every derived edge as sorted `START -[kind]-> END` lines of objectids. */
async function derived(): Promise<string[]> {
  const rows = await database.query<{ line: string }>(`
    SELECT concat(s.properties ->> 'objectid', ' -[', k.name, ']-> ', e.properties ->> 'objectid') AS line FROM edge
    JOIN kind k ON k.id = edge.kind_id JOIN node s ON s.id = edge.start_id JOIN node e ON e.id = edge.end_id
    WHERE k.name = ANY($1::text[])`, [[...POST_PROCESSED_EDGE_KINDS]]);
  return rows.map((r) => r.line).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  database = t.app.get(Database);
  keeper = t.app.get(TraversalIndexKeeper);
  keeper.startBackground();
  await keeper.settled();
  withoutIndex = await createSecondInstance(t, { env: { GRAPH_TRAVERSAL_INDEX: 'off' } });
});
afterAll(async () => {
  await withoutIndex?.close();
  await t.close();
});

describe.each([1, 2, 3])('on the random dense directory %i', (seed) => {
  beforeAll(async () => {
    const store = t.app.get(GraphStore);
    await store.clear();
    await seedGraph(store, randomAnalysisGraph(seed, DENSE));
    // Domain Admins (-512) seen only as a stub between two principals: step 1 gives it the Group kind inside the
    // analysis transaction, so only the transaction's delta makes it a group the expansion walks through.
    await store.upsertNodes([{ objectid: DOMAIN_ADMINS, kinds: ['Base'], properties: { name: DOMAIN_ADMINS } }]);
    await store.upsertEdges([
      { startObjectId: 'U0', endObjectId: DOMAIN_ADMINS, kind: 'MemberOf', properties: {} },
      { startObjectId: DOMAIN_ADMINS, endObjectId: 'G0', kind: 'MemberOf', properties: {} },
    ]);
    await indexCaughtUp();
  }, 120_000);

  it('reads from the index, within the transaction, the MemberOf graph the COPY load reads', async () => {
    await database.transaction(async (manager) => {
      const { sql, copyRows } = transactionSql(manager);
      const context = { now: new Date().toISOString(), copyRows };
      // Steps 0-4: the well-known nodes and links exist only in this transaction.
      for (const step of CORE_STEPS_BEFORE_ADCS.slice(0, 4)) await step.run(sql, context);
      const [added] = await sql(`SELECT count(*) FILTER (WHERE op = 'edge+')::int AS edges,
        count(*) FILTER (WHERE op = 'node+')::int AS nodes, count(*) FILTER (WHERE op = 'node~')::int AS typed
        FROM graph_change WHERE txid = pg_current_xact_id()`);
      // Nodes typed, nodes created and MemberOf links added that only this transaction sees.
      expect(added).toEqual({ edges: 1, nodes: 1, typed: expect.any(Number) });
      expect(added.typed).toBeGreaterThan(0);
      const memo = new Map<string, unknown>();
      const overIndex = await membershipGraph(sql, { ...context, memo, traversalIndex: () => keeper.current(manager) });
      expect(memo.get(MEMBERSHIP_SOURCE)).toBe('traversal index');
      const copied = await membershipGraph(sql, context);
      // Every node of the COPY graph, with its flags and hops (as ids); the index's other nodes have neither.
      const shape = (graph: typeof copied, i: number) => ({
        id: graph.idOf(i), flags: graph.flags[i],
        parents: [...graph.parentsOf(i)].map((p) => graph.idOf(p)).sort((a, b) => a - b),
        members: [...graph.membersOf(i)].map((p) => graph.idOf(p)).sort((a, b) => a - b),
      });
      const admins = overIndex.indexOf(Number((await sql(`SELECT id FROM node WHERE properties ->> 'objectid' = $1`, [DOMAIN_ADMINS]))[0].id));
      expect(shape(overIndex, admins).flags & GROUP).toBe(GROUP);
      const seen = new Set<number>();
      for (let i = 0; i < copied.size; i++) {
        const at = overIndex.indexOf(copied.idOf(i));
        expect(at).toBeGreaterThanOrEqual(0);
        seen.add(at);
        expect(shape(overIndex, at)).toEqual(shape(copied, i));
      }
      for (let i = 0; i < overIndex.size; i++) {
        if (seen.has(i)) continue;
        expect(shape(overIndex, i)).toEqual({ id: overIndex.idOf(i), flags: 0, parents: [], members: [] });
        if (i > 0) expect(overIndex.idOf(i)).toBeGreaterThan(overIndex.idOf(i - 1));
      }
    });
  }, 120_000);

  it('derives over the index exactly the edges an analysis over COPY derives, and again on a second run', async () => {
    expect(await analyse(withoutIndex.app)).toEqual(['COPY']);
    const overCopy = await derived();
    expect(overCopy.length).toBeGreaterThan(0);
    await indexCaughtUp();
    expect(await analyse(t.app)).toEqual(['traversal index']);
    expect(await derived()).toEqual(overCopy);
  }, 240_000);
});
