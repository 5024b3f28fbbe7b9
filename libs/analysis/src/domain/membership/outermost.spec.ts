import { describe, expect, it } from '@jest/globals';
import { GROUP, PRINCIPAL } from './membership-graph.js';
import { graphOf } from './testing/graph-of.js';
import { NodeSet } from './node-set.js';
import { outermostForDomain, outermostMembers, type SpecialGroups } from './outermost.js';

const G = PRINCIPAL | GROUP;
const U = PRINCIPAL;

describe('outermostMembers', () => {
  const { graph, at, names } = graphOf({ alice: U, bob: U, carol: U, g1: G, g2: G, g3: G }, [
    'alice>g1', 'bob>g2', 'g2>g3', 'g3>g2', 'carol>g3',
  ]);
  const setOf = (...list: string[]) => {
    const set = NodeSet.empty(graph.size);
    list.forEach((n) => set.add(at(n)));
    return set;
  };

  it('leaves out members of a qualifying group, keeps the lowest id of a qualifying cycle', () => {
    expect(names(outermostMembers(graph, setOf('alice', 'g1', 'bob', 'g2', 'g3', 'carol')))).toEqual(['g1', 'g2']);
  });

  it('keeps members whose groups do not qualify', () => {
    expect(names(outermostMembers(graph, setOf('alice', 'bob')))).toEqual(['alice', 'bob']);
  });
});

describe('outermostForDomain', () => {
  // au (Authenticated Users) > everyone, au > users (builtin Users holding it), alice in dept.
  const { graph, at, names } = graphOf({ alice: U, dept: G, au: G, everyone: G, users: G }, [
    'alice>dept', 'au>everyone', 'au>users',
  ]);
  const setOf = (...list: string[]) => {
    const set = NodeSet.empty(graph.size);
    list.forEach((n) => set.add(at(n)));
    return set;
  };
  const upOf = (...list: string[]) => list.map(at);
  const specials: SpecialGroups['specials'] = [
    { index: at('au'), principals: setOf('alice', 'dept', 'everyone', 'users'), up: upOf('au', 'everyone', 'users'), upSet: setOf('au', 'everyone', 'users') },
    { index: at('everyone'), principals: setOf('alice', 'dept', 'au', 'users'), up: upOf('everyone'), upSet: setOf('everyone') },
  ];
  const groups = (domainUp: NodeSet): SpecialGroups => ({ specials, domainUp, reachedBySpecials: setOf('au', 'everyone', 'users') });

  it('leaves every member of the domain to a qualifying special group of its domain', () => {
    expect(names(outermostForDomain(graph, setOf('alice', 'dept', 'au'), groups(NodeSet.empty(graph.size))))).toEqual(['au']);
  });

  it('keeps the lowest id of special groups that count for each other', () => {
    expect(names(outermostForDomain(graph, setOf('au', 'everyone', 'users'), groups(NodeSet.empty(graph.size))))).toEqual(['au']);
  });

  it('lets the target domain\'s special groups count for everyone', () => {
    const domainUp = setOf('everyone');
    expect(names(outermostForDomain(graph, setOf('alice', 'everyone'), groups(domainUp)))).toEqual(['everyone']);
  });

  it('keeps principals whose counting groups do not qualify', () => {
    expect(names(outermostForDomain(graph, setOf('alice'), groups(NodeSet.empty(graph.size))))).toEqual(['alice']);
  });
});
