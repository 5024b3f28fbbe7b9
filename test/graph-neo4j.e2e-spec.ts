/**
 * The Neo4j adapters against a real Neo4j 5: the graph store contract, the graph query contract, and what only
 * Neo4j can show (the printed pre-built queries run, `=~` searches, errors map to the wire). Neo4j cannot run on
 * the project's machines, so this file runs only where NEO4J_URL (plus NEO4J_USER / NEO4J_PASSWORD) names one.
 * Every test empties the graph: point NEO4J_URL at a throwaway database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { runWithDeadlineCap } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { graphConfigSlice } from '@app/graph';
import {
  expandShortcuts, graphLifecycleContract, graphQueryContract, graphStoreContract, Neo4jConnection, Neo4jGraphLifecycle,
  Neo4jGraphStore, Neo4jNodeSearch, Neo4jQueryEngine, parseCypher, PREBUILT_QUERIES, seedGraph,
} from '@app/graph/testing';

const NEO4J_URL = process.env.NEO4J_URL;

/** The adapters over one connection to the Neo4j of NEO4J_URL, schema created. */
async function neo4jAdapters() {
  const connection = new Neo4jConnection(graphConfigSlice.read({ ...process.env, GRAPH_DRIVER: 'neo4j' }));
  await connection.onModuleInit();
  const store = new Neo4jGraphStore(connection);
  return {
    connection,
    store,
    engine: new Neo4jQueryEngine(connection),
    search: new Neo4jNodeSearch(connection),
    reset: () => store.clear(),
    close: () => connection.onModuleDestroy(),
  };
}

if (!NEO4J_URL) {
  describe.skip('Neo4j contract (set NEO4J_URL to run)', () => {
    it('runs the graph store and graph query contracts against Neo4j', () => undefined);
  });
} else {
  graphStoreContract('Neo4jGraphStore', neo4jAdapters);

  graphLifecycleContract('Neo4jGraphLifecycle', async () => {
    const adapters = await neo4jAdapters();
    return { ...adapters, lifecycle: new Neo4jGraphLifecycle(adapters.connection) };
  });

  graphQueryContract('Neo4jQueryEngine', neo4jAdapters);

  describe('Neo4j adapters on Neo4j', () => {
    let neo4j: Awaited<ReturnType<typeof neo4jAdapters>>;
    const rows = async (text: string) =>
      (await neo4j.engine.execute(expandShortcuts(parseCypher(text)), { rowLimit: 100 })).rows;

    beforeAll(async () => {
      neo4j = await neo4jAdapters();
    });
    afterAll(async () => neo4j?.close());
    beforeEach(async () => {
      await neo4j.reset();
      await seedGraph(neo4j.store, {
        nodes: [
          { objectid: 'S-1-5-21-1-512', kinds: ['Base', 'Group'], properties: { name: 'DOMAIN ADMINS@CORP' } },
          { objectid: 'S-1-5-21-1-1105', kinds: ['Base', 'User'], properties: { name: 'ALICE@CORP', enabled: true } },
          { objectid: 'R-1', kinds: ['AZBase', 'AZRole'], properties: { name: 'GLOBAL ADMINISTRATOR@TENANT' } },
          { objectid: 'L-1', kinds: ['Base', 'ADLocalGroup'], properties: { name: 'ADMINISTRATORS@HOST' } },
        ],
        edges: [{ from: 'S-1-5-21-1-1105', to: 'S-1-5-21-1-512', kind: 'MemberOf' }],
      });
    });

    it('creates its schema idempotently', async () => {
      await neo4j.connection.ensureSchema();
      await neo4j.connection.ensureSchema();
    });

    it('runs every pre-built query as printed, shortcuts expanded', async () => {
      for (const { number, query } of PREBUILT_QUERIES) {
        await expect(rows(query).then(() => number)).resolves.toBe(number);
      }
    });

    it('gives =~ search semantics, as on PostgreSQL', async () => {
      expect(await rows("MATCH (n:Base) WHERE n.objectid =~ '-(519|512)$' RETURN n.name")).toEqual([
        [{ type: 'literal', value: 'DOMAIN ADMINS@CORP' }],
      ]);
      expect(await rows("MATCH (n:AZRole) WHERE n.name =~ '(?i)Global Administrator|User Administrator' RETURN n.objectid"))
        .toEqual([[{ type: 'literal', value: 'R-1' }]]);
    });

    it('answers paths with the store ids and kinds', async () => {
      const [[path]] = await rows('MATCH p = (:User)-[:MemberOf]->(:Group) RETURN p');
      const alice = (await neo4j.store.nodeByObjectId('S-1-5-21-1-1105'))!;
      expect(path).toMatchObject({ type: 'path', path: { nodes: [alice, expect.anything()], edges: [{ kind: 'MemberOf', startId: alice.id }] } });
    });

    it('answers 400 when Neo4j cannot evaluate the query', async () => {
      expect((await apiErrorOf(rows('RETURN 1 / 0 AS x'))).status).toBe(400);
    });

    it('answers 504 once the deadline has passed', async () => {
      expect((await apiErrorOf(runWithDeadlineCap(0, () => rows('MATCH (n) RETURN n')))).status).toBe(504);
    });

    it('finds shortest paths between node sets', async () => {
      const [alice, admins] = await neo4j.store.nodesByObjectIds(['S-1-5-21-1-1105', 'S-1-5-21-1-512']);
      const paths = await neo4j.engine.shortestPaths({
        startIds: [alice.id], endIds: [admins.id], edgeKinds: ['MemberOf'], direction: 'outbound', all: false, maxDepth: 5, limit: 10,
      });
      expect(paths.map((p) => p.nodes.map((n) => n.id))).toEqual([[alice.id, admins.id]]);
    });

    it('searches exact matches first and leaves out local groups that are not groups', async () => {
      const found = await neo4j.search.search({ text: 'admin', kinds: [], skip: 0, limit: 10 });
      expect(found.map((n) => n.properties.objectid)).toEqual(['S-1-5-21-1-512', 'R-1']);
      const exact = await neo4j.search.search({ text: 'alice@corp', kinds: ['User'], skip: 0, limit: 10 });
      expect(exact.map((n) => n.properties.objectid)).toEqual(['S-1-5-21-1-1105']);
    });
  });
}
