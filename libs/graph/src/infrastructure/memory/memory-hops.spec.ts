import { describe, expect, it } from '@jest/globals';
import type { Hop } from '../../application/graph-walks.js';
import { indexHops, indexWithKinds } from './memory-hops.js';
import type { IndexedEdge, IndexedNode, ResolvedChanges } from './traversal-changes.js';
import { TraversalIndex } from './traversal-index.js';

// Kinds: 1 User, 2 Group, 3 Computer; edges: 7 MemberOf, 8 AdminTo.
const NODES: IndexedNode[] = [
  { id: 10, kinds: [1] },
  { id: 11, kinds: [2] },
  { id: 12, kinds: [2] },
  { id: 13, kinds: [3] },
];
const EDGES: IndexedEdge[] = [
  { id: 100, start: 10, end: 11, kind: 7 },
  { id: 101, start: 11, end: 12, kind: 7 },
  { id: 102, start: 12, end: 11, kind: 7 },
  { id: 103, start: 11, end: 13, kind: 8 },
  { id: 104, start: 13, end: 12, kind: 7 },
];

function changes(partial: Partial<ResolvedChanges>): ResolvedChanges {
  return { reset: false, upsertedNodes: [], deletedNodes: [], addedEdges: [], deletedEdges: [], ...partial };
}

const hop = (edgeId: number, startId: number, endId: number): Hop =>
  ({ edgeId: String(edgeId), startId: String(startId), endId: String(endId) });
const byEdge = (hops: Hop[]) => [...hops].sort((a, b) => Number(a.edgeId) - Number(b.edgeId));

describe('indexHops', () => {
  it('answers the edges of the given kinds leaving the nodes, in either direction, in ids', () => {
    const index = TraversalIndex.fromElements(NODES, EDGES);
    expect(byEdge(indexHops(index, ['10', '11'], 'outbound', [7], undefined))).toEqual([hop(100, 10, 11), hop(101, 11, 12)]);
    expect(byEdge(indexHops(index, ['12'], 'inbound', [7], undefined))).toEqual([hop(101, 11, 12), hop(104, 13, 12)]);
    expect(byEdge(indexHops(index, ['11'], 'outbound', undefined, undefined)))
      .toEqual([hop(101, 11, 12), hop(103, 11, 13)]);
  });

  it('keeps only the hops whose far node has one of the node kinds', () => {
    const index = TraversalIndex.fromElements(NODES, EDGES);
    expect(indexHops(index, ['11'], 'outbound', [7, 8], [3])).toEqual([hop(103, 11, 13)]);
    expect(byEdge(indexHops(index, ['12'], 'inbound', [7], [2, 3]))).toEqual([hop(101, 11, 12), hop(104, 13, 12)]);
    expect(indexHops(index, ['12'], 'inbound', [7], [1])).toEqual([]);
  });

  it('answers nothing for unknown ids and counts a repeated id once', () => {
    const index = TraversalIndex.fromElements(NODES, EDGES);
    expect(indexHops(index, ['99', 'x', '10', '10'], 'outbound', [7], undefined)).toEqual([hop(100, 10, 11)]);
  });

  it('follows the changes applied since the build: added and removed edges, deleted nodes, changed kinds', () => {
    const index = TraversalIndex.fromElements(NODES, EDGES);
    index.apply(changes({
      upsertedNodes: [{ id: 14, kinds: [3] }, { id: 12, kinds: [3] }],
      addedEdges: [{ id: 105, start: 14, end: 11, kind: 7 }],
      deletedEdges: [{ id: 100, start: 10, end: 11 }],
      deletedNodes: [13],
    }), 1);
    expect(byEdge(indexHops(index, ['11'], 'inbound', [7], undefined))).toEqual([hop(102, 12, 11), hop(105, 14, 11)]);
    expect(indexHops(index, ['10'], 'outbound', [7], undefined)).toEqual([]);
    expect(indexHops(index, ['11'], 'outbound', [7, 8], [3])).toEqual([hop(101, 11, 12)]);
    expect(indexWithKinds(index, ['10', '12', '13', '14'], [3])).toEqual(['12', '14']);
  });
});
