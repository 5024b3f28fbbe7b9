import { describe, expect, it } from '@jest/globals';
import type { GraphEdge, GraphNode } from '../domain/graph.js';
import { lastSeen, literalText, presentCypherResult, presentGraph, presentGraphEdge, presentGraphNode } from './presenters.js';

const NOW = new Date('2026-01-02T03:04:05.000Z');
const without = { includeProperties: false, now: NOW };
const withProps = { includeProperties: true, now: NOW };

const alice: GraphNode = {
  id: '7',
  kinds: ['Base', 'User', 'Tag_Tier_Zero'],
  properties: { name: 'ALICE@CORP.LOCAL', objectid: 'S-1-5-21-1-1104', lastseen: '2025-06-01T10:00:00Z', enabled: true },
};
const admins: GraphNode = {
  id: '9', kinds: ['Base', 'Group'], properties: { objectid: 'S-1-5-21-1-512', system_tags: 'owned' },
};
const memberOf: GraphEdge = { id: '3', startId: '7', endId: '9', kind: 'MemberOf', properties: { isacl: false, lastseen: 1700000000 } };

describe('presentGraphNode', () => {
  it('writes the reference node shape without properties', () => {
    expect(presentGraphNode(alice, without)).toEqual({
      label: 'ALICE@CORP.LOCAL',
      kind: 'User',
      kinds: ['Base', 'User', 'Tag_Tier_Zero'],
      objectId: 'S-1-5-21-1-1104',
      isTierZero: true,
      isOwnedObject: false,
      lastSeen: '2025-06-01T10:00:00.000Z',
    });
  });

  it('labels a nameless node by objectid, stamps now when lastseen is missing, adds properties on request', () => {
    expect(presentGraphNode(admins, withProps)).toEqual({
      label: 'S-1-5-21-1-512',
      kind: 'Group',
      kinds: ['Base', 'Group'],
      objectId: 'S-1-5-21-1-512',
      isTierZero: false,
      isOwnedObject: true,
      lastSeen: NOW.toISOString(),
      properties: { objectid: 'S-1-5-21-1-512', system_tags: 'owned' },
    });
  });
});

describe('presentGraphEdge', () => {
  it('writes source and target node ids, the kind as label, lastseen in epoch seconds as RFC 3339', () => {
    expect(presentGraphEdge(memberOf, withProps)).toEqual({
      id: 3, source: '7', target: '9', label: 'MemberOf', kind: 'MemberOf', lastSeen: '2023-11-14T22:13:20.000Z',
      properties: { isacl: false, lastseen: 1700000000 },
    });
  });
});

describe('lastSeen', () => {
  it('uses now for an unparsable value', () => {
    expect(lastSeen({ lastseen: 'yesterday' }, NOW)).toBe(NOW.toISOString());
    expect(lastSeen({ lastseen: true }, NOW)).toBe(NOW.toISOString());
    expect(lastSeen({ lastseen: 1e20 }, NOW)).toBe(NOW.toISOString());
  });
});

describe('literalText', () => {
  it('writes strings as they are and everything else as JSON text', () => {
    expect(literalText('x')).toBe('x');
    expect(literalText(42)).toBe('42');
    expect(literalText(1.5)).toBe('1.5');
    expect(literalText(false)).toBe('false');
    expect(literalText(null)).toBe('null');
    expect(literalText(undefined)).toBe('null');
    expect(literalText([1, 'a'])).toBe('[1,"a"]');
    expect(literalText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('presentCypherResult', () => {
  const result = { nodes: [alice, admins], edges: [memberOf], literals: [{ key: 'count(n)', value: 2 }] };

  it('keys nodes by node id and leaves out properties and keys by default', () => {
    const wire = presentCypherResult(result, without);
    expect(Object.keys(wire)).toEqual(['nodes', 'edges', 'literals']);
    expect(Object.keys(wire.nodes)).toEqual(['7', '9']);
    expect(wire.literals).toEqual([{ key: 'count(n)', value: '2' }]);
  });

  it('adds the sorted union of property keys with include_properties', () => {
    const wire = presentCypherResult(result, withProps);
    expect(wire.node_keys).toEqual(['enabled', 'lastseen', 'name', 'objectid', 'system_tags']);
    expect(wire.edge_keys).toEqual(['isacl', 'lastseen']);
  });

  it('omits empty key lists', () => {
    const bare = { nodes: [], edges: [], literals: [{ key: 'x', value: 'y' }] };
    expect(presentCypherResult(bare, withProps)).toEqual({ nodes: {}, edges: [], literals: [{ key: 'x', value: 'y' }] });
  });
});

describe('presentGraph', () => {
  it('never carries node_keys or edge_keys', () => {
    const wire = presentGraph({ nodes: [alice], edges: [memberOf], literals: [] }, withProps);
    expect(Object.keys(wire)).toEqual(['nodes', 'edges', 'literals']);
    expect(wire.nodes['7'].properties).toEqual(alice.properties);
  });
});
