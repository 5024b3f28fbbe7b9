import { describe, expect, it } from '@jest/globals';
import { InMemoryGraphStore, seedGraph } from '@app/graph/testing';
import type { Direction, GraphNode } from '../../domain/graph.js';
import type { Expansion } from '../ports.js';
import { hasKind } from './adcs-rules.js';
import { memberOfGroups } from './adcs-steps.js';
import { SOURCE, matchPaths, type PathMatch } from './path-pattern.js';
import { edges, node } from './testing/composition-harness.js';

/** Records every expansion the pattern asks for. */
class RecordingStore extends InMemoryGraphStore {
  readonly calls: { ids: string[]; direction: Direction; kinds?: readonly string[] }[] = [];

  override neighbours(ids: string[], direction: Direction, kinds?: readonly string[]): Promise<Expansion> {
    this.calls.push({ ids: [...ids].sort(), direction, kinds });
    return super.neighbours(ids, direction, kinds);
  }
}

async function seeded(nodes: ReturnType<typeof node>[], lines: string[]) {
  const store = new RecordingStore();
  const byObjectId = await seedGraph(store, { nodes, edges: edges(...lines) });
  const ids = new Map([...byObjectId.values()].map((n) => [n.id, n.properties.objectid as string]));
  const names = (match: PathMatch) => ({
    nodes: match.nodeList().map((n) => ids.get(n.id)).sort(),
    edges: match.edgeList().map((e) => `${ids.get(e.startId)} -[${e.kind}]-> ${ids.get(e.endId)}`).sort(),
  });
  return { store, get: (objectid: string): GraphNode => byObjectId.get(objectid)!, names, ids };
}

const enrollPattern = (end: (n: GraphNode) => boolean) => ({
  steps: [memberOfGroups, { kinds: ['Enroll'], direction: 'outbound' as const, to: hasKind('EnterpriseCA'), as: 'ca' }],
  end,
});

describe('matchPaths', () => {
  it('keeps only the walks that reach an accepting end', async () => {
    const g = await seeded(
      [node('U', 'User'), node('G1', 'Group'), node('G2', 'Group'), node('CA', 'EnterpriseCA'), node('CA2', 'EnterpriseCA')],
      ['U -[MemberOf]-> G1', 'G1 -[MemberOf]-> G2', 'G2 -[Enroll]-> CA', 'U -[Enroll]-> CA2'],
    );
    const match = await matchPaths(g.store, [g.get('U')], enrollPattern((n) => n.id === g.get('CA').id));
    expect(g.names(match)).toEqual({
      nodes: ['CA', 'G1', 'G2', 'U'],
      edges: ['G1 -[MemberOf]-> G2', 'G2 -[Enroll]-> CA', 'U -[MemberOf]-> G1'],
    });
  });

  it('ends on membership cycles', async () => {
    const g = await seeded(
      [node('U', 'User'), node('G1', 'Group'), node('G2', 'Group'), node('CA', 'EnterpriseCA')],
      ['U -[MemberOf]-> G1', 'G1 -[MemberOf]-> G2', 'G2 -[MemberOf]-> G1', 'G2 -[Enroll]-> CA'],
    );
    const match = await matchPaths(g.store, [g.get('U')], enrollPattern(() => true));
    expect(g.names(match).nodes).toEqual(['CA', 'G1', 'G2', 'U']);
  });

  it('follows repeated hops to a bounded depth', async () => {
    const groups = Array.from({ length: 17 }, (_, i) => node(`G${i + 1}`, 'Group'));
    const chain = groups.map((_, i) => `${i === 0 ? 'U' : `G${i}`} -[MemberOf]-> G${i + 1}`);
    const g = await seeded(
      [node('U', 'User'), ...groups, node('NEAR', 'EnterpriseCA'), node('FAR', 'EnterpriseCA')],
      [...chain, 'G14 -[Enroll]-> NEAR', 'G17 -[Enroll]-> FAR'],
    );
    const match = await matchPaths(g.store, [g.get('U')], enrollPattern(() => true));
    expect([...match.reached('ca')].map((id) => g.ids.get(id))).toEqual(['NEAR']);
  });

  it('expands the whole frontier of a step in one call per level', async () => {
    const g = await seeded(
      [node('A', 'User'), node('B', 'User'), node('C', 'User'), node('G', 'Group'), node('CA', 'EnterpriseCA')],
      ['A -[MemberOf]-> G', 'B -[MemberOf]-> G', 'C -[Enroll]-> CA', 'G -[Enroll]-> CA'],
    );
    await matchPaths(g.store, ['A', 'B', 'C'].map(g.get), enrollPattern(() => true));
    const sources = ['A', 'B', 'C'].map((o) => g.get(o).id).sort();
    expect(g.store.calls.slice(0, 2)).toEqual([
      { ids: sources, direction: 'outbound', kinds: ['MemberOf'] },
      { ids: sources, direction: 'outbound', kinds: ['Enroll'] },
    ]);
  });

  it('restricts named hops, sources and ends, dropping the walks that no longer connect', async () => {
    const g = await seeded(
      [node('A', 'User'), node('B', 'User'), node('G', 'Group'), node('CA1', 'EnterpriseCA'), node('CA2', 'EnterpriseCA')],
      ['A -[MemberOf]-> G', 'B -[MemberOf]-> G', 'G -[Enroll]-> CA1', 'B -[Enroll]-> CA2'],
    );
    const match = await matchPaths(g.store, [g.get('A'), g.get('B')], enrollPattern(() => true));
    const only = (...objectids: string[]) => new Set(objectids.map((o) => g.get(o).id));
    expect(g.names(match.restrict('ca', only('CA2'))).edges).toEqual(['B -[Enroll]-> CA2']);
    expect(g.names(match.from(only('A'))).edges).toEqual(['A -[MemberOf]-> G', 'G -[Enroll]-> CA1']);
    expect(g.names(match.endingIn(only('CA1'))).edges).toEqual(['A -[MemberOf]-> G', 'B -[MemberOf]-> G', 'G -[Enroll]-> CA1']);
    expect(match.restrict('ca', only()).isEmpty).toBe(true);
  });

  it('pairs each source with the named hops of its own paths, even through shared states', async () => {
    const g = await seeded(
      [node('A', 'User'), node('B', 'User'), node('G', 'Group'), node('CA1', 'EnterpriseCA'), node('CA2', 'EnterpriseCA')],
      ['A -[MemberOf]-> G', 'B -[MemberOf]-> G', 'G -[Enroll]-> CA1', 'B -[Enroll]-> CA2'],
    );
    const match = await matchPaths(g.store, [g.get('A'), g.get('B')], enrollPattern(() => true));
    const id = (objectid: string) => g.get(objectid).id;
    const pairs = new Map([[id('A'), new Set([id('CA2')])], [id('B'), new Set([id('CA1')])]]);
    expect(match.pairs(SOURCE, 'ca')).toEqual(new Map([
      [id('A'), new Set([id('CA1')])], [id('B'), new Set([id('CA1'), id('CA2')])],
    ]));
    expect(g.names(match.restrictPairs(SOURCE, 'ca', pairs))).toEqual({
      nodes: ['B', 'CA1', 'G'],
      edges: ['B -[MemberOf]-> G', 'G -[Enroll]-> CA1'],
    });
  });
});
