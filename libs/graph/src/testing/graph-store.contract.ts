import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { GraphStore } from '../application/ports.js';
import type { GraphEdge, GraphNode } from '../domain/graph.js';
import { seedGraph, type GraphSpec } from './graph-fixture.js';
import { batchWriteContract } from './batch-write.contract.js';
import { kindMembersContract } from './kind-members.contract.js';

/** A store under test and how to empty it between tests. */
export interface GraphStoreHarness {
  store: GraphStore;
  reset(): Promise<void>;
  close?(): Promise<void>;
}

const sorted = (values: string[]): string[] => [...values].sort();
const ascending = (values: string[]): string[] => [...values].sort((x, y) => Number(BigInt(x) - BigInt(y)));
const ids = (items: { id: string }[]): string[] => items.map((item) => item.id);
const objectids = (nodes: GraphNode[]): string[] => sorted(nodes.map((n) => n.properties.objectid as string));
const edgeNames = (edges: GraphEdge[], nodes: Map<string, GraphNode>): string[] => {
  const name = new Map([...nodes].map(([objectid, node]) => [node.id, objectid]));
  return sorted(edges.map((e) => `${name.get(e.startId)}-${e.kind}->${name.get(e.endId)}`));
};
const node = (objectid: string, kinds: string[] = ['Base', 'User'], properties = {}) => ({ objectid, kinds, properties });
const edge = (startObjectId: string, endObjectId: string, kind = 'MemberOf', properties = {}) => ({
  startObjectId, endObjectId, kind, properties,
});

/** A -MemberOf-> B, A -AdminTo-> C, D -MemberOf-> A, B -MemberOf-> C. */
const STAR: GraphSpec = {
  nodes: ['A', 'B', 'C', 'D'].map((objectid) => ({ objectid, kinds: ['Base', 'Group'] })),
  edges: [
    { from: 'A', to: 'B', kind: 'MemberOf' },
    { from: 'A', to: 'C', kind: 'AdminTo' },
    { from: 'D', to: 'A', kind: 'MemberOf' },
    { from: 'B', to: 'C', kind: 'MemberOf' },
  ],
};

/**
 * The storage face of the graph port as a specification, run on every adapter (the in-memory fake, PostgreSQL)
 * so the fake can stand in for the database in unit tests.
 */
