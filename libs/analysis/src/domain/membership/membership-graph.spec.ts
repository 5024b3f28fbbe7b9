import { describe, expect, it } from '@jest/globals';
import { GROUP, MembershipGraph, PRINCIPAL } from './membership-graph.js';
import { NodeSet } from './node-set.js';
import { graphOf } from './testing/graph-of.js';

const G = PRINCIPAL | GROUP;
const U = PRINCIPAL;

describe('MembershipGraph', () => {
  // alice > g1 > g2 > g3 > g2 (a cycle), bob > g3, a MemberOf hop into a user is not a membership.
  const { graph, at, names } = graphOf({ alice: U, bob: U, g1: G, g2: G, g3: G, other: U }, [
    'alice>g1', 'g1>g2', 'g2>g3', 'g3>g2', 'bob>g3', 'other>bob',
  ]);

  it('walks up to the groups a principal reaches, through cycles, never through a non-group', () => {
    expect(names(graph.above(at('alice')))).toEqual(['alice', 'g1', 'g2', 'g3']);
    expect(names(graph.above(at('other')))).toEqual(['other']);
  });

  it('walks down from holders to the principals they count for', () => {
    expect(names(graph.below([at('g2')]).toArray())).toEqual(['alice', 'bob', 'g1', 'g2', 'g3']);
    expect(names(graph.below([at('bob')]).toArray())).toEqual(['bob']);
  });

  it('puts a nesting cycle in one component and sees what lies strictly above each', () => {
    expect(graph.componentOf(at('g2'))).toBe(graph.componentOf(at('g3')));
    expect(graph.componentOf(at('g1'))).not.toBe(graph.componentOf(at('g2')));
    const set = NodeSet.empty(graph.size);
    set.add(at('g3'));
    const below = graph.strictlyBelow(set);
    expect(below[graph.componentOf(at('g1'))]).toBe(1);
    expect(below[graph.componentOf(at('alice'))]).toBe(1);
    expect(below[graph.componentOf(at('g2'))]).toBe(0);
  });

  it('survives nesting thousands deep', () => {
    const n = 20_000;
    const ids = Float64Array.from({ length: n }, (_, i) => i + 1);
    const flags = new Uint8Array(n).fill(G);
    const starts = Float64Array.from({ length: n }, (_, i) => i + 1);
    const ends = Float64Array.from({ length: n }, (_, i) => ((i + 1) % n) + 1);
    const ring = MembershipGraph.build(ids, flags, starts, ends);
    expect(ring.componentOf(0)).toBe(ring.componentOf(n - 1));
    expect(ring.below([0]).toArray()).toHaveLength(n);
  });

  it('finds up to two different sources at or below each node, through cycles', () => {
    const sources = NodeSet.empty(graph.size);
    for (const name of ['alice', 'bob', 'other']) sources.add(at(name));
    const { first, second } = graph.twoSourcesBelow(sources);
    const witnesses = (name: string) => names([first[at(name)], second[at(name)]].filter((i) => i >= 0)).sort();
    expect(witnesses('g1')).toEqual(['alice']);
    expect(witnesses('g2')).toEqual(['alice', 'bob']);
    expect(witnesses('g3')).toEqual(['alice', 'bob']);
    // A MemberOf hop into a user is no membership: bob holds only himself.
    expect(witnesses('bob')).toEqual(['bob']);
    // Against a brute force over every node: the sources among it and the principals below it, at most two.
    for (let i = 0; i < graph.size; i++) {
      const below = graph.below([i]).toArray().filter((j) => sources.has(j));
      const found = [first[i], second[i]].filter((j) => j >= 0);
      expect(found.length).toBe(Math.min(2, below.length));
      for (const j of found) expect(below).toContain(j);
    }
  });
});
