import { describe, expect, it } from '@jest/globals';
import { remainingMs, runWithRequestContext } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import type { CypherQuery } from '../cypher/ast.js';
import { QUERY_TOO_COMPLEX } from '../cypher/errors.js';
import type { GraphNode, GraphPath, QueryRows, ResultValue } from '../domain/graph.js';
import { CypherService } from './cypher-service.js';
import { GraphLimits } from './graph-limits.js';
import { GraphQueryEngine, type PathRequest, type QueryLimits } from './ports.js';
import { graphConfigSlice } from '../graph-config.js';

/** Answers every query with fixed rows (or fails), and records the limits and the time left it was given. */
class FakeEngine extends GraphQueryEngine {
  limits: QueryLimits | undefined;
  remaining: number | undefined;
  constructor(private readonly answer: QueryRows | Error) {
    super();
  }

  async execute(_query: CypherQuery, limits: QueryLimits): Promise<QueryRows> {
    this.limits = limits;
    this.remaining = remainingMs();
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }

  async shortestPaths(_request: PathRequest): Promise<GraphPath[]> {
    return [];
  }
}

const node = (id: string): GraphNode => ({ id, kinds: ['Base', 'User'], properties: {} });
const n = (id: string): ResultValue => ({ type: 'node', node: node(id) });
const service = (answer: QueryRows | Error, limit = '10') => {
  const engine = new FakeEngine(answer);
  const limits = new GraphLimits(graphConfigSlice.read({ GRAPH_RESULT_LIMIT: limit }));
  return { engine, cypher: new CypherService(engine, limits) };
};
const QUERY = 'MATCH (n:User) RETURN n';
/** Fitness -3: within the endpoint's gate (-7), refused by the selector gate (-3). */
const SELECTOR_TOO_COMPLEX = 'MATCH (a)-[:MemberOf]->(b)-[:MemberOf]->(c) RETURN c';
const edge = (id: string, startId: string, endId: string) => ({ id, startId, endId, kind: 'MemberOf', properties: {} });

