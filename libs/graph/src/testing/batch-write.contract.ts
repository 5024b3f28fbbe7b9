import { beforeEach, describe, expect, it } from '@jest/globals';
import type { GraphStore } from '../application/ports.js';
import type { BatchEdge, EndpointRef, GraphBatch, GraphNode, NodeUpsert, Properties } from '../domain/graph.js';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-02-01T00:00:00.000Z';

const sorted = (values: string[]): string[] => [...values].sort();
const node = (objectid: string, kinds: string[] = ['Base', 'User'], properties: Properties = {}): NodeUpsert => ({
  objectid, kinds, properties,
});
const ref = (objectid: string, kinds: string[] = [], matchBy?: EndpointRef['matchBy']): EndpointRef =>
  (matchBy ? { objectid, kinds, matchBy } : { objectid, kinds });
const edge = (start: EndpointRef | string, end: EndpointRef | string, kind = 'MemberOf', properties: Properties = {}): BatchEdge => ({
  start: typeof start === 'string' ? ref(start) : start, end: typeof end === 'string' ? ref(end) : end, kind, properties,
});
const batch = (nodes: NodeUpsert[], edges: BatchEdge[] = [], seenAt = T1): GraphBatch => ({ nodes, edges, seenAt });

/** Every node and edge, named by objectid, without the ids: what two writes must agree on. */
async function snapshot(store: GraphStore, objectids: string[], omit: string[] = []): Promise<unknown> {
  const strip = (properties: Properties) => Object.fromEntries(Object.entries(properties).filter(([k]) => !omit.includes(k)));
  const nodes = await store.nodesByObjectIds(objectids);
  const name = new Map(nodes.map((n) => [n.id, n.properties.objectid as string]));
  const { edges } = await store.neighbours(nodes.map((n) => n.id), 'outbound');
  return {
    nodes: nodes.map((n) => ({ objectid: name.get(n.id), kinds: sorted(n.kinds), properties: strip(n.properties) }))
      .sort((a, b) => (a.objectid! < b.objectid! ? -1 : 1)),
    edges: sorted(edges.map((e) => JSON.stringify([name.get(e.startId), e.kind, name.get(e.endId), strip(e.properties)]))),
  };
}