export function graphStoreContract(name: string, make: () => Promise<GraphStoreHarness>): void {
  describe(`${name} (graph store contract)`, () => {
    let harness: GraphStoreHarness;
    let store: GraphStore;
    const one = async (objectid: string) => (await store.nodeByObjectId(objectid))!;

    beforeAll(async () => {
      harness = await make();
      store = harness.store;
    });
    afterAll(async () => harness?.close?.());
    beforeEach(async () => harness.reset());

    describe('upsertNodes', () => {
      it('creates nodes with decimal string ids, kinds and properties, objectid included', async () => {
        await store.upsertNodes([node('S-1', ['Base', 'User'], { name: 'ALICE@CORP', enabled: true, n: 3 })]);
        const alice = await one('S-1');
        expect(alice.id).toMatch(/^\d+$/);
        expect(sorted(alice.kinds)).toEqual(['Base', 'User']);
        expect(alice.properties).toEqual({ objectid: 'S-1', name: 'ALICE@CORP', enabled: true, n: 3 });
      });

      it('gives later nodes larger ids', async () => {
        await store.upsertNodes([node('S-1')]);
        await store.upsertNodes([node('S-2'), node('S-3')]);
        const [a, b, c] = await Promise.all(['S-1', 'S-2', 'S-3'].map(one));
        expect(BigInt(a.id) < BigInt(b.id) && BigInt(b.id) < BigInt(c.id)).toBe(true);
      });

      it('unions kinds, merges properties with new values winning and keeps the id', async () => {
        await store.upsertNodes([node('S-1', ['Base', 'User'], { name: 'A', keep: 'yes', list: [1, 2] })]);
        const before = await one('S-1');
        await store.upsertNodes([node('S-1', ['Tag_Tier_Zero', 'Base'], { name: 'B', list: ['x'] })]);
        const after = await one('S-1');
        expect(after.id).toBe(before.id);
        expect(sorted(after.kinds)).toEqual(['Base', 'Tag_Tier_Zero', 'User']);
        expect(after.properties).toEqual({ objectid: 'S-1', name: 'B', keep: 'yes', list: ['x'] });
        await store.upsertNodes([node('S-1', ['User'], { name: 'B' })]);
        expect(await one('S-1')).toEqual(after);
      });

      it('removes a property set to null and never stores a null', async () => {
        await store.upsertNodes([node('S-1', ['Base'], { name: 'A', gone: 'soon', never: null })]);
        expect((await one('S-1')).properties).toEqual({ objectid: 'S-1', name: 'A', gone: 'soon' });
        await store.upsertNodes([node('S-1', ['Base'], { gone: null, nested: { inner: null } })]);
        expect((await one('S-1')).properties).toEqual({ objectid: 'S-1', name: 'A', nested: { inner: null } });
      });

      it('takes objectid from the upsert, not from its properties', async () => {
        await store.upsertNodes([node('S-1', ['Base'], { objectid: 'OTHER' })]);
        expect((await one('S-1')).properties.objectid).toBe('S-1');
        expect(await store.nodeByObjectId('OTHER')).toBeUndefined();
      });

      it('merges duplicates of one objectid within a batch in order', async () => {
        await store.upsertNodes([node('S-1', ['Base'], { name: 'old', drop: 1 })]);
        await store.upsertNodes([
          node('S-1', ['User'], { name: 'first', a: 1 }),
          node('S-2'),
          node('S-1', ['Group'], { name: 'second', a: null, b: 2, drop: null }),
        ]);
        await store.upsertNodes([node('S-2', ['User'], { kept: 1 }), node('S-2', ['User'], { kept: undefined })]);
        const merged = await one('S-1');
        expect(sorted(merged.kinds)).toEqual(['Base', 'Group', 'User']);
        expect(merged.properties).toEqual({ objectid: 'S-1', name: 'second', b: 2 });
        expect((await one('S-2')).properties).toEqual({ objectid: 'S-2', kept: 1 });
        expect(await store.counts()).toEqual({ nodes: 2, edges: 0 });
      });

      it('accepts an empty batch and kinds it has never seen', async () => {
        await store.upsertNodes([]);
        await store.upsertNodes([node('S-1', ['Base', 'CustomKindOfTheContract'])]);
        expect(sorted((await one('S-1')).kinds)).toEqual(['Base', 'CustomKindOfTheContract']);
        expect((await store.nodeByObjectId('S-1', 'CustomKindOfTheContract'))?.properties.objectid).toBe('S-1');
      });

      it('writes a batch of 5,000 nodes and their edges in one call each', async () => {
        const many = Array.from({ length: 5000 }, (_, i) => node(`BULK-${i}`, ['Base', 'Computer'], { i }));
        await store.upsertNodes(many);
        const result = await store.upsertEdges(many.slice(1).map((n, i) => edge(n.objectid, `BULK-${i}`, 'AdminTo')));
        expect(result).toEqual({ written: 4999, skipped: 0 });
        expect(await store.counts()).toEqual({ nodes: 5000, edges: 4999 });
        expect((await one('BULK-4321')).properties).toEqual({ objectid: 'BULK-4321', i: 4321 });
      });
    });

    describe('upsertEdges', () => {
      beforeEach(async () => store.upsertNodes([node('A'), node('B'), node('C')]));

      it('creates edges between existing nodes and skips those naming a missing node', async () => {
        const result = await store.upsertEdges([
          edge('A', 'B', 'MemberOf', { isacl: false }), edge('A', 'GHOST'), edge('GHOST', 'B'), edge('B', 'C'),
        ]);
        expect(result).toEqual({ written: 2, skipped: 2 });
        const [a, b] = await Promise.all([one('A'), one('B')]);
        const found = await store.edgeBetween(a.id, b.id, 'MemberOf');
        expect(found).toEqual({ id: expect.stringMatching(/^\d+$/), startId: a.id, endId: b.id, kind: 'MemberOf', properties: { isacl: false } });
        expect(await store.counts()).toEqual({ nodes: 3, edges: 2 });
      });

      it('keeps one edge per (start, end, kind), merging properties and removing nulls', async () => {
        await store.upsertEdges([edge('A', 'B', 'MemberOf', { x: 1, y: 1, z: null })]);
        const [a, b] = await Promise.all([one('A'), one('B')]);
        const first = (await store.edgeBetween(a.id, b.id, 'MemberOf'))!;
        expect(first.properties).toEqual({ x: 1, y: 1 });
        expect(await store.upsertEdges([edge('A', 'B', 'MemberOf', { y: 2, x: null })])).toEqual({ written: 1, skipped: 0 });
        expect(await store.edgeBetween(a.id, b.id, 'MemberOf')).toEqual({ ...first, properties: { y: 2 } });
        expect(await store.upsertEdges([edge('A', 'B', 'MemberOf', { y: 2 })])).toEqual({ written: 1, skipped: 0 });
        expect((await store.counts()).edges).toBe(1);
      });

      it('treats another kind or the reverse direction as another edge, and allows self loops', async () => {
        await store.upsertEdges([edge('A', 'B', 'MemberOf'), edge('A', 'B', 'AdminTo'), edge('B', 'A', 'MemberOf'), edge('A', 'A', 'Owns')]);
        const [a, b] = await Promise.all([one('A'), one('B')]);
        expect((await store.counts()).edges).toBe(4);
        expect((await store.edgeBetween(a.id, a.id, 'Owns'))?.kind).toBe('Owns');
        expect((await store.edgeBetween(b.id, a.id, 'AdminTo'))).toBeUndefined();
      });

      it('merges duplicates within a batch into one edge, counted once', async () => {
        const result = await store.upsertEdges([
          edge('A', 'B', 'MemberOf', { a: 1, b: 1 }), edge('A', 'B', 'MemberOf', { b: 2, a: null }),
          edge('A', 'GHOST'), edge('A', 'GHOST'),
        ]);
        expect(result).toEqual({ written: 1, skipped: 1 });
        const [a, b] = await Promise.all([one('A'), one('B')]);
        expect((await store.edgeBetween(a.id, b.id, 'MemberOf'))?.properties).toEqual({ b: 2 });
      });

      it('answers zero counts for an empty batch', async () => {
        expect(await store.upsertEdges([])).toEqual({ written: 0, skipped: 0 });
      });
    });

    describe('deletes and kind updates', () => {
      it('deletes nodes by objectid with their edges in both directions, ignoring unknown objectids', async () => {
        const nodes = await seedGraph(store, STAR);
        expect(await store.deleteNodes(['A', 'GHOST', 'A'])).toBe(1);
        expect(await store.nodeByObjectId('A')).toBeUndefined();
        expect(await store.counts()).toEqual({ nodes: 3, edges: 1 });
        const rest = await store.neighbours([nodes.get('B')!.id], 'outbound');
        expect(edgeNames(rest.edges, nodes)).toEqual(['B-MemberOf->C']);
        expect(await store.deleteNodes([])).toBe(0);
      });

      it('deletes the edges of the named kind only', async () => {
        const nodes = await seedGraph(store, STAR);
        const [a, b, c] = ['A', 'B', 'C'].map((o) => nodes.get(o)!.id);
        const deleted = await store.deleteEdges([
          { startId: a, endId: b, kind: 'MemberOf' }, { startId: a, endId: c, kind: 'MemberOf' },
          { startId: b, endId: a, kind: 'MemberOf' }, { startId: a, endId: b, kind: 'NoSuchKindAnywhere' },
        ]);
        expect(deleted).toBe(1);
        expect(await store.edgeBetween(a, b, 'MemberOf')).toBeUndefined();
        expect((await store.edgeBetween(a, c, 'AdminTo'))?.kind).toBe('AdminTo');
        expect(await store.deleteEdges([])).toBe(0);
      });

      it('adds and removes kinds in one call, the added kind winning, ignoring unknown ids', async () => {
        await store.upsertNodes([node('A', ['Base', 'User', 'Tag_Owned']), node('B', ['Base'])]);
        const [a, b] = await Promise.all([one('A'), one('B')]);
        await store.updateNodeKinds([a.id, b.id, '999999999', 'not-an-id'], ['Tag_Tier_Zero', 'BrandNewTag'], ['Tag_Owned', 'User', 'BrandNewTag', 'Unused']);
        expect(sorted((await one('A')).kinds)).toEqual(['Base', 'BrandNewTag', 'Tag_Tier_Zero']);
        expect(sorted((await one('B')).kinds)).toEqual(['Base', 'BrandNewTag', 'Tag_Tier_Zero']);
        expect((await one('A')).properties).toEqual(a.properties);
        await store.updateNodeKinds([], ['Base'], []);
      });

      it('clears every node and edge, and stays usable', async () => {
        await seedGraph(store, STAR);
        await store.clear();
        expect(await store.counts()).toEqual({ nodes: 0, edges: 0 });
        const nodes = await seedGraph(store, STAR);
        expect(nodes.size).toBe(4);
        expect(await store.counts()).toEqual({ nodes: 4, edges: 4 });
      });
    });

    kindMembersContract(() => store);
    batchWriteContract(() => store);

    describe('look-ups', () => {
      it('finds nodes by ids and objectids in id order, once each, ignoring unknown and malformed ids', async () => {
        const nodes = await seedGraph(store, STAR);
        const [a, b, c] = ['A', 'B', 'C'].map((o) => nodes.get(o)!);
        const byIds = await store.nodesByIds([c.id, a.id, c.id, '987654321', 'x', '-1', '']);
        expect(byIds).toEqual([a, c]);
        expect(await store.nodesByObjectIds(['C', 'B', 'GHOST', 'B'])).toEqual([b, c]);
        expect(await store.nodesByIds([])).toEqual([]);
        expect(await store.nodesByObjectIds([])).toEqual([]);
      });

      it('digests nodes by their ids, kinds and the named properties only, in any order (where the store offers it)', async () => {
        await store.upsertNodes([node('S-1', ['Base', 'User'], { name: 'ALICE', title: 'x' }), node('S-2', ['Base', 'User'], { name: 'BOB' })]);
        const [alice, bob] = [await one('S-1'), await one('S-2')];
        const digest = () => store.nodesDigest([alice.id, bob.id, 'x'], ['name', 'displayname']);
        const first = await digest();
        if (first === undefined) return;
        expect(await store.nodesDigest([bob.id, alice.id], ['name', 'displayname'])).toBe(first);
        await store.upsertNodes([node('S-1', ['Base', 'User'], { title: 'changed, not digested' })]);
        expect(await digest()).toBe(first);
        await store.upsertNodes([node('S-1', ['Base', 'User'], { displayname: 'Alice' })]);
        const named = await digest();
        expect(named).not.toBe(first);
        await store.updateNodeKinds([bob.id], ['Tag_Contract'], []);
        expect(await digest()).toBe(named);
        await store.updateNodeKinds([bob.id], ['Computer'], []);
        expect(await digest()).not.toBe(named);
        expect(await store.nodesDigest([alice.id], ['name'])).not.toBe(await store.nodesDigest([bob.id], ['name']));
        expect(await store.nodesDigest([], ['name'])).toBe(await store.nodesDigest(['987654321'], ['name']));
      });

      it('finds a node by objectid, optionally only with a kind', async () => {
        const nodes = await seedGraph(store, STAR);
        expect(await store.nodeByObjectId('A')).toEqual(nodes.get('A'));
        expect(await store.nodeByObjectId('A', 'Group')).toEqual(nodes.get('A'));
        expect(await store.nodeByObjectId('A', 'User')).toBeUndefined();
        expect(await store.nodeByObjectId('A', 'NoSuchKindAnywhere')).toBeUndefined();
        expect(await store.nodeByObjectId('GHOST')).toBeUndefined();
      });

      it('finds the ids of a domain\'s nodes by domainsid and kind, of foreign ones, and only among given ids', async () => {
        await store.upsertNodes([
          node('U1', ['Base', 'User'], { domainsid: 'D1' }),
          node('U2', ['Base', 'User'], { domainsid: 'D1' }),
          node('G1', ['Base', 'Group'], { domainsid: 'D1' }),
          node('U3', ['Base', 'User'], { domainsid: 'D2' }),
          node('U4', ['Base', 'User'], {}),
        ]);
        const id = async (objectid: string) => (await one(objectid)).id;
        const sorted = (ids: string[]) => [...ids].sort();
        expect(sorted(await store.nodeIdsInDomain('D1', ['User']))).toEqual(sorted([await id('U1'), await id('U2')]));
        expect(sorted(await store.nodeIdsInDomain('D1', []))).toEqual(sorted([await id('U1'), await id('U2'), await id('G1')]));
        expect(await store.nodeIdsInDomain('D1', ['NoSuchKindAnywhere'])).toEqual([]);
        expect(await store.nodeIdsInDomain('D1', ['User'], { among: [await id('U2'), await id('U3'), 'x'] })).toEqual([await id('U2')]);
        // Foreign: another domainsid; a node without one is neither.
        expect(await store.nodeIdsInDomain('D1', [], { foreign: true })).toEqual([await id('U3')]);
      });

      it('finds edges by ids and between two nodes, direction and kind mattering', async () => {
        const nodes = await seedGraph(store, STAR);
        const [a, b] = ['A', 'B'].map((o) => nodes.get(o)!.id);
        const ab = (await store.edgeBetween(a, b, 'MemberOf'))!;
        expect(ab).toEqual({ id: expect.stringMatching(/^\d+$/), startId: a, endId: b, kind: 'MemberOf', properties: {} });
        expect(await store.edgesByIds([ab.id, ab.id, '987654321', 'x'])).toEqual([ab]);
        expect(await store.edgesByIds([])).toEqual([]);
        expect(await store.edgeBetween(b, a, 'MemberOf')).toBeUndefined();
        expect(await store.edgeBetween(a, b, 'AdminTo')).toBeUndefined();
        expect(await store.edgeBetween(a, b, 'NoSuchKindAnywhere')).toBeUndefined();
        expect(await store.edgeBetween('x', b, 'MemberOf')).toBeUndefined();
      });
    });

    describe('neighbours', () => {
      let nodes: Map<string, GraphNode>;
      const from = (...names: string[]) => names.map((o) => nodes.get(o)!.id);
      beforeEach(async () => {
        nodes = await seedGraph(store, STAR);
      });

      it('expands outbound to the edges leaving the nodes and their end nodes', async () => {
        const step = await store.neighbours(from('A'), 'outbound');
        expect(edgeNames(step.edges, nodes)).toEqual(['A-AdminTo->C', 'A-MemberOf->B']);
        expect(objectids(step.nodes)).toEqual(['B', 'C']);
        expect(step.nodes.find((n) => n.properties.objectid === 'B')).toEqual(nodes.get('B'));
      });

      it('expands inbound to the edges entering the nodes and their start nodes', async () => {
        const step = await store.neighbours(from('A'), 'inbound');
        expect(edgeNames(step.edges, nodes)).toEqual(['D-MemberOf->A']);
        expect(objectids(step.nodes)).toEqual(['D']);
      });

      it('expands both ways to every incident edge', async () => {
        const step = await store.neighbours(from('A'), 'both');
        expect(edgeNames(step.edges, nodes)).toEqual(['A-AdminTo->C', 'A-MemberOf->B', 'D-MemberOf->A']);
        expect(objectids(step.nodes)).toEqual(['B', 'C', 'D']);
      });

      it('keeps only the given edge kinds; an empty list means any kind, unknown kinds match nothing', async () => {
        expect(edgeNames((await store.neighbours(from('A'), 'outbound', ['MemberOf'])).edges, nodes)).toEqual(['A-MemberOf->B']);
        expect((await store.neighbours(from('A'), 'outbound', [])).edges).toHaveLength(2);
        expect(await store.neighbours(from('A'), 'both', ['NoSuchKindAnywhere'])).toEqual({ edges: [], nodes: [] });
      });

      it('expands a set of nodes in one step, each edge and node once', async () => {
        const step = await store.neighbours(from('A', 'B', 'A'), 'outbound');
        expect(edgeNames(step.edges, nodes)).toEqual(['A-AdminTo->C', 'A-MemberOf->B', 'B-MemberOf->C']);
        expect(objectids(step.nodes)).toEqual(['B', 'C']);
        expect(ids(step.edges)).toEqual(ascending(ids(step.edges)));
        const both = await store.neighbours(from('A', 'B'), 'both');
        expect(both.edges).toHaveLength(4);
        expect(objectids(both.nodes)).toEqual(['A', 'B', 'C', 'D']);
      });

      it('answers nothing for no, unknown or malformed node ids', async () => {
        expect(await store.neighbours([], 'both')).toEqual({ edges: [], nodes: [] });
        expect(await store.neighbours(['987654321', 'x'], 'both')).toEqual({ edges: [], nodes: [] });
      });
    });
  });
}
