import { describe, expect, it } from '@jest/globals';
import { snapshotToApiGraph } from './export-json';

describe('snapshotToApiGraph', () => {
  it('keys nodes by id and drops the model-only edge key', () => {
    const node = { label: 'A', kind: 'User', kinds: ['User', 'Base'], objectId: 'S-1', isTierZero: false, isOwnedObject: true, lastSeen: 't' };
    const edge = { source: '1', target: '1', label: 'MemberOf', kind: 'MemberOf', lastSeen: 't' };
    const graph = snapshotToApiGraph({ nodes: [{ ...node, id: '1' }], edges: [{ ...edge, key: '1|MemberOf|1' }], origin: 'cypher', version: 3 });
    expect(graph).toEqual({ origin: 'cypher', nodes: { '1': node }, edges: [edge] });
  });
});
