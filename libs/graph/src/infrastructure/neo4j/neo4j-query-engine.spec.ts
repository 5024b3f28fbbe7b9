import { describe, expect, it } from '@jest/globals';
import neo4j from 'neo4j-driver';
import { apiErrorOf } from '@app/platform/testing';
import type { CypherQuery } from '../../cypher/ast.js';
import { parseCypher } from '../../cypher/parser.js';
import { printCypher, UNPRINTABLE_NAME } from '../../cypher/printer.js';
import type { PathRequest } from '../../application/ports.js';
import { PathfindingErrors } from '../../application/pathfinding-rules.js';
import { Neo4jMessages } from './neo4j-errors.js';
import { Neo4jQueryEngine, shortestPathStatement } from './neo4j-query-engine.js';
import { fakeConnection } from './testing/fake-connection.js';

const { Node, Relationship, Path, PathSegment, DateTime } = neo4j.types;

function setup() {
  const { fake, connection } = fakeConnection();
  return { fake, engine: new Neo4jQueryEngine(connection) };
}

const a = new Node(1, ['PWNode', 'User', 'Base'], { name: 'A' });
const b = new Node(2, ['PWNode', 'Group', 'Base'], { name: 'B' });
const c = new Node(3, ['PWNode', 'Domain', 'Base'], { name: 'C' });
const aMemberOfB = new Relationship(10, 1, 2, 'MemberOf', { isacl: false });
const cContainsB = new Relationship(11, 3, 2, 'Contains', {});

const nodeA = { id: '1', kinds: ['Base', 'User'], properties: { name: 'A' } };
const nodeB = { id: '2', kinds: ['Base', 'Group'], properties: { name: 'B' } };
const nodeC = { id: '3', kinds: ['Base', 'Domain'], properties: { name: 'C' } };
const edgeAB = { id: '10', startId: '1', endId: '2', kind: 'MemberOf', properties: { isacl: false } };
const edgeCB = { id: '11', startId: '3', endId: '2', kind: 'Contains', properties: {} };

/** a -MemberOf-> b <-Contains- c, walked from a to c (the second edge backwards). */
const path = new Path(a, c, [new PathSegment(a, aMemberOfB, b), new PathSegment(b, cContainsB, c)]);

