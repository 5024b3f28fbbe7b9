import { beforeEach, describe, expect, it } from '@jest/globals';
import { apiErrorOf } from '@app/platform/testing';
import { InMemoryGraphStore, seedGraph } from '@app/graph/testing';
import type { GraphNode } from '../domain/graph.js';
import { ConstrainedDelegation, DELEGATION_DEFAULT_SORT, sortNodes } from './constrained-delegation.js';
import { EntityInfo } from './entity-info.js';

const DELEGATION_GRAPH = {
  nodes: [
    { objectid: 'WS01', kinds: ['Base', 'Computer'], properties: { name: 'WS01' } },
    { objectid: 'SQL01', kinds: ['Base', 'Computer'], properties: { name: 'SQL01' } },
    { objectid: 'WEB01', kinds: ['Base', 'Computer'], properties: { name: 'WEB01' } },
    { objectid: 'FILE01', kinds: ['Base', 'Computer'], properties: { name: 'FILE01' } },
    { objectid: 'OTHER', kinds: ['Base', 'Computer'], properties: { name: 'OTHER' } },
    { objectid: 'ALICE', kinds: ['Base', 'User'] },
  ],
  edges: [
    { from: 'WS01', to: 'SQL01', kind: 'AllowedToDelegate' },
    { from: 'WS01', to: 'WEB01', kind: 'AllowedToDelegate' },
    { from: 'SQL01', to: 'FILE01', kind: 'AllowedToDelegate' },
    { from: 'FILE01', to: 'WS01', kind: 'AllowedToDelegate' },
    { from: 'WS01', to: 'OTHER', kind: 'AdminTo' },
    { from: 'ALICE', to: 'WS01', kind: 'AllowedToDelegate' },
  ],
};

describe('ConstrainedDelegation', () => {
  let delegation: ConstrainedDelegation;

  beforeEach(async () => {
    const store = new InMemoryGraphStore();
    await seedGraph(store, DELEGATION_GRAPH);
    delegation = new ConstrainedDelegation(store, new EntityInfo(store));
  });

  it('reaches every node over outbound AllowedToDelegate, acyclic, without the computer itself', async () => {
    const rights = await delegation.rights('WS01');
    expect(rights.computer.properties.objectid).toBe('WS01');
    expect(rights.nodes.map((n) => n.properties.objectid).sort()).toEqual(['FILE01', 'SQL01', 'WEB01']);
    expect(rights.edges).toHaveLength(4);
    expect(rights.edges.every((e) => e.kind === 'AllowedToDelegate')).toBe(true);
  });

  it('answers 404 node not found for an objectid that is not a computer', async () => {
    for (const objectId of ['ALICE', 'NOPE']) {
      const error = await apiErrorOf(delegation.rights(objectId));
      expect(error.status).toBe(404);
      expect(error.messages).toEqual(['node not found']);
    }
  });

  it('is empty for a computer without delegation rights', async () => {
    expect((await delegation.rights('OTHER')).nodes).toEqual([]);
  });
});

describe('sortNodes', () => {
  const node = (id: string, name?: string, objectid?: string): GraphNode => ({
    id, kinds: ['Base'], properties: { ...(name ? { name } : {}), ...(objectid ? { objectid } : {}) },
  });
  const nodes = [node('2', 'b', 'Y'), node('10', 'a', 'Z'), node('9', 'c', 'X'), node('3')];

  it('orders by node id descending by default, numerically', () => {
    expect(sortNodes(nodes, DELEGATION_DEFAULT_SORT).map((n) => n.id)).toEqual(['10', '9', '3', '2']);
  });

  it('orders by name or objectid, ascending or descending, missing values first', () => {
    expect(sortNodes(nodes, [{ sql: 'name', direction: 'ASC' }]).map((n) => n.id)).toEqual(['3', '10', '2', '9']);
    expect(sortNodes(nodes, [{ sql: 'objectid', direction: 'DESC' }]).map((n) => n.id)).toEqual(['10', '2', '9', '3']);
  });
});
