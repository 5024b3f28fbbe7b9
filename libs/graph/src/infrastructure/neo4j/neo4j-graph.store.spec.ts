import { describe, expect, it } from '@jest/globals';
import neo4j from 'neo4j-driver';
import {
  CLEAR, COUNTS, DELETE_EDGES, DELETE_NODES, EDGE_BETWEEN, EDGES_BY_IDS, Neo4jGraphStore, NODE_BY_OBJECTID,
  NODES_BY_IDS, NODES_BY_OBJECTIDS, UPSERT_NODES,
} from './neo4j-graph.store.js';
import { fakeConnection } from './testing/fake-connection.js';

const { Node, Relationship } = neo4j.types;

function setup() {
  const { fake, connection } = fakeConnection();
  return { fake, store: new Neo4jGraphStore(connection) };
}

const ids = (...values: number[]) => values.map((v) => neo4j.int(v));

describe('Neo4jGraphStore', () => {
  describe('upsertNodes', () => {
    it('merges every node by objectid in one UNWIND statement, then adds labels per distinct label set', async () => {
      const { fake, store } = setup();
      await store.upsertNodes([
        { objectid: 'S-1', kinds: ['User', 'Base'], properties: { name: 'ALICE', objectid: 'ignored', admincount: 1 } },
        { objectid: 'S-2', kinds: ['Base', 'User'], properties: { name: 'BOB', ratio: 0.5, tags: ['a'], extra: { k: 1 } } },
        { objectid: 'S-3', kinds: ['Computer', 'Base'], properties: { gone: null } },
        { objectid: 'S-4', kinds: [], properties: {} },
      ]);
      expect(fake.statements.map((s) => s.mode)).toEqual(['write', 'write', 'write']);
      expect(fake.statements[0]).toMatchObject({
        text: UPSERT_NODES,
        parameters: {
          rows: [
            { objectid: 'S-1', properties: { name: 'ALICE', admincount: neo4j.int(1) }, keys: ['name', 'admincount'], jsonKeys: [] },
            {
              objectid: 'S-2', properties: { name: 'BOB', ratio: 0.5, tags: ['a'], extra: '{"k":1}' },
              keys: ['name', 'ratio', 'tags', 'extra'], jsonKeys: ['extra'],
            },
            { objectid: 'S-3', properties: { gone: null }, keys: ['gone'], jsonKeys: [] },
            { objectid: 'S-4', properties: {}, keys: [], jsonKeys: [] },
          ],
        },
      });
      expect(fake.statements.slice(1).map((s) => [s.text, s.parameters])).toEqual([
        ['UNWIND $objectids AS objectid\nMATCH (n:`PWNode` {objectid: objectid})\nSET n:`Base`:`User`', { objectids: ['S-1', 'S-2'] }],
        ['UNWIND $objectids AS objectid\nMATCH (n:`PWNode` {objectid: objectid})\nSET n:`Base`:`Computer`', { objectids: ['S-3'] }],
      ]);
    });

    it('applies repeated objectids of one batch in order: kinds unioned, later values win, null removes', async () => {
      const { fake, store } = setup();
      await store.upsertNodes([
        { objectid: 'S-1', kinds: ['User'], properties: { a: 1, b: 2 } },
        { objectid: 'S-1', kinds: ['Tag_Owned'], properties: { a: null, c: 'x' } },
      ]);
      expect(fake.statements[0].parameters).toEqual({
        rows: [{ objectid: 'S-1', properties: { a: null, b: neo4j.int(2), c: 'x' }, keys: ['a', 'b', 'c'], jsonKeys: [] }],
      });
      expect(fake.statements[1].text).toContain('SET n:`Tag_Owned`:`User`');
    });

    it('keeps a hostile kind inside its backticks', async () => {
      const { fake, store } = setup();
      await store.upsertNodes([{ objectid: 'S-1', kinds: ['X`) DETACH DELETE n //'], properties: {} }]);
      expect(fake.statements[1].text).toContain('SET n:`X``) DETACH DELETE n //`');
    });

    it('sends nothing for an empty batch', async () => {
      const { fake, store } = setup();
      await store.upsertNodes([]);
      expect(fake.statements).toEqual([]);
    });
  });

  describe('upsertEdges', () => {
    it('merges edges per kind and counts distinct written and skipped edges', async () => {
      const { fake, store } = setup();
      fake.respond(/`MemberOf`/, { keys: ['written'], rows: [[1]] });
      fake.respond(/`AdminTo`/, { keys: ['written'], rows: [[neo4j.int(0)]] });
      const result = await store.upsertEdges([
        { startObjectId: 'A', endObjectId: 'B', kind: 'MemberOf', properties: { x: 1 } },
        { startObjectId: 'A', endObjectId: 'B', kind: 'MemberOf', properties: { y: true } },
        { startObjectId: 'A', endObjectId: 'MISSING', kind: 'MemberOf', properties: {} },
        { startObjectId: 'A', endObjectId: 'C', kind: 'AdminTo', properties: {} },
      ]);
      expect(result).toEqual({ written: 1, skipped: 2 });
      expect(fake.statements.map((s) => s.mode)).toEqual(['write', 'write']);
      expect(fake.statements[0]).toEqual(expect.objectContaining({
        text: 'UNWIND $rows AS row\nMATCH (s:`PWNode` {objectid: row.start})\nMATCH (e:`PWNode` {objectid: row.end})\n' +
          'MERGE (s)-[r:`MemberOf`]->(e)\nSET r += row.properties\n' +
          'WITH r, row, [k IN coalesce(r.`__pw_json_keys`, []) WHERE NOT k IN row.keys] + row.jsonKeys AS marks\n' +
          'SET r.`__pw_json_keys` = CASE WHEN size(marks) = 0 THEN null ELSE marks END\n' +
          'RETURN count(DISTINCT row) AS written',
        parameters: {
          rows: [
            { start: 'A', end: 'B', properties: { x: neo4j.int(1), y: true }, keys: ['x', 'y'], jsonKeys: [] },
            { start: 'A', end: 'MISSING', properties: {}, keys: [], jsonKeys: [] },
          ],
        },
      }));
      expect(fake.statements[1].text).toContain('MERGE (s)-[r:`AdminTo`]->(e)');
    });

    it('sends nothing for an empty batch', async () => {
      const { fake, store } = setup();
      expect(await store.upsertEdges([])).toEqual({ written: 0, skipped: 0 });
      expect(fake.statements).toEqual([]);
    });
  });

  describe('deletes', () => {
    it('detach-deletes nodes by objectid in one statement and returns the count', async () => {
      const { fake, store } = setup();
      fake.respond(/DETACH DELETE/, { keys: ['deleted'], rows: [[2]] });
      expect(await store.deleteNodes(['A', 'B', 'A'])).toBe(2);
      expect(fake.statements).toEqual([expect.objectContaining({ text: DELETE_NODES, parameters: { objectids: ['A', 'B'] }, mode: 'write' })]);
    });

    it('deletes edges by endpoint ids and kind, ids as integers, unusable ids dropped', async () => {
      const { fake, store } = setup();
      fake.respond(/DELETE r/, { keys: ['deleted'], rows: [[1]] });
      expect(await store.deleteEdges([
        { startId: '1', endId: '2', kind: 'MemberOf' },
        { startId: '1', endId: '2', kind: 'MemberOf' },
        { startId: 'x', endId: '2', kind: 'MemberOf' },
      ])).toBe(1);
      expect(fake.statements).toEqual([expect.objectContaining({
        text: DELETE_EDGES,
        parameters: { rows: [{ startId: neo4j.int(1), endId: neo4j.int(2), kind: 'MemberOf' }] },
      })]);
    });

    it('clears the whole graph', async () => {
      const { fake, store } = setup();
      await store.clear();
      expect(fake.texts).toEqual([CLEAR]);
    });
  });

  describe('updateNodeKinds', () => {
    it('removes then adds labels on the nodes, never the store label', async () => {
      const { fake, store } = setup();
      await store.updateNodeKinds(['5', '6'], ['Tag_Owned'], ['Tag_Tier_Zero', 'PWNode']);
      expect(fake.statements).toEqual([expect.objectContaining({
        text: 'MATCH (n) WHERE id(n) IN $ids\nREMOVE n:`Tag_Tier_Zero`\nSET n:`Tag_Owned`',
        parameters: { ids: ids(5, 6) },
        mode: 'write',
      })]);
    });

    it('sends nothing when there is nothing to change', async () => {
      const { fake, store } = setup();
      await store.updateNodeKinds(['5'], [], ['PWNode']);
      await store.updateNodeKinds([], ['Tag_Owned'], []);
      expect(fake.statements).toEqual([]);
    });
  });

  describe('replaceKindMembers', () => {
    it('takes the kind and the tag from holders outside the set, then gives both to the set, in one write transaction', async () => {
      const { fake, store } = setup();
      fake.respond(/RETURN count\(n\) AS removed/, { keys: ['removed'], rows: [[neo4j.int(2)]] });
      fake.respond(/AS added/, { keys: ['added'], rows: [[1]] });
      expect(await store.replaceKindMembers('Tag_Tier_Zero', ['5', '6', '5', 'x'], 'admin_tier_0')).toEqual({ added: 1, removed: 2 });
      const tokens = "[t IN split(coalesce(n.system_tags, ''), ' ') WHERE t <> '']";
      expect(fake.statements).toEqual([
        expect.objectContaining({
          text: 'MATCH (n:`Tag_Tier_Zero`) WHERE NOT id(n) IN $ids\nREMOVE n:`Tag_Tier_Zero`\n' +
            `WITH n, ${tokens} AS tokens\n` +
            'SET n.system_tags = CASE WHEN NOT $tag IN tokens THEN n.system_tags WHEN all(t IN tokens WHERE t = $tag) THEN null\n' +
            "  ELSE reduce(s = head([t IN tokens WHERE t <> $tag]), t IN tail([t IN tokens WHERE t <> $tag]) | s + ' ' + t) END\n" +
            'RETURN count(n) AS removed',
          parameters: { ids: ids(5, 6), tag: 'admin_tier_0' },
          mode: 'write',
        }),
        expect.objectContaining({
          text: 'MATCH (n) WHERE id(n) IN $ids\nWITH n, NOT n:`Tag_Tier_Zero` AS gains\nSET n:`Tag_Tier_Zero`\n' +
            `WITH n, gains, ${tokens} AS tokens\n` +
            "SET n.system_tags = CASE WHEN $tag IN tokens THEN n.system_tags ELSE reduce(s = head(tokens + $tag), t IN tail(tokens + $tag) | s + ' ' + t) END\n" +
            'RETURN count(CASE WHEN gains THEN 1 END) AS added',
          parameters: { ids: ids(5, 6), tag: 'admin_tier_0' },
          mode: 'write',
        }),
      ]);
    });

    it('leaves system_tags alone without a tag and keeps a hostile kind inside its backticks', async () => {
      const { fake, store } = setup();
      expect(await store.replaceKindMembers('X`) DETACH DELETE n //', [])).toEqual({ added: 0, removed: 0 });
      expect(fake.statements.map((s) => [s.text, s.parameters])).toEqual([
        ['MATCH (n:`X``) DETACH DELETE n //`) WHERE NOT id(n) IN $ids\nREMOVE n:`X``) DETACH DELETE n //`\nRETURN count(n) AS removed', { ids: [] }],
        [
          'MATCH (n) WHERE id(n) IN $ids\nWITH n, NOT n:`X``) DETACH DELETE n //` AS gains\nSET n:`X``) DETACH DELETE n //`\n' +
            'RETURN count(CASE WHEN gains THEN 1 END) AS added',
          { ids: [] },
        ],
      ]);
    });
  });

  describe('look-ups', () => {
    const alice = new Node(7, ['User', 'PWNode', 'Tag_Owned', 'Base'], { name: 'ALICE', objectid: 'S-1', count: neo4j.int(3) });
    const memberOf = new Relationship(11, 7, 8, 'MemberOf', { isacl: false });

    it('maps nodes: integer id as a string, kinds without the store label in the PostgreSQL order, integers as numbers', async () => {
      const { fake, store } = setup();
      fake.respond(/./, { keys: ['n'], rows: [[alice]] });
      expect(await store.nodesByIds(['7', '7', 'not-an-id', '-1'])).toEqual([
        { id: '7', kinds: ['Base', 'User', 'Tag_Owned'], properties: { name: 'ALICE', objectid: 'S-1', count: 3 } },
      ]);
      expect(fake.statements).toEqual([expect.objectContaining({ text: NODES_BY_IDS, parameters: { ids: ids(7) }, mode: 'read' })]);
    });

    it('asks nothing for ids that cannot exist', async () => {
      const { fake, store } = setup();
      expect(await store.nodesByIds(['abc'])).toEqual([]);
      expect(await store.edgesByIds([])).toEqual([]);
      expect(await store.edgeBetween('1', 'x', 'MemberOf')).toBeUndefined();
      expect(await store.neighbours(['99999999999999999999'], 'both')).toEqual({ edges: [], nodes: [] });
      expect(fake.statements).toEqual([]);
    });

    it('finds nodes by objectid', async () => {
      const { fake, store } = setup();
      fake.respond(/./, { keys: ['n'], rows: [[alice]] });
      expect((await store.nodesByObjectIds(['S-1', 'S-1'])).map((n) => n.id)).toEqual(['7']);
      expect(fake.statements[0]).toMatchObject({ text: NODES_BY_OBJECTIDS, parameters: { objectids: ['S-1'] } });
    });

    it('finds one node by objectid, optionally only with a kind', async () => {
      const { fake, store } = setup();
      fake.respond(/./, (s) => ({ keys: ['n'], rows: s.parameters.kind === 'Computer' ? [] : [[alice]] }));
      expect((await store.nodeByObjectId('S-1'))?.id).toBe('7');
      expect(await store.nodeByObjectId('S-1', 'Computer')).toBeUndefined();
      expect(fake.statements.map((s) => [s.text, s.parameters])).toEqual([
        [NODE_BY_OBJECTID, { objectid: 'S-1', kind: null }],
        [NODE_BY_OBJECTID, { objectid: 'S-1', kind: 'Computer' }],
      ]);
    });

    it('maps edges: kind is the type, ids and endpoint ids as strings', async () => {
      const { fake, store } = setup();
      fake.respond(/./, { keys: ['r'], rows: [[memberOf]] });
      const edge = { id: '11', startId: '7', endId: '8', kind: 'MemberOf', properties: { isacl: false } };
      expect(await store.edgesByIds(['11'])).toEqual([edge]);
      expect(await store.edgeBetween('7', '8', 'MemberOf')).toEqual(edge);
      expect(fake.statements.map((s) => [s.text, s.parameters])).toEqual([
        [EDGES_BY_IDS, { ids: ids(11) }],
        [EDGE_BETWEEN, { startId: neo4j.int(7), endId: neo4j.int(8), kind: 'MemberOf' }],
      ]);
    });

    it.each([
      ['outbound', '(s)-[r:`MemberOf`|`AdminTo`]->(o)'],
      ['inbound', '(s)<-[r:`MemberOf`|`AdminTo`]-(o)'],
      ['both', '(s)-[r:`MemberOf`|`AdminTo`]-(o)'],
    ] as const)('expands %s from a node set in one statement, typed edges quoted', async (direction, pattern) => {
      const { fake, store } = setup();
      await store.neighbours(['7', '8'], direction, ['MemberOf', 'AdminTo']);
      expect(fake.statements).toEqual([expect.objectContaining({
        text: `MATCH (s) WHERE id(s) IN $ids\nMATCH ${pattern}\nRETURN r, o`,
        parameters: { ids: ids(7, 8) },
        mode: 'read',
      })]);
    });

    it('expands over any edge kind when none is given, answering distinct edges and nodes in id order', async () => {
      const { fake, store } = setup();
      const bob = new Node(8, ['User', 'PWNode'], { objectid: 'S-2' });
      const selfLoop = new Relationship(3, 8, 8, 'AdminTo', {});
      fake.respond(/./, { keys: ['r', 'o'], rows: [[memberOf, bob], [selfLoop, bob], [selfLoop, bob], [memberOf, alice]] });
      const expansion = await store.neighbours(['7', '8'], 'both');
      expect(fake.statements[0].text).toContain('MATCH (s)-[r]-(o)');
      expect(expansion.edges.map((e) => e.id)).toEqual(['3', '11']);
      expect(expansion.nodes.map((n) => n.id)).toEqual(['7', '8']);
    });

    it('counts nodes and edges in one statement', async () => {
      const { fake, store } = setup();
      fake.respond(/./, { keys: ['nodes', 'edges'], rows: [[neo4j.int(4), 2]] });
      expect(await store.counts()).toEqual({ nodes: 4, edges: 2 });
      expect(fake.texts).toEqual([COUNTS]);
    });
  });
});
