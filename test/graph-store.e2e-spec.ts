import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Database, runWithDeadlineCap } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { BUILT_IN_KINDS } from '@app/graph';
import {
  graphLifecycleContract, graphStoreContract, KIND_NAME_TOO_LONG, PgGraphLifecycle, PgGraphStore, PgKindRegistry, UNKNOWN_KIND_ID,
} from '@app/graph/testing';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let database: Database;

beforeAll(async () => {
  t = await createTestApp();
  database = t.app.get(Database);
});
afterAll(async () => t.close());

/** A registry of its own, as another instance of the service would have (empty cache). */
async function freshRegistry(): Promise<PgKindRegistry> {
  const registry = new PgKindRegistry(database);
  await registry.onModuleInit();
  return registry;
}

async function kindsNamed(names: string[]): Promise<string[]> {
  const rows = await database.query<{ name: string }>('SELECT name FROM kind WHERE name = ANY($1::text[]) ORDER BY name', [names]);
  return rows.map((row) => row.name);
}

graphStoreContract('PgGraphStore', async () => {
  const store = new PgGraphStore(database, await freshRegistry());
  return { store, reset: () => store.clear() };
});

graphLifecycleContract('PgGraphLifecycle', async () => {
  const registry = await freshRegistry();
  const store = new PgGraphStore(database, registry);
  return { store, lifecycle: new PgGraphLifecycle(database, registry), reset: () => store.clear() };
});

describe('PgKindRegistry', () => {
  it('registers every built-in kind at start', async () => {
    await freshRegistry();
    expect(await kindsNamed([...BUILT_IN_KINDS])).toEqual([...new Set(BUILT_IN_KINDS)].sort());
  });

  it('uses no kind ids when an instance restarts (the smallint ids would otherwise run out)', async () => {
    await freshRegistry();
    const [before] = await database.query<{ last_value: string }>('SELECT last_value FROM kind_id_seq');
    for (let restart = 0; restart < 3; restart++) await freshRegistry();
    const [after] = await database.query<{ last_value: string }>('SELECT last_value FROM kind_id_seq');
    expect(after.last_value).toBe(before.last_value);
  });

  it('leaves unknown names out of a look-up and never inserts them', async () => {
    const registry = await freshRegistry();
    const ids = await registry.idsFor(['User', 'NoSuchLabelAnywhere', 'MemberOf'], { create: false });
    expect([...ids.keys()]).toEqual(['User', 'MemberOf']);
    expect(await registry.namesOf([ids.get('MemberOf')!, ids.get('User')!])).toEqual(['MemberOf', 'User']);
    expect(await kindsNamed(['NoSuchLabelAnywhere'])).toEqual([]);
  });

  it('finds a kind another instance added after its cache was filled', async () => {
    const [mine, theirs] = [await freshRegistry(), await freshRegistry()];
    expect((await mine.idsFor(['AddedElsewhere'], { create: false })).size).toBe(0);
    const id = (await theirs.idsFor(['AddedElsewhere'], { create: true })).get('AddedElsewhere')!;
    expect((await mine.idsFor(['AddedElsewhere'], { create: false })).get('AddedElsewhere')).toBe(id);
    const other = (await theirs.idsFor(['NamedElsewhere'], { create: true })).get('NamedElsewhere')!;
    expect(await mine.nameOf(other)).toBe('NamedElsewhere');
  });

  it('gives two instances adding overlapping kinds at once the same ids', async () => {
    const [a, b] = [await freshRegistry(), await freshRegistry()];
    const names = Array.from({ length: 40 }, (_, i) => `Concurrent${i}`);
    const [fromA, fromB] = await Promise.all([
      a.idsFor(names, { create: true }),
      b.idsFor([...names].reverse(), { create: true }),
    ]);
    expect(fromA.size).toBe(40);
    for (const name of names) expect(fromB.get(name)).toBe(fromA.get(name));
    expect(await kindsNamed(names)).toHaveLength(40);
  });

  it('answers 400 for a kind name longer than the kind table holds', async () => {
    const registry = await freshRegistry();
    const error = await apiErrorOf(registry.idsFor(['K'.repeat(257)], { create: true }));
    expect(error.status).toBe(400);
    expect(error.messages).toEqual([KIND_NAME_TOO_LONG]);
  });

  it('rejects a kind id that does not exist', async () => {
    const registry = await freshRegistry();
    await expect(registry.nameOf(32000)).rejects.toThrow(UNKNOWN_KIND_ID);
  });
});

