import { beforeEach, describe, expect, it } from '@jest/globals';
import { apiErrorOf } from '@app/platform/testing';
import { InMemoryGraphStore, seedGraph } from '@app/graph/testing';
import type { CypherQuery } from '../cypher/ast.js';
import type { GraphNode, GraphPath, QueryRows } from '../domain/graph.js';
import { GraphLimits } from './graph-limits.js';
import { GraphQueryEngine, type PathRequest } from './ports.js';
import { DEFAULT_PATH_EDGE_KINDS, isEdgeKind, SHORTEST_PATH_MAX_DEPTH, ShortestPathService } from './shortest-path-service.js';
import { graphConfigSlice } from '../graph-config.js';

/** Answers with fixed paths and records the request. */
class FakePaths extends GraphQueryEngine {
  request: PathRequest | undefined;
  paths: GraphPath[] = [];

  async execute(_query: CypherQuery): Promise<QueryRows> {
    return { columns: [], rows: [] };
  }

  async shortestPaths(request: PathRequest): Promise<GraphPath[]> {
    this.request = request;
    return this.paths;
  }
}

describe('ShortestPathService', () => {
  let engine: FakePaths;
  let paths: ShortestPathService;
  let nodes: Map<string, GraphNode>;

  beforeEach(async () => {
    const store = new InMemoryGraphStore();
    nodes = await seedGraph(store, {
      nodes: [{ objectid: 'A', kinds: ['Base', 'User'] }, { objectid: 'B', kinds: ['Base', 'Group'] }],
      edges: [{ from: 'A', to: 'B', kind: 'MemberOf' }],
    });
    engine = new FakePaths();
    paths = new ShortestPathService(store, engine, new GraphLimits(graphConfigSlice.read({ GRAPH_RESULT_LIMIT: '5' })));
  });

  it('asks for every shortest outbound path between the two nodes, bounded by depth and the result limit', async () => {
    const a = nodes.get('A')!;
    const b = nodes.get('B')!;
    engine.paths = [{ nodes: [a, b], edges: [{ id: '1', startId: a.id, endId: b.id, kind: 'MemberOf', properties: {} }] }];
    const result = await paths.find('A', 'B', ['MemberOf']);
    expect(engine.request).toEqual({
      startIds: [a.id], endIds: [b.id], edgeKinds: ['MemberOf'], direction: 'outbound', all: true,
      maxDepth: SHORTEST_PATH_MAX_DEPTH, limit: 6,
    });
    expect(result.nodes.map((node) => node.id)).toEqual([a.id, b.id]);
    expect(result.edges).toHaveLength(1);
  });

  it('answers 400 rather than a subset when there are more shortest paths than the result limit', async () => {
    const a = nodes.get('A')!;
    const b = nodes.get('B')!;
    const path: GraphPath = { nodes: [a, b], edges: [{ id: '1', startId: a.id, endId: b.id, kind: 'MemberOf', properties: {} }] };
    engine.paths = Array.from({ length: 6 }, () => path);
    const error = await apiErrorOf(paths.find('A', 'B', ['MemberOf']));
    expect([error.status, error.messages]).toEqual([
      400, ['pathfinding stopped at 6 paths, too many to answer this query exactly; add a LIMIT or narrow its start or end nodes'],
    ]);
  });

  it('answers 404 node not found for an unknown end', async () => {
    for (const [start, end] of [['NOPE', 'B'], ['A', 'NOPE']]) {
      const error = await apiErrorOf(paths.find(start, end, DEFAULT_PATH_EDGE_KINDS));
      expect([error.status, error.messages]).toEqual([404, ['node not found']]);
    }
  });

  it('answers 400 when start and end are the same node', async () => {
    const error = await apiErrorOf(paths.find('A', 'A', DEFAULT_PATH_EDGE_KINDS));
    expect([error.status, error.messages]).toEqual([400, ['start_node and end_node must be different nodes']]);
  });

  it('answers 404 resource not found when there is no path', async () => {
    const error = await apiErrorOf(paths.find('A', 'B', DEFAULT_PATH_EDGE_KINDS));
    expect([error.status, error.messages]).toEqual([404, ['resource not found']]);
  });
});

describe('isEdgeKind', () => {
  it('accepts AD and Azure edge kinds, not node kinds', () => {
    expect(isEdgeKind('MemberOf')).toBe(true);
    expect(isEdgeKind('AZOwns')).toBe(true);
    expect(isEdgeKind('User')).toBe(false);
  });

  it('defaults to every attack-path edge kind', () => {
    expect(DEFAULT_PATH_EDGE_KINDS).toEqual(expect.arrayContaining(['MemberOf', 'AZOwns', 'AdminTo']));
    expect(DEFAULT_PATH_EDGE_KINDS).not.toContain('AZScopedTo');
  });
});
