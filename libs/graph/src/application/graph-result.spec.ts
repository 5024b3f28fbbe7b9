import { describe, expect, it } from '@jest/globals';
import { apiErrorOf } from '@app/platform/testing';
import type { GraphEdge, GraphNode, ResultValue } from '../domain/graph.js';
import { assertWithinResultLimit, collectPaths, collectRows, isEmptyResult } from './graph-result.js';

const n = (id: string): GraphNode => ({ id, kinds: ['Base', 'User'], properties: { objectid: `O-${id}` } });
const e = (id: string, startId: string, endId: string, kind = 'MemberOf'): GraphEdge => ({ id, startId, endId, kind, properties: {} });
const node = (id: string): ResultValue => ({ type: 'node', node: n(id) });
const literal = (value: unknown): ResultValue => ({ type: 'literal', value });

describe('collectRows', () => {
  it('gathers nodes, edges and paths from every column, each node once', () => {
    const result = collectRows({
      columns: ['a', 'r', 'p'],
      rows: [
        [node('1'), { type: 'edge', edge: e('10', '1', '2') }, { type: 'path', path: { nodes: [n('1'), n('2')], edges: [e('10', '1', '2')] } }],
        [node('2'), { type: 'edge', edge: e('11', '2', '3') }, { type: 'path', path: { nodes: [n('3')], edges: [] } }],
      ],
    });
    expect(result.nodes.map((x) => x.id)).toEqual(['1', '2', '3']);
    expect(result.edges.map((x) => x.id)).toEqual(['10', '11']);
    expect(result.literals).toEqual([]);
  });

  it('de-duplicates edges by (source, kind, target)', () => {
    const result = collectRows({
      columns: ['r'],
      rows: [[{ type: 'edge', edge: e('10', '1', '2') }], [{ type: 'edge', edge: e('99', '1', '2') }], [{ type: 'edge', edge: e('12', '1', '2', 'AdminTo') }]],
    });
    expect(result.edges.map((x) => x.id)).toEqual(['10', '12']);
  });

  it('walks lists of graph elements and keeps other values as literals under their column', () => {
    const result = collectRows({
      columns: ['nodes', 'names', 'count'],
      rows: [[
        { type: 'list', items: [node('1'), { type: 'list', items: [node('2')] }] },
        { type: 'list', items: [literal('A'), literal('B')] },
        literal(2),
      ]],
    });
    expect(result.nodes.map((x) => x.id)).toEqual(['1', '2']);
    expect(result.literals).toEqual([{ key: 'names', value: ['A', 'B'] }, { key: 'count', value: 2 }]);
  });

  it('keeps null as a literal, so RETURN of a missing property is not an empty result', () => {
    const result = collectRows({ columns: ['n.x'], rows: [[literal(null)]] });
    expect(result.literals).toEqual([{ key: 'n.x', value: null }]);
    expect(isEmptyResult(result)).toBe(false);
  });

  it('is empty without rows', () => {
    expect(isEmptyResult(collectRows({ columns: ['n'], rows: [] }))).toBe(true);
  });
});

describe('collectPaths', () => {
  it('unions paths', () => {
    const result = collectPaths([
      { nodes: [n('1'), n('2')], edges: [e('10', '1', '2')] },
      { nodes: [n('1'), n('3')], edges: [e('11', '1', '3')] },
    ]);
    expect(result.nodes.map((x) => x.id)).toEqual(['1', '2', '3']);
    expect(result.edges.map((x) => x.id)).toEqual(['10', '11']);
  });
});

describe('assertWithinResultLimit', () => {
  const result = collectPaths([{ nodes: [n('1'), n('2')], edges: [e('10', '1', '2')] }]);

  it('accepts an answer of exactly the limit', () => {
    expect(() => assertWithinResultLimit(result, 3)).not.toThrow();
  });

  it('answers 400 above the limit, counting nodes and edges', async () => {
    const error = await apiErrorOf((async () => assertWithinResultLimit(result, 2))());
    expect(error.status).toBe(400);
    expect(error.messages).toEqual(['query result exceeds the limit of 2 graph elements; add a LIMIT']);
  });
});
