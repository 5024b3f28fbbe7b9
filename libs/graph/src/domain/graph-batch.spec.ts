import { describe, expect, it } from '@jest/globals';
import { NUL_REFUSED, planBatch, planHasNul, removesValue } from './graph-batch.js';

const T = '2026-01-01T00:00:00.000Z';

describe('planBatch', () => {
  it('merges node duplicates in batch order, stamping objectid, lastseen and lastcollected', () => {
    const plan = planBatch({
      seenAt: T,
      nodes: [
        { objectid: 'B', kinds: ['Base'], properties: { a: 1, b: 1, lastseen: 'from the file' } },
        { objectid: 'A', kinds: ['Base', 'User'], properties: { objectid: 'OTHER' } },
        { objectid: 'B', kinds: ['Group', 'Base'], properties: { a: 2, b: null, c: undefined } },
      ],
      edges: [],
    });
    expect(plan.nodes).toEqual([
      { objectid: 'A', kinds: ['Base', 'User'], properties: { objectid: 'A', lastseen: T, lastcollected: T } },
      { objectid: 'B', kinds: ['Base', 'Group'], properties: { a: 2, b: null, objectid: 'B', lastseen: T, lastcollected: T } },
    ]);
    expect(plan.stubs).toEqual([]);
    expect(plan.kinds.sort()).toEqual(['Base', 'Group', 'User']);
  });

  it('stubs objectid endpoints the batch does not define, kinds unioned; never DN endpoints or kindless ones', () => {
    const plan = planBatch({
      seenAt: T,
      nodes: [{ objectid: 'U', kinds: ['Base', 'User'], properties: {} }],
      edges: [
        { start: { objectid: 'U', kinds: ['Base', 'User'] }, end: { objectid: 'G', kinds: ['Base'] }, kind: 'MemberOf', properties: {} },
        { start: { objectid: 'X', kinds: [] }, end: { objectid: 'G', kinds: ['Group'] }, kind: 'MemberOf', properties: {} },
        { start: { objectid: 'U', kinds: [] }, end: { objectid: 'CN=G', kinds: ['Base'], matchBy: 'distinguishedname' }, kind: 'MemberOf', properties: {} },
      ],
    });
    expect(plan.stubs).toEqual([{ objectid: 'G', kinds: ['Base', 'Group'], properties: { objectid: 'G', lastseen: T } }]);
    expect(plan.edges.map((e) => [e.start.objectid, e.end.objectid, e.end.matchBy])).toEqual([
      ['U', 'CN=G', 'distinguishedname'], ['U', 'G', 'objectid'], ['X', 'G', 'objectid'],
    ]);
  });

  it('merges edge duplicates per (start, end, kind, matching) and stamps lastseen', () => {
    const edge = (properties: Record<string, unknown>, matchBy?: 'distinguishedname') => ({
      start: { objectid: 'A', kinds: [] }, end: { objectid: 'B', kinds: [], ...(matchBy ? { matchBy } : {}) }, kind: 'MemberOf', properties,
    });
    const plan = planBatch({ seenAt: T, nodes: [], edges: [edge({ x: 1, y: 1 }), edge({ x: 2, y: null }), edge({ z: 1 }, 'distinguishedname')] });
    expect(plan.edges.map((e) => e.properties)).toEqual([{ z: 1, lastseen: T }, { x: 2, y: null, lastseen: T }]);
  });
});

describe('batch value checks', () => {
  it('finds a NUL anywhere a store would refuse it', () => {
    const plan = (properties: Record<string, unknown>) =>
      planBatch({ seenAt: T, nodes: [{ objectid: 'A', kinds: ['Base'], properties }], edges: [] });
    expect(planHasNul(plan({ a: 'ok', list: ['fine'] }))).toBe(false);
    expect(planHasNul(plan({ nested: { deep: ['a\u0000'] } }))).toBe(true);
    expect(planHasNul(plan({ 'key\u0000': 1 }))).toBe(true);
    expect(NUL_REFUSED).toMatch(/NUL/);
  });

  it('tells a patch that removes a value', () => {
    expect(removesValue({ a: 1, b: null })).toBe(true);
    expect(removesValue({ a: { b: null } })).toBe(false);
  });
});
