import { describe, expect, it } from '@jest/globals';
import { apiErrorOf } from '@app/platform/testing';
import type { GraphNode } from '../domain/graph.js';
import { graphConfigSlice } from '../graph-config.js';
import { GraphLimits } from './graph-limits.js';
import { GraphSearch, isExactMatch } from './graph-search.js';
import { NodeSearch, type NodeSearchRequest } from './ports.js';

const node = (id: string, name: string): GraphNode => ({ id, kinds: ['Base', 'User'], properties: { name, objectid: `S-${id}` } });

/** Answers its nodes in order, exact matches first as the real searches rank them, and records the request. */
class ListedSearch extends NodeSearch {
  readonly requests: NodeSearchRequest[] = [];
  constructor(private readonly nodes: GraphNode[]) {
    super();
  }
  async search(request: NodeSearchRequest) {
    this.requests.push(request);
    return this.nodes.slice(request.skip, request.skip + request.limit);
  }
}

const limits = new GraphLimits(graphConfigSlice.read({ GRAPH_RESULT_LIMIT: '2' }));

describe('GraphSearch', () => {
  it('compares the whole name or objectid, case-insensitively', () => {
    expect(isExactMatch(node('1', 'ALICE@CORP'), 'alice@corp')).toBe(true);
    expect(isExactMatch(node('1', 'ALICE@CORP'), 's-1')).toBe(true);
    expect(isExactMatch(node('1', 'ALICE@CORP'), 'alice')).toBe(false);
  });

  it('asks one more node than the limit, of every AD and Azure kind', async () => {
    const nodes = new ListedSearch([node('1', 'ALICE')]);
    expect(await new GraphSearch(nodes, limits).find('alice', 'fuzzy')).toEqual([node('1', 'ALICE')]);
    expect(nodes.requests).toEqual([{ text: 'alice', kinds: [], skip: 0, limit: 3 }]);
  });

  it('keeps only exact matches for exact, and answers 400 past the limit', async () => {
    const found = [node('1', 'AL'), node('2', 'AL'), node('3', 'ALICE')];
    expect(await new GraphSearch(new ListedSearch(found), limits).find('al', 'exact')).toEqual(found.slice(0, 2));
    const error = await apiErrorOf(new GraphSearch(new ListedSearch(found), limits).find('al', 'fuzzy'));
    expect([error.status, error.messages]).toEqual([400, ['the search matches more than 2 nodes; narrow the search text']]);
  });
});
