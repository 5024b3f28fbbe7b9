import { describe, expect, it } from '@jest/globals';
import { legacyGraphToApiGraph } from './legacy-graph';

describe('legacyGraphToApiGraph', () => {
  it('reads nodes and edges of the visualisation map', () => {
    const graph = legacyGraphToApiGraph({
      10: { label: { text: 'DOMAIN ADMINS@X' }, data: { name: 'DOMAIN ADMINS@X', objectid: 'S-512', system_tags: 'admin_tier_0', nodetype: 'Group', lastseen: '2026-01-02T03:04:05.000Z' } },
      80: { label: { text: 'JD@X' }, data: { name: 'JD@X', objectid: 'S-1', nodetype: 'User', system_tags: 'owned', lastseen: 1700000000 } },
      rel_7: { id1: '80', id2: '10', label: { text: 'MemberOf' }, data: { isacl: false } },
    });
    expect(graph.nodes['10']).toEqual({
      label: 'DOMAIN ADMINS@X', kind: 'Group', kinds: ['Group', 'Tag_Tier_Zero'], objectId: 'S-512', isTierZero: true, isOwnedObject: false,
      lastSeen: '2026-01-02T03:04:05.000Z', properties: { name: 'DOMAIN ADMINS@X', objectid: 'S-512', system_tags: 'admin_tier_0', lastseen: '2026-01-02T03:04:05.000Z' },
    });
    expect(graph.nodes['80']).toEqual(expect.objectContaining({ isOwnedObject: true, kinds: ['User', 'Tag_Owned'], lastSeen: '2023-11-14T22:13:20.000Z' }));
    expect(graph.edges).toEqual([{ id: 7, source: '80', target: '10', label: 'MemberOf', kind: 'MemberOf', lastSeen: '', properties: { isacl: false } }]);
  });

  it('drops edges whose ends are missing, and reads an empty answer', () => {
    expect(legacyGraphToApiGraph({ rel_1: { id1: '1', id2: '2', label: { text: 'X' }, data: {} } })).toEqual({ nodes: {}, edges: [] });
    expect(legacyGraphToApiGraph({})).toEqual({ nodes: {}, edges: [] });
    expect(legacyGraphToApiGraph(null)).toEqual({ nodes: {}, edges: [] });
  });
});