describe('Neo4jQueryEngine', () => {
  describe('execute', () => {
    it('runs the printed query, with search semantics for =~, in a read transaction without parameters', async () => {
      const { fake, engine } = setup();
      const query = parseCypher("MATCH (n:User) WHERE n.name =~ '(?i)adm' RETURN n.name");
      await engine.execute(query, { rowLimit: 10 });
      expect(fake.statements).toEqual([expect.objectContaining({
        text: printCypher(query, { regexSearch: true }),
        parameters: {},
        mode: 'read',
      })]);
      expect(fake.statements[0].text).toContain("=~ '(?i)(?s).*(?:adm).*'");
    });

    it('maps nodes, edges and paths to graph values, kinds without the store label', async () => {
      const { fake, engine } = setup();
      fake.respond(/./, { keys: ['n', 'r', 'p'], rows: [[a, aMemberOfB, path]] });
      const result = await engine.execute(parseCypher('MATCH p = (n)-[r]->() RETURN n, r, p'), { rowLimit: 10 });
      expect(result).toEqual({
        columns: ['n', 'r', 'p'],
        rows: [[
          { type: 'node', node: nodeA },
          { type: 'edge', edge: edgeAB },
          { type: 'path', path: { nodes: [nodeA, nodeB, nodeC], edges: [edgeAB, edgeCB] } },
        ]],
      });
    });

    it('maps lists item by item and everything else to plain literals', async () => {
      const { fake, engine } = setup();
      const when = new DateTime(2024, 5, 1, 12, 0, 0, 0, 0);
      fake.respond(/./, {
        keys: ['l', 'i', 't', 'm', 'z'],
        rows: [[[a, neo4j.int(2), 'x'], neo4j.int(42), when, { k: neo4j.int(1), d: [when] }, null]],
      });
      const { rows } = await engine.execute(parseCypher('RETURN 1 AS x'), { rowLimit: 10 });
      expect(rows[0]).toEqual([
        { type: 'list', items: [{ type: 'node', node: nodeA }, { type: 'literal', value: 2 }, { type: 'literal', value: 'x' }] },
        { type: 'literal', value: 42 },
        { type: 'literal', value: '2024-05-01T12:00:00Z' },
        { type: 'literal', value: { k: 1, d: ['2024-05-01T12:00:00Z'] } },
        { type: 'literal', value: null },
      ]);
    });

    it('stops streaming after rowLimit + 1 rows, so an oversized answer is seen without being fetched', async () => {
      const { fake, engine } = setup();
      fake.respond(/./, { keys: ['i'], rows: Array.from({ length: 50 }, (_, i) => [i]) });
      const { rows } = await engine.execute(parseCypher('UNWIND [1, 2, 3, 4, 5] AS i RETURN i'), { rowLimit: 3 });
      expect(rows).toHaveLength(4);
      expect(fake.pulled).toBe(4);
      expect(fake.statements[0].fetchSize).toBe(4);
    });

    it('answers the columns of an empty result', async () => {
      const { fake, engine } = setup();
      fake.respond(/./, { keys: ['n.name'], rows: [] });
      expect(await engine.execute(parseCypher('MATCH (n) RETURN n.name'), { rowLimit: 10 })).toEqual({ columns: ['n.name'], rows: [] });
    });

    it('answers 400 for a name that cannot be sent to Neo4j safely, without running anything', async () => {
      const { fake, engine } = setup();
      const query: CypherQuery = parseCypher('MATCH (n:X) RETURN n');
      const label = 'X\\u0060 RETURN 1 //';
      (query.clauses[0] as { pattern: { element: { nodes: { labels: string[] }[] } }[] }).pattern[0].element.nodes[0].labels = [label];
      const error = await apiErrorOf(engine.execute(query, { rowLimit: 10 }));
      expect([error.status, error.messages]).toEqual([400, [Neo4jMessages.notEvaluable(UNPRINTABLE_NAME(label))]]);
      expect(fake.statements).toEqual([]);
    });

    it('answers 400 when Neo4j cannot evaluate the query', async () => {
      const { fake, engine } = setup();
      fake.respond(/./, new neo4j.Neo4jError('/ by zero', 'Neo.ClientError.Statement.ArithmeticError', '22012', 'd'));
      const error = await apiErrorOf(engine.execute(parseCypher('RETURN 1 / 0 AS x'), { rowLimit: 10 }));
      expect([error.status, error.messages]).toEqual([400, [Neo4jMessages.notEvaluable('/ by zero')]]);
    });
  });

  describe('shortestPaths', () => {
    const request: PathRequest = {
      startIds: ['1', '1'], endIds: ['3'], edgeKinds: ['MemberOf', 'Contains'], direction: 'outbound', all: false,
      maxDepth: 5, limit: 100,
    };

    it('asks for one shortest path per pair over the given kinds, ids and limit as integer parameters', async () => {
      const { fake, engine } = setup();
      fake.respond(/./, { keys: ['p'], rows: [[path]] });
      expect(await engine.shortestPaths(request)).toEqual([{ nodes: [nodeA, nodeB, nodeC], edges: [edgeAB, edgeCB] }]);
      expect(fake.statements).toEqual([expect.objectContaining({
        text: 'MATCH (s) WHERE id(s) IN $startIds\nMATCH (t) WHERE id(t) IN $endIds AND t <> s\n' +
          'MATCH p = shortestPath((s)-[:`MemberOf`|`Contains`*1..5]->(t))\nRETURN p\nLIMIT $limit',
        parameters: { startIds: [neo4j.int(1)], endIds: [neo4j.int(3)], limit: neo4j.int(100) },
        mode: 'read',
      })]);
    });

    it('walks edges backwards for inbound requests and keeps every shortest path with all', () => {
      expect(shortestPathStatement({ ...request, direction: 'inbound', all: true, edgeKinds: [] }))
        .toContain('MATCH p = allShortestPaths((s)<-[*1..5]-(t))');
    });

    it('answers 400 like the PostgreSQL pathfinder when the one start is the one end', async () => {
      const { fake, engine } = setup();
      const error = await apiErrorOf(engine.shortestPaths({ ...request, startIds: ['3'], endIds: ['3', '3'] }));
      expect([error.status, error.messages]).toEqual([400, [PathfindingErrors.sameNode]]);
      expect(fake.statements).toEqual([]);
    });

    it('asks nothing when an end is empty or nothing may be returned', async () => {
      const { fake, engine } = setup();
      expect(await engine.shortestPaths({ ...request, startIds: ['nope'] })).toEqual([]);
      expect(await engine.shortestPaths({ ...request, limit: 0 })).toEqual([]);
      expect(fake.statements).toEqual([]);
    });
  });
});
