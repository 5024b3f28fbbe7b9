import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GraphQueryEngine, GraphStore } from '../application/ports.js';
import { prepareCypher } from '../cypher/check.js';
import type { GraphNode, QueryRows, ResultValue } from '../domain/graph.js';
import { seedGraph, type GraphSpec } from './graph-fixture.js';

/** A query engine under test, with the store its graph is written through. */
export interface GraphQueryHarness {
  engine: GraphQueryEngine;
  store: GraphStore;
  close?(): Promise<void>;
}

/**
 * A small directory: CORP trusts EXT both ways; ALICE is in HELPDESK (itself in DOMAIN ADMINS) and DOMAIN USERS;
 * HELPDESK administers WS1, CAROL administers SRV1; WS1 and SRV1 hold sessions of ALICE and BOB.
 */
export const QUERY_GRAPH: GraphSpec = {
  nodes: [
    { objectid: 'D-CORP', kinds: ['Base', 'Domain'], properties: { name: 'CORP.LOCAL', machineaccountquota: 10 } },
    { objectid: 'D-EXT', kinds: ['Base', 'Domain'], properties: { name: 'EXT.LOCAL', machineaccountquota: 0 } },
    { objectid: 'S-1-5-21-1-512', kinds: ['Base', 'Group', 'Tag_Tier_Zero'], properties: { name: 'DOMAIN ADMINS@CORP.LOCAL', admincount: true } },
    { objectid: 'S-1-5-21-1-513', kinds: ['Base', 'Group'], properties: { name: 'DOMAIN USERS@CORP.LOCAL', admincount: false } },
    { objectid: 'G-HELP', kinds: ['Base', 'Group'], properties: { name: 'HELPDESK@CORP.LOCAL', description: '100% helpdesk_staff' } },
    {
      objectid: 'U-ALICE',
      kinds: ['Base', 'User'],
      properties: { name: 'ALICE@CORP.LOCAL', enabled: true, hasspn: true, pwdlastset: 1000, score: 5, tags: ['vip', 'sso'] },
    },
    { objectid: 'U-BOB', kinds: ['Base', 'User'], properties: { name: 'BOB@CORP.LOCAL', enabled: false, pwdlastset: -1, score: 2.5 } },
    {
      objectid: 'U-CAROL',
      kinds: ['Base', 'User'],
      properties: { name: 'CAROL@EXT.LOCAL', enabled: true, pwdlastset: 0, score: 10, system_tags: 'admin_tier_0 owned' },
    },
    { objectid: 'C-WS1', kinds: ['Base', 'Computer'], properties: { name: 'WS1.CORP.LOCAL', operatingsystem: 'Windows 10 Pro' } },
    { objectid: 'C-SRV1', kinds: ['Base', 'Computer'], properties: { name: 'SRV1.CORP.LOCAL', operatingsystem: 'Windows Server 2019' } },
  ],
  edges: [
    { from: 'U-ALICE', to: 'G-HELP', kind: 'MemberOf' },
    { from: 'G-HELP', to: 'S-1-5-21-1-512', kind: 'MemberOf' },
    { from: 'U-ALICE', to: 'S-1-5-21-1-513', kind: 'MemberOf' },
    { from: 'U-BOB', to: 'S-1-5-21-1-513', kind: 'MemberOf' },
    { from: 'G-HELP', to: 'C-WS1', kind: 'AdminTo' },
    { from: 'U-CAROL', to: 'C-SRV1', kind: 'AdminTo' },
    { from: 'C-WS1', to: 'U-ALICE', kind: 'HasSession' },
    { from: 'C-SRV1', to: 'U-BOB', kind: 'HasSession' },
    { from: 'U-BOB', to: 'U-ALICE', kind: 'GenericAll', properties: { isacl: true } },
    { from: 'D-CORP', to: 'C-WS1', kind: 'Contains' },
    { from: 'D-CORP', to: 'C-SRV1', kind: 'Contains' },
    { from: 'D-CORP', to: 'D-EXT', kind: 'CrossForestTrust' },
    { from: 'D-EXT', to: 'D-CORP', kind: 'CrossForestTrust' },
  ],
};