describe('CypherService', () => {
  it('runs the query with a row limit of GRAPH_RESULT_LIMIT and gathers the graph', async () => {
    const { engine, cypher } = service({ columns: ['n'], rows: [[n('1')], [n('2')]] });
    const result = await cypher.run(QUERY);
    expect(engine.limits).toEqual({ rowLimit: 10 });
    expect(result.nodes.map((node) => node.id)).toEqual(['1', '2']);
  });

  it('answers 400 with the parser message for a query the front end refuses', async () => {
    const { cypher } = service({ columns: [], rows: [] });
    const error = await apiErrorOf(cypher.run('MATCH (n) DELETE n'));
    expect(error.status).toBe(400);
    expect(error.messages[0]).toMatch(/not supported/);
  });

  it('answers 400 for an empty query', async () => {
    const error = await apiErrorOf(service({ columns: [], rows: [] }).cypher.run('  '));
    expect([error.status, error.messages]).toEqual([400, ['invalid input']]);
  });

  it('answers 404 resource not found when nothing matched', async () => {
    const error = await apiErrorOf(service({ columns: ['n'], rows: [] }).cypher.run(QUERY));
    expect([error.status, error.messages]).toEqual([404, ['resource not found']]);
  });

  it('answers 400 when the engine returns more rows than the limit', async () => {
    const rows = Array.from({ length: 4 }, () => [{ type: 'literal', value: 1 } as ResultValue]);
    const error = await apiErrorOf(service({ columns: ['x'], rows }, '3').cypher.run(QUERY));
    expect([error.status, error.messages]).toEqual([400, ['query result exceeds the limit of 3 graph elements; add a LIMIT']]);
  });

  it('answers 400 when the de-duplicated graph is larger than the limit', async () => {
    const path: ResultValue = {
      type: 'path',
      path: {
        nodes: [{ id: '1', kinds: [], properties: {} }, { id: '2', kinds: [], properties: {} }],
        edges: [{ id: '9', startId: '1', endId: '2', kind: 'MemberOf', properties: {} }],
      },
    };
    const error = await apiErrorOf(service({ columns: ['p'], rows: [[path]] }, '2').cypher.run('MATCH p=()-->() RETURN p'));
    expect(error.messages).toEqual(['query result exceeds the limit of 2 graph elements; add a LIMIT']);
  });

  it("passes the engine's own failures through", async () => {
    await expect(service(new Error('connection lost')).cypher.run(QUERY)).rejects.toThrow('connection lost');
  });

  describe('check', () => {
    it('accepts what the endpoint runs, even past the selector gate, without running it', async () => {
      const { cypher } = service(new Error('must not run'));
      expect(() => cypher.check(SELECTOR_TOO_COMPLEX)).not.toThrow();
    });

    it('answers 400 with the parser message for a query the front end refuses', async () => {
      const error = await apiErrorOf((async () => service({ columns: [], rows: [] }).cypher.check('MATCH (n) DELETE n'))());
      expect(error.status).toBe(400);
      expect(error.messages[0]).toMatch(/not supported/);
    });
  });

  describe('checkSelector', () => {
    it('accepts a selector that parses, checks and passes the selector gate', () => {
      expect(() => service({ columns: [], rows: [] }).cypher.checkSelector(QUERY)).not.toThrow();
    });

    it('answers 400 with the complexity message at a fitness of -3, which the endpoint accepts', async () => {
      const { cypher } = service({ columns: ['c'], rows: [[n('1')]] });
      const error = await apiErrorOf((async () => cypher.checkSelector(SELECTOR_TOO_COMPLEX))());
      expect([error.status, error.messages]).toEqual([400, [QUERY_TOO_COMPLEX]]);
      expect((await cypher.run(SELECTOR_TOO_COMPLEX)).nodes).toHaveLength(1);
    });

    it('answers 400 with the parser message for a query the front end refuses', async () => {
      const error = await apiErrorOf((async () => service({ columns: [], rows: [] }).cypher.checkSelector('MATCH (n) DELETE n'))());
      expect(error.status).toBe(400);
      expect(error.messages[0]).toMatch(/not supported/);
    });
  });

  describe('selectNodes', () => {
    it('answers the distinct nodes of every column, paths and lists included, with the result cap as row limit', async () => {
      const path: ResultValue = {
        type: 'path',
        path: { nodes: [node('2'), node('3')], edges: [edge('9', '2', '3')] },
      };
      const rows: ResultValue[][] = [
        [n('1'), path, { type: 'literal', value: 'x' }],
        [n('3'), { type: 'list', items: [n('4'), n('1')] }, { type: 'edge', edge: edge('8', '1', '5') }],
      ];
      const { engine, cypher } = service({ columns: ['n', 'p', 'x'], rows });
      expect((await cypher.selectNodes(QUERY)).map((node) => node.id)).toEqual(['1', '2', '3', '4']);
      expect(engine.limits).toEqual({ rowLimit: 10 });
    });

    it('answers an empty list when nothing matched', async () => {
      expect(await service({ columns: ['n'], rows: [] }).cypher.selectNodes(QUERY)).toEqual([]);
    });

    it('answers 400 when the engine returns more rows than the limit', async () => {
      const rows = Array.from({ length: 4 }, (_, i) => [n(String(i))]);
      const error = await apiErrorOf(service({ columns: ['n'], rows }, '3').cypher.selectNodes(QUERY));
      expect([error.status, error.messages]).toEqual([400, ['query result exceeds the limit of 3 graph elements; add a LIMIT']]);
    });

    it('answers 400 when the distinct nodes are more than the limit', async () => {
      const path: ResultValue = { type: 'path', path: { nodes: [node('1'), node('2'), node('3')], edges: [] } };
      const error = await apiErrorOf(service({ columns: ['p'], rows: [[path]] }, '2').cypher.selectNodes('MATCH p=()-->() RETURN p'));
      expect([error.status, error.messages]).toEqual([400, ['query result exceeds the limit of 2 graph elements; add a LIMIT']]);
    });

    it('answers 400 for a selector the selector gate refuses, without running it', async () => {
      const { engine, cypher } = service({ columns: ['c'], rows: [[n('1')]] });
      const error = await apiErrorOf(cypher.selectNodes(SELECTOR_TOO_COMPLEX));
      expect([error.status, error.messages]).toEqual([400, [QUERY_TOO_COMPLEX]]);
      expect(engine.limits).toBeUndefined();
    });

    it("runs under the caller's deadline, not a cap of its own", async () => {
      const { engine, cypher } = service({ columns: ['n'], rows: [[n('1')]] });
      const day = 24 * 3600 * 1000;
      await runWithRequestContext({ requestId: 'r', deadline: Date.now() + day }, () => cypher.selectNodes(QUERY));
      expect(engine.remaining).toBeGreaterThan(day - 60_000);
    });

    it("passes the engine's own failures through", async () => {
      await expect(service(new Error('connection lost')).cypher.selectNodes(QUERY)).rejects.toThrow('connection lost');
    });
  });
});