/** GraphStore.writeBatch as a specification; part of the graph store contract. */
export function batchWriteContract(store: () => GraphStore): void {
  describe('writeBatch', () => {
    let s: GraphStore;
    const one = async (objectid: string): Promise<GraphNode> => (await s.nodeByObjectId(objectid))!;
    const between = async (from: string, to: string, kind = 'MemberOf') =>
      s.edgeBetween((await one(from)).id, (await one(to)).id, kind);
    beforeEach(() => {
      s = store();
    });

    it('writes nodes, stubs for missing endpoints and edges, stamping lastseen and lastcollected', async () => {
      const result = await s.writeBatch(batch(
        [node('U', ['Base', 'User'], { name: 'ALICE@CORP' })],
        [edge('U', ref('G', ['Base', 'Group']), 'MemberOf', { isacl: false }), edge(ref('C', ['Base', 'Computer']), 'U', 'HasSession')],
      ));
      expect(result).toEqual({ nodes: 1, stubs: 2, edges: 2, skippedEdges: 0 });
      expect((await one('U')).properties).toEqual({ objectid: 'U', name: 'ALICE@CORP', lastseen: T1, lastcollected: T1 });
      const g = await one('G');
      expect(sorted(g.kinds)).toEqual(['Base', 'Group']);
      expect(g.properties).toEqual({ objectid: 'G', lastseen: T1 });
      expect((await between('U', 'G'))?.properties).toEqual({ isacl: false, lastseen: T1 });
      expect((await between('C', 'U', 'HasSession'))?.properties).toEqual({ lastseen: T1 });
      expect(await s.counts()).toEqual({ nodes: 3, edges: 2 });
    });

    it('merges into stored nodes: kinds unioned, new values win, null removes, a stub never touches a node', async () => {
      await s.upsertNodes([node('U', ['Base', 'User'], { name: 'OLD', keep: 1, drop: 'x' }), node('G', ['Base', 'Group'], { name: 'G' })]);
      const before = await one('G');
      const result = await s.writeBatch(batch(
        [node('U', ['Tag_Owned'], { name: 'NEW', drop: null, never: null })],
        [edge('U', ref('G', ['Base', 'Computer']))],
      ));
      expect(result).toEqual({ nodes: 1, stubs: 0, edges: 1, skippedEdges: 0 });
      const u = await one('U');
      expect(sorted(u.kinds)).toEqual(['Base', 'Tag_Owned', 'User']);
      expect(u.properties).toEqual({ objectid: 'U', name: 'NEW', keep: 1, lastseen: T1, lastcollected: T1 });
      expect(await one('G')).toEqual(before);
    });

    it('merges duplicates inside a batch: one node per objectid, one edge per key, stub kinds unioned', async () => {
      const result = await s.writeBatch(batch(
        [node('U', ['Base'], { a: 1, b: 1 }), node('U', ['User'], { a: 2, b: null, c: undefined })],
        [
          edge('U', ref('G', ['Base'])), edge('U', ref('G', ['Group']), 'MemberOf', { x: 1 }),
          edge('U', ref('G', ['Base']), 'MemberOf', { x: 2, y: 3 }),
        ],
      ));
      expect(result).toEqual({ nodes: 1, stubs: 1, edges: 1, skippedEdges: 0 });
      expect((await one('U')).properties).toEqual({ objectid: 'U', a: 2, lastseen: T1, lastcollected: T1 });
      expect(sorted((await one('U')).kinds)).toEqual(['Base', 'User']);
      expect(sorted((await one('G')).kinds)).toEqual(['Base', 'Group']);
      expect((await between('U', 'G'))?.properties).toEqual({ x: 2, y: 3, lastseen: T1 });
    });

    it('skips edges whose endpoint is missing and has no stub kinds', async () => {
      const result = await s.writeBatch(batch([node('U')], [edge('U', 'NOWHERE'), edge('NOWHERE', 'U'), edge('U', ref('G', ['Base']))]));
      expect(result).toEqual({ nodes: 1, stubs: 1, edges: 1, skippedEdges: 2 });
      expect(await s.nodeByObjectId('NOWHERE')).toBeUndefined();
    });

    it('resolves distinguishedname endpoints case-insensitively, never stubbing them', async () => {
      await s.upsertNodes([node('G1', ['Base', 'Group'], { distinguishedname: 'CN=ADMINS,DC=CORP,DC=LOCAL' })]);
      const result = await s.writeBatch(batch(
        [node('U', ['Base', 'User'], { distinguishedname: 'CN=ALICE,DC=CORP,DC=LOCAL' })],
        [
          edge(ref('cn=alice,dc=corp,dc=local', ['Base'], 'distinguishedname'), ref('CN=Admins,DC=corp,DC=local', ['Base'], 'distinguishedname')),
          edge(ref('CN=ALICE,DC=CORP,DC=LOCAL', [], 'distinguishedname'), 'G1', 'GenericAll'),
          edge('U', ref('CN=NOBODY,DC=CORP,DC=LOCAL', ['Base', 'Group'], 'distinguishedname')),
        ],
      ));
      expect(result).toEqual({ nodes: 1, stubs: 0, edges: 2, skippedEdges: 1 });
      expect((await between('U', 'G1'))?.properties).toEqual({ lastseen: T1 });
      expect((await between('U', 'G1', 'GenericAll'))?.kind).toBe('GenericAll');
      expect(await s.counts()).toEqual({ nodes: 2, edges: 2 });
    });

    it('writes one edge when two references resolve to the same node', async () => {
      const result = await s.writeBatch(batch(
        [node('G', ['Base', 'Group'], { distinguishedname: 'CN=G,DC=X' }), node('U')],
        [edge('U', 'G', 'MemberOf', { from: 'objectid' }), edge('U', ref('CN=G,DC=X', [], 'distinguishedname'), 'MemberOf', { from: 'dn' })],
      ));
      expect(result).toEqual({ nodes: 2, stubs: 0, edges: 1, skippedEdges: 0 });
      expect((await between('U', 'G'))?.properties.from).toEqual(expect.any(String));
      expect((await s.counts()).edges).toBe(1);
    });

    it('merges edge properties with stored ones, null removing a value', async () => {
      await s.writeBatch(batch([node('A'), node('B')], [edge('A', 'B', 'MemberOf', { x: 1, y: 1, z: null })]));
      expect((await between('A', 'B'))?.properties).toEqual({ x: 1, y: 1, lastseen: T1 });
      await s.writeBatch(batch([], [edge('A', 'B', 'MemberOf', { y: 2, x: null })], T2));
      expect((await between('A', 'B'))?.properties).toEqual({ y: 2, lastseen: T2 });
    });

    it('is idempotent: the same batch again changes nothing but lastseen and lastcollected', async () => {
      await s.upsertNodes([node('G1', ['Base', 'Group'], { distinguishedname: 'CN=G1' })]);
      const make = (seenAt: string) => batch(
        [node('U', ['Base', 'User'], { name: 'U', n: 1 }), node('C', ['Base', 'Computer'], { list: ['a'] })],
        [
          edge('U', 'C', 'AdminTo', { isacl: false }), edge('U', ref('S', ['Base', 'Group'])),
          edge('C', ref('cn=g1', [], 'distinguishedname'), 'MemberOf', { isacl: false }),
        ],
        seenAt,
      );
      const first = await s.writeBatch(make(T1));
      const all = ['U', 'C', 'S', 'G1'];
      const before = await snapshot(s, all, ['lastseen', 'lastcollected']);
      const ids = (await s.nodesByObjectIds(all)).map((n) => n.id);
      const second = await s.writeBatch(make(T2));
      expect(second).toEqual({ ...first, stubs: 0 });
      expect(await snapshot(s, all, ['lastseen', 'lastcollected'])).toEqual(before);
      expect((await s.nodesByObjectIds(all)).map((n) => n.id)).toEqual(ids);
      expect((await one('U')).properties.lastseen).toBe(T2);
      expect((await one('S')).properties.lastseen).toBe(T1);
      expect((await between('U', 'C', 'AdminTo'))?.properties.lastseen).toBe(T2);
    });

    it('leaves nothing of a batch the store refuses', async () => {
      await s.upsertNodes([node('KEEP', ['Base'], { v: 1 })]);
      const before = await snapshot(s, ['KEEP', 'N', 'STUB']);
      await expect(s.writeBatch(batch(
        [node('N'), node('KEEP', ['Base', 'User'], { v: 2 })],
        [edge('N', ref('STUB', ['Base'])), edge('N', 'KEEP', 'MemberOf', { bad: 'a\u0000b' })],
      ))).rejects.toThrow();
      expect(await snapshot(s, ['KEEP', 'N', 'STUB'])).toEqual(before);
      expect(await s.counts()).toEqual({ nodes: 1, edges: 0 });
    });

    it('answers zeros for an empty batch', async () => {
      expect(await s.writeBatch(batch([]))).toEqual({ nodes: 0, stubs: 0, edges: 0, skippedEdges: 0 });
    });

    it('writes a batch of 50,000 rows in one call', async () => {
      const nodes = Array.from({ length: 20_000 }, (_, i) => node(`S-1-5-21-B-${i}`, ['Base', i % 2 ? 'User' : 'Computer'], { name: `N${i}\t"\\${i}` }));
      const edges = Array.from({ length: 30_000 }, (_, i) => edge(
        nodes[i % nodes.length].objectid,
        i < 20_000 ? nodes[(i + 1) % nodes.length].objectid : ref(`S-1-5-21-STUB-${i % 1000}`, ['Base', 'Group']),
        i < 10_000 ? 'MemberOf' : 'AdminTo',
      ));
      const result = await s.writeBatch(batch(nodes, edges));
      expect(result).toEqual({ nodes: 20_000, stubs: 1000, edges: 30_000, skippedEdges: 0 });
      expect(await s.counts()).toEqual({ nodes: 21_000, edges: 30_000 });
      expect((await one('S-1-5-21-B-7')).properties.name).toBe('N7\t"\\7');
    });
  });
}
