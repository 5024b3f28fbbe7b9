import { describe, expect, it } from '@jest/globals';
import { NodeSet } from './node-set.js';

describe('NodeSet', () => {
  it('adds, tests and lists members in ascending order across words', () => {
    const set = NodeSet.empty(100);
    for (const i of [70, 0, 31, 32, 99]) set.add(i);
    expect(set.toArray()).toEqual([0, 31, 32, 70, 99]);
    expect(set.has(31)).toBe(true);
    expect(set.has(33)).toBe(false);
  });

  it('holds exactly its size when full, and combines in place', () => {
    expect(NodeSet.all(33).toArray()).toHaveLength(33);
    const a = NodeSet.empty(40);
    const b = NodeSet.empty(40);
    [1, 2, 35].forEach((i) => a.add(i));
    [2, 35, 39].forEach((i) => b.add(i));
    expect(a.clone().and(b).toArray()).toEqual([2, 35]);
    expect(a.clone().or(b).toArray()).toEqual([1, 2, 35, 39]);
    expect(a.toArray()).toEqual([1, 2, 35]);
    expect(NodeSet.empty(40).isEmpty()).toBe(true);
    expect(a.isEmpty()).toBe(false);
  });
});
