import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import type { CypherQuery } from '../cypher/ast.js';
import type { GraphNode, GraphPath, QueryRows, ResultValue } from '../domain/graph.js';
import { CypherService } from './cypher-service.js';
import { GraphLimits } from './graph-limits.js';
import { GraphQueryEngine, type PathRequest, type QueryLimits } from './ports.js';

/** Answers every query with fixed rows (or fails), and records the limits it was given. */
class FakeEngine extends GraphQueryEngine {
  limits: QueryLimits | undefined;
  constructor(private readonly answer: QueryRows | Error) {
    super();
  }

  async execute(_query: CypherQuery, limits: QueryLimits): Promise<QueryRows> {
    this.limits = limits;
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }

  async shortestPaths(_request: PathRequest): Promise<GraphPath[]> {
    return [];
  }
}

const n = (id: string): ResultValue => ({ type: 'node', node: { id, kinds: ['Base', 'User'], properties: {} } as GraphNode });
const service = (answer: QueryRows | Error, limit = '10') => {
  const engine = new FakeEngine(answer);
  return { engine, cypher: new CypherService(engine, new GraphLimits(loadConfig({ GRAPH_RESULT_LIMIT: limit }))) };
};
const QUERY = 'MATCH (n:User) RETURN n';

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
    expect(error.getStatus()).toBe(400);
    expect(error.messages[0]).toMatch(/not supported/);
  });

  it('answers 400 for an empty query', async () => {
    const error = await apiErrorOf(service({ columns: [], rows: [] }).cypher.run('  '));
    expect([error.getStatus(), error.messages]).toEqual([400, ['invalid input']]);
  });

  it('answers 404 resource not found when nothing matched', async () => {
    const error = await apiErrorOf(service({ columns: ['n'], rows: [] }).cypher.run(QUERY));
    expect([error.getStatus(), error.messages]).toEqual([404, ['resource not found']]);
  });

  it('answers 400 when the engine returns more rows than the limit', async () => {
    const rows = Array.from({ length: 4 }, () => [{ type: 'literal', value: 1 } as ResultValue]);
    const error = await apiErrorOf(service({ columns: ['x'], rows }, '3').cypher.run(QUERY));
    expect([error.getStatus(), error.messages]).toEqual([400, ['query result exceeds the limit of 3 graph elements; add a LIMIT']]);
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
});
