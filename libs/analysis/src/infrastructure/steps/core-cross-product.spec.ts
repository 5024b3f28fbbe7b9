import { describe, expect, it } from '@jest/globals';
import { GROUP, MembershipGraph, PRINCIPAL } from '../../domain/membership/index.js';
import { graphOf } from '../../domain/membership/testing/graph-of.js';
import { crossProduct, type RightHolder, SharedRightsProduct } from './core-cross-product.js';

const G = PRINCIPAL | GROUP;
const U = PRINCIPAL;
const DOMAIN = 1000;

// admins > outer; ring1 <> ring2 (a cycle) > outer; alice > ring1; bob > admins; stub is a member no principal kind.
describe('crossProduct', () => {
  // admins > outer; ring1 <> ring2 (a cycle) > outer; alice > ring1; bob > admins; stub is a member no principal kind.
  const { graph } = graphOf({ alice: U, bob: U, admins: G, ring1: G, ring2: G, outer: G, stub: 0, lone: U }, [
    'admins>outer', 'ring1>ring2', 'ring2>ring1', 'ring2>outer', 'alice>ring1', 'bob>admins', 'stub>ring1',
  ]);
  const id = (name: string) => ['alice', 'bob', 'admins', 'ring1', 'ring2', 'outer', 'stub', 'lone'].indexOf(name) + 1;
  const named = (ids: number[]) => ids.map((i) => ['alice', 'bob', 'admins', 'ring1', 'ring2', 'outer', 'stub', 'lone'][i - 1]).sort();
  const holders = (one: string[], two: string[]): RightHolder[] => [
    ...one.map((p) => ({ target: DOMAIN, side: 1 as const, principal: id(p) })),
    ...two.map((p) => ({ target: DOMAIN, side: 2 as const, principal: id(p) })),
  ];

  it('gives the edge to the outermost principals holding both rights through MemberOf', () => {
    const { starts, ends } = crossProduct(graph, holders(['outer'], ['outer']));
    expect(named(starts)).toEqual(['outer']);
    expect(ends).toEqual([DOMAIN]);
  });

  it('keeps every member of a qualifying cycle, and what lies below it only when it holds a right itself', () => {
    expect(named(crossProduct(graph, holders(['ring1'], ['ring2', 'alice'])).starts)).toEqual(['alice', 'ring1', 'ring2']);
    expect(named(crossProduct(graph, holders(['ring1'], ['ring2'])).starts)).toEqual(['ring1', 'ring2']);
  });

  it('leaves out what lies below a qualifying group, and counts a holder without memberships by itself', () => {
    expect(named(crossProduct(graph, holders(['ring1', 'admins'], ['outer'])).starts)).toEqual(['admins', 'ring1', 'ring2']);
    const outside = 99;
    const both: RightHolder[] = [{ target: DOMAIN, side: 1, principal: outside }, { target: DOMAIN, side: 2, principal: outside }];
    expect(crossProduct(graph, both)).toEqual({ starts: [outside], ends: [DOMAIN] });
    expect(crossProduct(graph, both.slice(0, 1))).toEqual({ starts: [], ends: [] });
  });
});

describe('SharedRightsProduct', () => {
  const names = ['alice', 'bob', 'admins', 'ring1', 'ring2', 'outer', 'stub', 'lone'];
  const { graph } = graphOf({ alice: U, bob: U, admins: G, ring1: G, ring2: G, outer: G, stub: 0, lone: U }, [
    'admins>outer', 'ring1>ring2', 'ring2>ring1', 'ring2>outer', 'alice>ring1', 'bob>admins', 'stub>ring1',
  ]);
  const ids = (...list: string[]) => list.map((name) => names.indexOf(name) + 1);
  const named = (list: number[]) => list.map((i) => names[i - 1]).sort();
  const product = (...shared: string[][]) => new SharedRightsProduct(graph, shared.map((set) => ids(...set)));

  it('grants the outermost principals below every shared set and the target\'s own holders', () => {
    const everyone = product(['outer'], ['outer']);
    expect(named(everyone.grantedBy(ids('outer')))).toEqual(['outer']);
    expect(named(everyone.grantedBy(ids('ring1')))).toEqual(['ring1', 'ring2']);
    expect(named(everyone.grantedBy(ids('lone')))).toEqual([]);
  });

  it('keeps a direct holder of the target\'s right even below a granted group', () => {
    expect(named(product(['outer'], ['outer']).grantedBy(ids('ring1', 'alice')))).toEqual(['alice', 'ring1', 'ring2']);
  });

  it('grants only what lies below every shared set, however the target\'s right is held', () => {
    const admins = product(['admins'], ['outer']);
    expect(named(admins.grantedBy(ids('outer')))).toEqual(['admins']);
    expect(named(admins.grantedBy(ids('bob')))).toEqual(['bob']);
    expect(named(admins.grantedBy(ids('ring1')))).toEqual([]);
    expect(product(['alice'], ['bob']).isEmpty).toBe(true);
  });

  it('counts a holder outside the MemberOf graph by itself', () => {
    const outside = 99;
    expect(new SharedRightsProduct(graph, [[outside], [outside]]).grantedBy([outside])).toEqual([outside]);
    expect(new SharedRightsProduct(graph, [[outside], ids('outer')]).isEmpty).toBe(true);
  });

  it('agrees with a brute force over every principal on random graphs with nesting cycles', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    let answered = 0;
    for (let round = 0; round < 200; round++) {
      const n = 30;
      const ids = Float64Array.from({ length: n }, (_, i) => i + 1);
      const pairs = Array.from({ length: 45 }, () => [1 + Math.floor(random() * n), 1 + Math.floor(random() * n)]);
      const drawn = MembershipGraph.build(ids, new Uint8Array(n).fill(G), Float64Array.from(pairs.map(([a]) => a)),
        Float64Array.from(pairs.map(([, b]) => b)));
      const pick = (k: number) => Array.from({ length: k }, () => 1 + Math.floor(random() * n));
      const shared = [pick(3), pick(4)];
      const holders = pick(3);
      // Brute force: qualifying = below every shared set; granted = qualifying with a holder among its groups; kept
      // = direct holders and those with no granted node above them outside their component.
      const all = drawn.everyHop();
      const below = (set: number[]) => all.below(set.map((id) => all.indexOf(id)));
      const qualifying = below(shared[0]).and(below(shared[1]));
      const granted = qualifying.toArray().filter((p) => all.above(p).some((g) => holders.includes(all.idOf(g))));
      const expected = granted.filter((p) => holders.includes(all.idOf(p))
        || !all.above(p).some((g) => granted.includes(g) && all.componentOf(g) !== all.componentOf(p)));
      const product = new SharedRightsProduct(drawn, shared);
      if (expected.length > 0) answered++;
      expect(product.grantedBy(holders).sort((a, b) => a - b)).toEqual(expected.map((p) => all.idOf(p)).sort((a, b) => a - b));
    }
    expect(answered).toBeGreaterThan(50);
  });
});
