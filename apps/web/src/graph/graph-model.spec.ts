import { describe, expect, it } from '@jest/globals';
import type { ApiGraph, ApiGraphNode } from '../api/graph-types';
import { GraphModel } from './graph-model';

const node = (label: string): ApiGraphNode =>
  ({ label, kind: 'User', kinds: ['User', 'Base'], objectId: label, isTierZero: false, isOwnedObject: false, lastSeen: '' });
const graphOf = (...labels: string[]): ApiGraph => ({ nodes: Object.fromEntries(labels.map((l) => [l, node(l)])), edges: [] });
const ids = (model: GraphModel) => model.snapshot().nodes.map((n) => n.id).sort();

describe('GraphModel tickets', () => {
  it('drops an answer whose request began before the latest one', () => {
    const model = new GraphModel();
    const first = model.begin();
    const second = model.begin();
    expect(model.replace(graphOf('B'), 'cypher', second)).toBe(true);
    // The first request answers last: it must not overwrite the second's graph.
    expect(model.replace(graphOf('A'), 'search', first)).toBe(false);
    expect(model.merge(graphOf('A'), 'expand', first)).toBe(false);
    expect(ids(model)).toEqual(['B']);
    expect(model.snapshot().origin).toBe('cypher');
  });

  it('keeps the latest answer even when it arrives first, and accepts answers without a ticket', () => {
    const model = new GraphModel();
    const ticket = model.begin();
    expect(model.replace(graphOf('A'), 'pathfinding', ticket)).toBe(true);
    expect(model.merge(graphOf('B'), 'expand', ticket)).toBe(true);
    expect(model.merge(graphOf('C'), 'expand')).toBe(true);
    expect(ids(model)).toEqual(['A', 'B', 'C']);
  });

  it('lets an addition wait on the latest ticket without superseding a request being fetched', () => {
    const model = new GraphModel();
    const run = model.begin();
    const addition = model.ticket();
    expect(model.merge(graphOf('A'), 'expand', addition)).toBe(true);
    expect(model.replace(graphOf('B'), 'cypher', run)).toBe(true);
    const late = model.ticket();
    model.begin();
    expect(model.merge(graphOf('C'), 'expand', late)).toBe(false);
    expect(ids(model)).toEqual(['B']);
  });

  it('does not notify listeners of a dropped answer', () => {
    const model = new GraphModel();
    const versions: number[] = [];
    model.subscribe((snapshot) => versions.push(snapshot.version));
    const stale = model.begin();
    model.begin();
    model.replace(graphOf('A'), 'search', stale);
    expect(versions).toEqual([]);
  });

  it('drops answers still on their way when cleared (sign-out)', () => {
    const model = new GraphModel();
    const ticket = model.begin();
    model.clear();
    expect(model.replace(graphOf('A'), 'cypher', ticket)).toBe(false);
    expect(ids(model)).toEqual([]);
    expect(model.snapshot().origin).toBe('empty');
  });
});