/** Runs Cypher text through the front end the endpoint uses (parse, checks, shortcut expansion), then the engine. */
export function runCypher(engine: GraphQueryEngine, text: string, rowLimit = 1000): Promise<QueryRows> {
  return engine.execute(prepareCypher(text), { rowLimit });
}

/**
 * A result value in words: a node by objectid, a bare edge as `<start id>-Kind-><end id>`, a path by objectids as
 * `A-Kind->B<-Kind-C` (in path order), lists item by item, literals as they are.
 */
export function show(value: ResultValue): unknown {
  const name = (node: GraphNode) => node.properties.objectid as string;
  switch (value.type) {
    case 'node':
      return name(value.node);
    case 'edge':
      return `${value.edge.startId}-${value.edge.kind}->${value.edge.endId}`;
    case 'path': {
      const { nodes, edges } = value.path;
      return nodes.map((node, index) => {
        if (index === 0) return name(node);
        const edge = edges[index - 1];
        return edge.startId === nodes[index - 1].id ? `-${edge.kind}->${name(node)}` : `<-${edge.kind}-${name(node)}`;
      }).join('');
    }
    case 'list':
      return value.items.map(show);
    case 'literal':
      return value.value;
  }
}

/** Rows in words, in the order the engine returned them. */
export function rowsOf(result: QueryRows): unknown[][] {
  return result.rows.map((row) => row.map(show));
}