describe('PgGraphStore on PostgreSQL', () => {
  let store: PgGraphStore;
  beforeAll(async () => {
    store = new PgGraphStore(database, await freshRegistry());
  });
  beforeEach(async () => store.clear());

  it('never inserts a kind that only a read named', async () => {
    await store.upsertNodes([{ objectid: 'A', kinds: ['Base'], properties: {} }]);
    const a = (await store.nodeByObjectId('A'))!;
    await store.nodeByObjectId('A', 'ReadOnlyKindOne');
    await store.neighbours([a.id], 'both', ['ReadOnlyKindTwo']);
    await store.edgeBetween(a.id, a.id, 'ReadOnlyKindThree');
    await store.deleteEdges([{ startId: a.id, endId: a.id, kind: 'ReadOnlyKindFour' }]);
    await store.updateNodeKinds([a.id], [], ['ReadOnlyKindFive']);
    expect(await kindsNamed(['ReadOnlyKindOne', 'ReadOnlyKindTwo', 'ReadOnlyKindThree', 'ReadOnlyKindFour', 'ReadOnlyKindFive'])).toEqual([]);
  });

  it('keeps a kind added by a write whose transaction rolled back usable', async () => {
    const failure = new Error('rolled back on purpose');
    await expect(database.transaction(async () => {
      await store.upsertNodes([{ objectid: 'R', kinds: ['RolledBackKind'], properties: {} }]);
      throw failure;
    })).rejects.toBe(failure);
    expect(await store.nodeByObjectId('R')).toBeUndefined();
    await store.upsertNodes([{ objectid: 'R', kinds: ['RolledBackKind'], properties: {} }]);
    expect((await store.nodeByObjectId('R', 'RolledBackKind'))?.kinds).toEqual(['RolledBackKind']);
  });

  it('joins the caller transaction, so a batch rolls back with it', async () => {
    await expect(database.transaction(async () => {
      await store.upsertNodes([{ objectid: 'T', kinds: ['Base'], properties: {} }]);
      throw new Error('abort');
    })).rejects.toThrow('abort');
    expect(await store.counts()).toEqual({ nodes: 0, edges: 0 });
  });

  it('leaves nothing of a batch that fails in its last statement, and stays usable', async () => {
    await store.upsertNodes([{ objectid: 'KEEP', kinds: ['Base'], properties: { v: 1 } }]);
    await database.query(`CREATE FUNCTION refuse_edge() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.properties ? 'refuse' THEN RAISE EXCEPTION 'edge refused on purpose'; END IF; RETURN NEW; END $$`);
    await database.query('CREATE TRIGGER refuse_edge BEFORE INSERT ON edge FOR EACH ROW EXECUTE FUNCTION refuse_edge()');
    try {
      const batch = {
        seenAt: '2026-01-01T00:00:00.000Z',
        nodes: [{ objectid: 'N', kinds: ['Base', 'User'], properties: {} }, { objectid: 'KEEP', kinds: ['Group'], properties: { v: 2 } }],
        edges: [
          { start: { objectid: 'N', kinds: [] }, end: { objectid: 'STUB', kinds: ['Base'] }, kind: 'MemberOf', properties: {} },
          { start: { objectid: 'N', kinds: [] }, end: { objectid: 'KEEP', kinds: [] }, kind: 'AdminTo', properties: { refuse: true } },
        ],
      };
      await expect(store.writeBatch(batch)).rejects.toThrow('edge refused on purpose');
      expect(await store.counts()).toEqual({ nodes: 1, edges: 0 });
      expect(await store.nodeByObjectId('KEEP')).toEqual(expect.objectContaining({ kinds: ['Base'], properties: { objectid: 'KEEP', v: 1 } }));
    } finally {
      await database.query('DROP TRIGGER refuse_edge ON edge; DROP FUNCTION refuse_edge()');
    }
    const result = await store.writeBatch({ seenAt: '2026-01-01T00:00:00.000Z', nodes: [{ objectid: 'N', kinds: ['Base'], properties: {} }], edges: [] });
    expect(result).toEqual({ nodes: 1, stubs: 0, edges: 0, skippedEdges: 0 });
  });

  it('writes several batches inside one caller transaction, all rolling back with it', async () => {
    const batch = (objectid: string) => ({
      seenAt: '2026-01-01T00:00:00.000Z',
      nodes: [{ objectid, kinds: ['Base'], properties: {} }],
      edges: [{ start: { objectid, kinds: [] }, end: { objectid: `${objectid}-STUB`, kinds: ['Base'] }, kind: 'MemberOf', properties: {} }],
    });
    await database.transaction(async () => {
      await store.writeBatch(batch('ONE'));
      await store.writeBatch(batch('TWO'));
    });
    expect(await store.counts()).toEqual({ nodes: 4, edges: 2 });
    await expect(database.transaction(async () => {
      await store.writeBatch(batch('THREE'));
      throw new Error('abort');
    })).rejects.toThrow('abort');
    expect(await store.counts()).toEqual({ nodes: 4, edges: 2 });
  });

  it("writes concurrent batches whose nodes are each other's stubs without deadlocking", async () => {
    const seenAt = '2026-01-01T00:00:00.000Z';
    const side = (mine: string, theirs: string, round: number, kind: string, other: string) => ({
      seenAt,
      nodes: Array.from({ length: 3000 }, (_, i) => ({ objectid: `${mine}-${round}-${i}`, kinds: ['Base', kind], properties: {} })),
      edges: Array.from({ length: 3000 }, (_, i) => ({
        start: { objectid: `${mine}-${round}-${i}`, kinds: [] }, end: { objectid: `${theirs}-${round}-${(i * 7) % 3000}`, kinds: ['Base', other] },
        kind: 'MemberOf', properties: {},
      })),
    });
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        store.writeBatch(side('U', 'G', round, 'User', 'Group')), store.writeBatch(side('G', 'U', round, 'Group', 'User')),
      ]);
      expect(results.map((r) => r.edges)).toEqual([3000, 3000]);
    }
    expect(await store.counts()).toEqual({ nodes: 18_000, edges: 18_000 });
    expect((await store.nodeByObjectId('U-2-5'))?.kinds).toEqual(['Base', 'User']);
  });

  it('answers 504 when the request deadline has passed', async () => {
    const error = await apiErrorOf(runWithDeadlineCap(0, () => store.counts()));
    expect(error.status).toBe(504);
  });

  it('writes 10,000 nodes and 10,000 edges in one call each', async () => {
    const nodes = Array.from({ length: 10_000 }, (_, i) => ({
      objectid: `S-1-5-21-BULK-${i}`, kinds: ['Base', i % 2 ? 'User' : 'Computer'], properties: { name: `N${i}`, i },
    }));
    await store.upsertNodes(nodes);
    const result = await store.upsertEdges(nodes.map((n, i) => ({
      startObjectId: n.objectid, endObjectId: nodes[(i + 1) % nodes.length].objectid, kind: 'MemberOf', properties: {},
    })));
    expect(result).toEqual({ written: 10_000, skipped: 0 });
    expect(await store.counts()).toEqual({ nodes: 10_000, edges: 10_000 });
    await store.upsertNodes(nodes.map((n) => ({ ...n, kinds: ['Tag_Owned'], properties: { i: null } })));
    const sample = (await store.nodeByObjectId('S-1-5-21-BULK-7'))!;
    expect(sample.properties).toEqual({ objectid: 'S-1-5-21-BULK-7', name: 'N7' });
    expect([...sample.kinds].sort()).toEqual(['Base', 'Tag_Owned', 'User']);
    expect(await store.deleteNodes(nodes.map((n) => n.objectid))).toBe(10_000);
    expect(await store.counts()).toEqual({ nodes: 0, edges: 0 });
  });
});
