import { describe, expect, it } from '@jest/globals';
import { groupEdgeKinds, shortestPathQuery, tierZeroPathQuery } from './pathfinding';

const ALL = [{ name: 'MemberOf', schema: 'ad' }, { name: 'AdminTo', schema: 'ad' }, { name: 'AZOwns', schema: 'az' }];

describe('shortestPathQuery', () => {
  it('leaves relationship_kinds out when every kind is picked (the API default)', () => {
    expect(shortestPathQuery('A', 'B', new Set(['MemberOf', 'AdminTo', 'AZOwns']), ALL)).toEqual({ start_node: 'A', end_node: 'B' });
  });

  it('leaves it out when the kinds are unknown', () => {
    expect(shortestPathQuery('A', 'B', new Set(), [])).toEqual({ start_node: 'A', end_node: 'B' });
    expect(tierZeroPathQuery('A', new Set(), [])).toContain('[:ALL_ATTACK_PATHS*1..]');
  });

  it('names the picked kinds in the `in:` form otherwise', () => {
    expect(shortestPathQuery('A', 'B', new Set(['MemberOf', 'AdminTo']), ALL))
      .toEqual({ start_node: 'A', end_node: 'B', relationship_kinds: 'in:MemberOf,AdminTo' });
  });
});

describe('tierZeroPathQuery', () => {
  it('paths from the start node to Tier Zero over every attack-path kind', () => {
    expect(tierZeroPathQuery('S-1-5-21-1-1105', new Set(ALL.map((k) => k.name)), ALL)).toBe(
      "MATCH p=shortestPath((s)-[:ALL_ATTACK_PATHS*1..]->(t))\nWHERE s.objectid = 'S-1-5-21-1-1105' AND s<>t\n"
      + "AND ((t:Tag_Tier_Zero) OR COALESCE(t.system_tags, '') CONTAINS 'admin_tier_0')\nRETURN p\nLIMIT 1000");
  });

  it('over the picked kinds, and with a hostile object id kept inside its literal', () => {
    const query = tierZeroPathQuery("x' OR 1=1 //", new Set(['MemberOf', 'Bad Kind`']), ALL);
    expect(query).toContain('[:MemberOf*1..]');
    expect(query).toContain("s.objectid = 'x\\' OR 1=1 //'");
  });
});

describe('groupEdgeKinds', () => {
  it('groups by schema, AD first, names sorted', () => {
    expect(groupEdgeKinds([...ALL, { name: 'Custom', schema: 'zz' }])).toEqual([
      { title: 'Active Directory', kinds: ['AdminTo', 'MemberOf'] },
      { title: 'Azure', kinds: ['AZOwns'] },
      { title: 'zz', kinds: ['Custom'] },
    ]);
  });
});