/** Rows in words, sorted (for answers whose order the query leaves open). */
export function sortedRowsOf(result: QueryRows): unknown[][] {
  return rowsOf(result).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

/**
 * The query face of the graph port as a specification: the Cypher read subset every adapter must answer alike
 * (PostgreSQL translation, Neo4j), on QUERY_GRAPH. Answers are objectids, exact.
 */
export function graphQueryContract(name: string, make: () => Promise<GraphQueryHarness>): void {
  describe(`${name} (graph query contract)`, () => {
    let harness: GraphQueryHarness;
    const rows = async (text: string, rowLimit?: number) => sortedRowsOf(await runCypher(harness.engine, text, rowLimit));
    const ordered = async (text: string) => rowsOf(await runCypher(harness.engine, text));
    const column = async (text: string) => (await rows(text)).map((row) => row[0]);

    beforeAll(async () => {
      harness = await make();
      await harness.store.clear();
      await seedGraph(harness.store, QUERY_GRAPH);
    });
    afterAll(async () => harness?.close?.());

    describe('patterns', () => {
      it('matches nodes by label, every label of a conjunction, and inline properties', async () => {
        expect(await column('MATCH (n:Computer) RETURN n')).toEqual(['C-SRV1', 'C-WS1']);
        expect(await column('MATCH (n:Group:Tag_Tier_Zero) RETURN n')).toEqual(['S-1-5-21-1-512']);
        expect(await column('MATCH (u:User {enabled: false}) RETURN u')).toEqual(['U-BOB']);
      });

      it('follows relationships outbound, inbound and in either direction', async () => {
        expect(await column("MATCH (a)-[:MemberOf]->(g {objectid: 'S-1-5-21-1-513'}) RETURN a")).toEqual(['U-ALICE', 'U-BOB']);
        expect(await column("MATCH (g {objectid: 'S-1-5-21-1-513'})<-[:MemberOf]-(a) RETURN a")).toEqual(['U-ALICE', 'U-BOB']);
        expect(await column("MATCH (a {objectid: 'U-ALICE'})-[:MemberOf|GenericAll]-(x) RETURN x"))
          .toEqual(['G-HELP', 'S-1-5-21-1-513', 'U-BOB']);
      });

      it('matches any of alternated relationship types', async () => {
        expect(await rows("MATCH (a)-[:AdminTo|HasSession]->(b:User) RETURN a, b")).toEqual([['C-SRV1', 'U-BOB'], ['C-WS1', 'U-ALICE']]);
      });

      it('chains hops through anonymous nodes', async () => {
        expect(await rows('MATCH (c:Computer)-[:HasSession]->(:User)-[:MemberOf]->(g:Group) RETURN c, g')).toEqual([
          ['C-SRV1', 'S-1-5-21-1-513'], ['C-WS1', 'G-HELP'], ['C-WS1', 'S-1-5-21-1-513'],
        ]);
      });

      it('joins parts and clauses that share a variable and crosses disconnected ones', async () => {
        expect(await rows('MATCH (u:User)-[:MemberOf]->(g), (c:Computer)-[:HasSession]->(u) RETURN c, g')).toEqual([
          ['C-SRV1', 'S-1-5-21-1-513'], ['C-WS1', 'G-HELP'], ['C-WS1', 'S-1-5-21-1-513'],
        ]);
        expect(await rows('MATCH (a:Domain) MATCH (b:Domain) WHERE a <> b RETURN a, b')).toEqual([['D-CORP', 'D-EXT'], ['D-EXT', 'D-CORP']]);
      });

      it('never uses one relationship twice within a MATCH', async () => {
        expect(await column("MATCH (a {objectid: 'D-CORP'})-[:CrossForestTrust]-(b)-[:CrossForestTrust]-(c) RETURN c"))
          .toEqual(['D-CORP', 'D-CORP']);
      });

      it('expands variable-length relationships within their bounds', async () => {
        const reach = (range: string) => column(`MATCH ({objectid: 'U-ALICE'})-[:MemberOf${range}]->(g) RETURN DISTINCT g`);
        expect(await reach('*')).toEqual(['G-HELP', 'S-1-5-21-1-512', 'S-1-5-21-1-513']);
        expect(await reach('*0..')).toEqual(['G-HELP', 'S-1-5-21-1-512', 'S-1-5-21-1-513', 'U-ALICE']);
        expect(await reach('*2')).toEqual(['S-1-5-21-1-512']);
        expect(await reach('*..1')).toEqual(['G-HELP', 'S-1-5-21-1-513']);
        expect(await column("MATCH (x)-[:MemberOf*1..]->({objectid: 'S-1-5-21-1-512'}) RETURN x")).toEqual(['G-HELP', 'U-ALICE']);
      });

      it('returns named paths from the first node of the pattern to the last', async () => {
        expect(await column('MATCH p = (:Group:Tag_Tier_Zero)<-[:MemberOf*1..]-(:User) RETURN p'))
          .toEqual(['S-1-5-21-1-512<-MemberOf-G-HELP<-MemberOf-U-ALICE']);
        expect(await column("MATCH p = (c:Computer {objectid: 'C-WS1'})-[:HasSession]->(u)<-[:GenericAll]-(b) RETURN p"))
          .toEqual(['C-WS1-HasSession->U-ALICE<-GenericAll-U-BOB']);
      });

      it('matches nothing for labels and relationship types the graph has never seen', async () => {
        expect(await rows('MATCH (n:NoSuchLabel) RETURN n')).toEqual([]);
        expect(await rows('MATCH (n)-[:NoSuchType]->(m) RETURN n')).toEqual([]);
        expect(await rows('MATCH (n:User) WHERE n:NoSuchLabel RETURN n')).toEqual([]);
        expect(await column('MATCH (n:User) WHERE n:NoSuchLabel OR n.enabled = false RETURN n')).toEqual(['U-BOB']);
      });
    });

    describe('expressions', () => {
      it('compares numbers, strings and booleans', async () => {
        expect(await column('MATCH (u:User) WHERE u.score > 2.5 RETURN u')).toEqual(['U-ALICE', 'U-CAROL']);
        expect(await column('MATCH (u:User) WHERE u.score <= 5 AND u.pwdlastset >= 0 RETURN u')).toEqual(['U-ALICE']);
        expect(await column("MATCH (u:User) WHERE u.name < 'B' RETURN u")).toEqual(['U-ALICE']);
        expect(await column('MATCH (u:User) WHERE u.enabled = true AND u.hasspn = True RETURN u')).toEqual(['U-ALICE']);
        expect(await column("MATCH (u:User) WHERE u.name <> 'BOB@CORP.LOCAL' RETURN u")).toEqual(['U-ALICE', 'U-CAROL']);
      });

      it('tests membership in list literals and in array properties', async () => {
        expect(await column('MATCH (u:User) WHERE NOT u.pwdlastset IN [-1.0, 0.0] RETURN u')).toEqual(['U-ALICE']);
        expect(await column("MATCH (u:User) WHERE 'sso' IN u.tags RETURN u")).toEqual(['U-ALICE']);
      });

      it('matches STARTS WITH, ENDS WITH and CONTAINS literally, wildcards included', async () => {
        expect(await column("MATCH (n) WHERE n.objectid ENDS WITH '-512' RETURN n")).toEqual(['S-1-5-21-1-512']);
        expect(await column("MATCH (n:User) WHERE n.name STARTS WITH 'CAROL' RETURN n")).toEqual(['U-CAROL']);
        expect(await column("MATCH (n) WHERE n.description CONTAINS '100%' RETURN n")).toEqual(['G-HELP']);
        expect(await column("MATCH (n) WHERE n.name CONTAINS '%' OR n.name CONTAINS '_' RETURN n")).toEqual([]);
        expect(await column("MATCH (n:Computer) WHERE NOT toUpper(n.operatingsystem) CONTAINS 'SERVER' RETURN n")).toEqual(['C-WS1']);
      });

      it('searches with =~ (unanchored), case-insensitively after (?i)', async () => {
        expect(await column("MATCH (n:User) WHERE n.name =~ '(?i)corp' RETURN n")).toEqual(['U-ALICE', 'U-BOB']);
        expect(await column("MATCH (n:Group) WHERE n.objectid =~ '-(519|512)$' RETURN n")).toEqual(['S-1-5-21-1-512']);
      });

      it('treats missing properties as null', async () => {
        expect(await column('MATCH (u:User) WHERE u.hasspn IS NULL RETURN u')).toEqual(['U-BOB', 'U-CAROL']);
        expect(await column('MATCH (u:User) WHERE NOT u.hasspn = true RETURN u')).toEqual([]);
        expect(await column('MATCH (u:User) WHERE NOT COALESCE(u.hasspn, false) = true RETURN u')).toEqual(['U-BOB', 'U-CAROL']);
      });

      it('combines label predicates and property tests with OR, as the tier zero idiom does', async () => {
        expect(await column("MATCH (n:Base) WHERE ((n:Tag_Tier_Zero) OR COALESCE(n.system_tags, '') CONTAINS 'admin_tier_0') RETURN n"))
          .toEqual(['S-1-5-21-1-512', 'U-CAROL']);
        expect(await column('MATCH (n:Base) WHERE (n:User OR n:Computer) AND n.enabled = true RETURN n')).toEqual(['U-ALICE', 'U-CAROL']);
      });

      it('filters with pattern predicates', async () => {
        expect(await column('MATCH (u:User) WHERE (u)-[:MemberOf]->(:Group) RETURN u')).toEqual(['U-ALICE', 'U-BOB']);
        expect(await column('MATCH (u:User) WHERE NOT (u)<-[:HasSession]-(:Computer) RETURN u')).toEqual(['U-CAROL']);
        expect(await rows('MATCH (a:Domain)-[:CrossForestTrust]-(b:Domain) WHERE (a)-[:CrossForestTrust]->(b) RETURN a, b'))
          .toEqual([['D-CORP', 'D-EXT'], ['D-CORP', 'D-EXT'], ['D-EXT', 'D-CORP'], ['D-EXT', 'D-CORP']]);
      });

      it('evaluates arithmetic and the common functions', async () => {
        expect(await ordered("RETURN 1 + 2 AS a, 7 / 2 AS b, 2 * 3 - 1 AS c, toUpper('ab') AS d, size([1, 2]) AS e, [1] + [2] AS f")).toEqual([
          [3, 3, 5, 'AB', 2, [1, 2]],
        ]);
        expect(await ordered("MATCH (n {objectid: 'U-ALICE'})-[r:GenericAll]-(m) RETURN toLower(n.name), size(n.tags), head(n.tags), type(r), m.name"))
          .toEqual([['alice@corp.local', 2, 'vip', 'GenericAll', 'BOB@CORP.LOCAL']]);
      });
    });

    describe('projection', () => {
      it('keeps rows without an OPTIONAL MATCH, with nulls', async () => {
        expect(await rows('MATCH (u:User) OPTIONAL MATCH (u)<-[:HasSession]-(c) RETURN u, c')).toEqual([
          ['U-ALICE', 'C-WS1'], ['U-BOB', 'C-SRV1'], ['U-CAROL', null],
        ]);
      });

      it('aggregates per group of the other items', async () => {
        expect(await rows('MATCH (g:Group) OPTIONAL MATCH (g)<-[:MemberOf]-(m) RETURN g, count(m) AS members, collect(m) AS who')).toEqual([
          ['G-HELP', 1, ['U-ALICE']], ['S-1-5-21-1-512', 1, ['G-HELP']], ['S-1-5-21-1-513', 2, expect.arrayContaining(['U-ALICE', 'U-BOB'])],
        ]);
        expect(await ordered('MATCH (u:User) RETURN count(*) AS n, sum(u.score) AS total, min(u.score) AS low, max(u.name) AS last'))
          .toEqual([[3, 17.5, 2.5, 'CAROL@EXT.LOCAL']]);
        expect(await ordered('MATCH (u:NoSuchLabel) RETURN count(u) AS n, collect(u.name) AS names')).toEqual([[0, []]]);
      });

      it('removes duplicate rows with DISTINCT', async () => {
        expect(await column('MATCH (u:User)-[:MemberOf]->(g) RETURN DISTINCT u')).toEqual(['U-ALICE', 'U-BOB']);
      });

      it('orders, skips and limits', async () => {
        expect(await ordered('MATCH (u:User) RETURN u.name AS name ORDER BY name DESC')).toEqual([
          ['CAROL@EXT.LOCAL'], ['BOB@CORP.LOCAL'], ['ALICE@CORP.LOCAL'],
        ]);
        expect(await ordered('MATCH (u:User) RETURN u ORDER BY u.score SKIP 1 LIMIT 1')).toEqual([['U-ALICE']]);
        expect(await ordered('MATCH (g:Group)<-[:MemberOf]-(m) WITH g, count(m) AS n RETURN g ORDER BY n DESC, g.name LIMIT 2'))
          .toEqual([['S-1-5-21-1-513'], ['S-1-5-21-1-512']]);
      });

      it('unwinds lists, collected nodes included', async () => {
        expect(await ordered('UNWIND [3, 1, 2] AS x RETURN x ORDER BY x')).toEqual([[1], [2], [3]]);
        expect(await column('MATCH (c:Computer) WITH collect(c) + collect(c) AS twice UNWIND twice AS c RETURN c'))
          .toEqual(['C-SRV1', 'C-SRV1', 'C-WS1', 'C-WS1']);
      });

      it('carries variables through WITH, filtering with WITH ... WHERE', async () => {
        expect(await column('WITH 3 AS floor MATCH (u:User) WHERE u.score > floor RETURN u')).toEqual(['U-ALICE', 'U-CAROL']);
        expect(await column('MATCH (u:User) WITH u, u.score AS s WHERE s < 6 MATCH (u)-[:MemberOf]->(g) RETURN DISTINCT g'))
          .toEqual(['G-HELP', 'S-1-5-21-1-513']);
        expect(await column("MATCH (s)-[:MemberOf*0..]->(g:Group {objectid: 'S-1-5-21-1-512'}) WITH collect(s) AS exclude MATCH (u:User) WHERE NOT u IN exclude RETURN u"))
          .toEqual(['U-BOB', 'U-CAROL']);
      });

      it('returns one row more than the row limit when the answer is larger', async () => {
        expect(await rows('MATCH (n) RETURN n', 3)).toHaveLength(4);
        expect(await rows('MATCH (n) RETURN n LIMIT 2', 3)).toHaveLength(2);
      });
    });

    describe('shortest paths', () => {
      it('finds one shortest path per pair of ends', async () => {
        expect(await column("MATCH p = shortestPath((s:User)-[:MemberOf|AdminTo|HasSession*1..]->(t {objectid: 'S-1-5-21-1-512'})) WHERE s <> t RETURN p"))
          .toEqual(['U-ALICE-MemberOf->G-HELP-MemberOf->S-1-5-21-1-512']);
        expect(await column("MATCH p = shortestPath((t:Computer {objectid: 'C-WS1'})<-[:AdminTo|MemberOf*1..]-(s:User)) RETURN p"))
          .toEqual(['C-WS1<-AdminTo-G-HELP<-MemberOf-U-ALICE']);
      });

      it('finds every shortest path with allShortestPaths', async () => {
        expect(await column("MATCH p = allShortestPaths((s {objectid: 'U-BOB'})-[*1..]->(t {objectid: 'G-HELP'})) RETURN p"))
          .toEqual(['U-BOB-GenericAll->U-ALICE-MemberOf->G-HELP']);
      });
    });
  });
}
