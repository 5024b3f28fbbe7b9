import { describe, expect, it } from '@jest/globals';
import neo4j from 'neo4j-driver';
import { STUB_NODES, UPSERT_BATCH_EDGES } from './neo4j-batch-writer.js';
import { Neo4jGraphStore } from './neo4j-graph.store.js';
import { ADD_LABELS, UPSERT_NODES } from './neo4j-node-statements.js';
import { fakeConnection } from './testing/fake-connection.js';

const T1 = '2026-01-01T00:00:00.000Z';

function setup() {
  const { fake, connection } = fakeConnection();
  return { fake, store: new Neo4jGraphStore(connection) };
}

describe('Neo4jGraphStore.writeBatch', () => {
  it('writes nodes, labels, stubs and edges with UNWIND statements in one write transaction', async () => {
    const { fake, store } = setup();
    fake.respond(/AS created/, { keys: ['created'], rows: [[neo4j.int(1)]] });
    fake.respond(/`MemberOf`/, { keys: ['resolved', 'written'], rows: [[neo4j.int(2), neo4j.int(2)]] });
    fake.respond(/`GenericAll`/, { keys: ['resolved', 'written'], rows: [[neo4j.int(0), neo4j.int(0)]] });
    const result = await store.writeBatch({
      seenAt: T1,
      nodes: [
        { objectid: 'U', kinds: ['User', 'Base'], properties: { name: 'ALICE', objectid: 'ignored' } },
        { objectid: 'U', kinds: ['Tag_Owned'], properties: { gone: null } },
      ],
      edges: [
        { start: { objectid: 'U', kinds: [] }, end: { objectid: 'G', kinds: ['Base', 'Group'] }, kind: 'MemberOf', properties: { isacl: false } },
        { start: { objectid: 'U', kinds: [] }, end: { objectid: 'V', kinds: [] }, kind: 'MemberOf', properties: {} },
        {
          start: { objectid: 'CN=U', kinds: [], matchBy: 'distinguishedname' }, end: { objectid: 'CN=G', kinds: [], matchBy: 'distinguishedname' },
          kind: 'GenericAll', properties: {},
        },
      ],
    });
    expect(result).toEqual({ nodes: 1, stubs: 1, edges: 2, skippedEdges: 1 });
    expect(fake.statements.map((s) => s.mode)).toEqual(['write', 'write', 'write', 'write', 'write']);
    expect(fake.statements.map((s) => [s.text, s.parameters])).toEqual([
      [UPSERT_NODES, { rows: [{
        objectid: 'U', properties: { name: 'ALICE', gone: null, lastseen: T1, lastcollected: T1 },
        keys: ['name', 'gone', 'lastseen', 'lastcollected'], jsonKeys: [],
      }] }],
      [ADD_LABELS(['Base', 'Tag_Owned', 'User']), { objectids: ['U'] }],
      [STUB_NODES(['Base', 'Group']), { rows: [{ objectid: 'G', lastseen: T1 }] }],
      [UPSERT_BATCH_EDGES('GenericAll', 'distinguishedname', 'distinguishedname'), { rows: [
        { start: 'CN=U', end: 'CN=G', properties: { lastseen: T1 }, keys: ['lastseen'], jsonKeys: [] },
      ] }],
      [UPSERT_BATCH_EDGES('MemberOf', 'objectid', 'objectid'), { rows: [
        { start: 'U', end: 'G', properties: { isacl: false, lastseen: T1 }, keys: ['isacl', 'lastseen'], jsonKeys: [] },
        { start: 'U', end: 'V', properties: { lastseen: T1 }, keys: ['lastseen'], jsonKeys: [] },
      ] }],
    ]);
  });

  it('creates stubs with MERGE only when missing and resolves distinguishednames case-insensitively', () => {
    expect(STUB_NODES(['Base', 'Group'])).toContain('ON CREATE SET n:`Base`:`Group`, n.lastseen = row.lastseen');
    const byDn = UPSERT_BATCH_EDGES('MemberOf', 'objectid', 'distinguishedname');
    expect(byDn).toContain('MATCH (s:`PWNode` {objectid: row.start})');
    expect(byDn).toContain('WHERE toUpper(m.distinguishedname) = toUpper(row.end) RETURN m AS e ORDER BY id(m) LIMIT 1');
  });

  it('keeps a hostile edge type inside its backticks', () => {
    expect(UPSERT_BATCH_EDGES('X`]->() DETACH DELETE s //', 'objectid', 'objectid')).toContain('[r:`X``]->() DETACH DELETE s //`]');
  });

  it('sends nothing but answers zeros for an empty batch', async () => {
    const { fake, store } = setup();
    expect(await store.writeBatch({ nodes: [], edges: [], seenAt: T1 })).toEqual({ nodes: 0, stubs: 0, edges: 0, skippedEdges: 0 });
    expect(fake.statements).toEqual([]);
  });
});
