import { describe, expect, it } from '@jest/globals';
import { layeredLayout, type LayoutEdge, type Point } from './layout';

const edge = (source: string, target: string): LayoutEdge => ({ source, target });

function expectFiniteAndDistinct(positions: Map<string, Point>): void {
  const seen = new Set<string>();
  for (const { x, y } of positions.values()) {
    expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
    seen.add(`${x},${y}`);
  }
  expect(seen.size).toBe(positions.size);
}

function bounds(positions: Map<string, Point>, ids: string[]) {
  const xs = ids.map((id) => positions.get(id)!.x);
  const ys = ids.map((id) => positions.get(id)!.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** A deterministic pseudo-random sequence (no Math.random in tests). */
function lcg(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('layeredLayout', () => {
  it('reads a chain left to right on one row', () => {
    const p = layeredLayout(['c', 'a', 'd', 'b'], [edge('a', 'b'), edge('b', 'c'), edge('c', 'd')]);
    const xs = ['a', 'b', 'c', 'd'].map((id) => p.get(id)!.x);
    expect(xs).toEqual([...xs].sort((m, n) => m - n));
    expect(new Set(xs).size).toBe(4);
    expect(new Set(['a', 'b', 'c', 'd'].map((id) => p.get(id)!.y)).size).toBe(1);
  });

  it('puts sources on the left and a shared target on the right', () => {
    const p = layeredLayout(['da', 'u1', 'u2', 'g'], [edge('u1', 'g'), edge('u2', 'g'), edge('g', 'da'), edge('u1', 'da')]);
    expect(p.get('u1')!.x).toBe(p.get('u2')!.x);
    expect(p.get('g')!.x).toBeGreaterThan(p.get('u1')!.x);
    expect(p.get('da')!.x).toBeGreaterThan(p.get('g')!.x);
  });

  it('terminates on cycles and self-loops, and still spreads the nodes', () => {
    const p = layeredLayout(['a', 'b', 'c'], [edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('a', 'a')]);
    expectFiniteAndDistinct(p);
    expect(new Set([...p.values()].map((q) => q.x)).size).toBe(3);
  });

  it('ignores edges to unknown nodes and duplicate edges', () => {
    const p = layeredLayout(['a', 'b'], [edge('a', 'b'), edge('a', 'b'), edge('a', 'zz'), edge('yy', 'b')]);
    expect(p.size).toBe(2);
    expect(p.get('a')!.x).toBeLessThan(p.get('b')!.x);
  });

  it('orders a layer to avoid crossings', () => {
    // a1→b2 and a2→b1 cross in input order; barycentres put b2 above b1.
    const p = layeredLayout(['a1', 'a2', 'b1', 'b2'], [edge('a1', 'b2'), edge('a2', 'b1'), edge('a1', 'a2')]);
    const above = (u: string, v: string) => p.get(u)!.y < p.get(v)!.y;
    expect(above('a2', 'b1') === above('a1', 'b2') || p.get('a1')!.x !== p.get('a2')!.x).toBe(true);
    expectFiniteAndDistinct(p);
  });

  it('lays out a graph without edges as a compact grid', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `n${i}`);
    const p = layeredLayout(ids, []);
    expectFiniteAndDistinct(p);
    const box = bounds(p, ids);
    const ratio = (box.maxX - box.minX) / (box.maxY - box.minY);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(4);
  });

  it('keeps disconnected components apart', () => {
    const p = layeredLayout(['a', 'b', 'c', 'd', 'e', 'f', 'lone'], [edge('a', 'b'), edge('b', 'c'), edge('d', 'e'), edge('e', 'f')]);
    expectFiniteAndDistinct(p);
    const one = bounds(p, ['a', 'b', 'c']);
    const two = bounds(p, ['d', 'e', 'f']);
    const apart = one.maxX < two.minX || two.maxX < one.minX || one.maxY < two.minY || two.maxY < one.minY;
    expect(apart).toBe(true);
  });

  it('wraps a very tall layer into columns', () => {
    const ids = ['target', ...Array.from({ length: 400 }, (_, i) => `m${i}`)];
    const p = layeredLayout(ids, ids.slice(1).map((id) => edge(id, 'target')));
    expectFiniteAndDistinct(p);
    const members = bounds(p, ids.slice(1));
    expect(members.maxY - members.minY).toBeLessThan(100);
    expect(p.get('target')!.x).toBeGreaterThan(members.maxX);
  });

  it('lays out 4,000 nodes and 6,000 edges (cycles included)', () => {
    const random = lcg(42);
    const ids = Array.from({ length: 4000 }, (_, i) => `n${i}`);
    const edges = Array.from({ length: 6000 }, () => edge(ids[Math.floor(random() * 4000)], ids[Math.floor(random() * 4000)]));
    const p = layeredLayout(ids, edges);
    expect(p.size).toBe(4000);
    expectFiniteAndDistinct(p);
  });

  it('folds a 10,000-node chain into bands read like lines of text (no deep recursion)', () => {
    const ids = Array.from({ length: 10000 }, (_, i) => `n${i}`);
    const p = layeredLayout(ids, ids.slice(1).map((id, i) => edge(ids[i], id)));
    expectFiniteAndDistinct(p);
    let bands = 1;
    for (let i = 1; i < ids.length; i++) {
      const [a, b] = [p.get(ids[i - 1])!, p.get(ids[i])!];
      if (b.y === a.y) expect(b.x).toBeGreaterThan(a.x);
      else {
        expect(b.y).toBeGreaterThan(a.y);
        expect(b.x).toBeLessThan(a.x);
        bands++;
      }
    }
    expect(bands).toBeGreaterThan(10);
    const box = bounds(p, ids);
    expect((box.maxX - box.minX) / (box.maxY - box.minY)).toBeLessThan(4);
  });

  it('does not fold an ordinary attack path', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `n${i}`);
    const p = layeredLayout(ids, ids.slice(1).map((id, i) => edge(ids[i], id)));
    expect(new Set(ids.map((id) => p.get(id)!.y)).size).toBe(1);
  });

  it('answers an empty map for an empty graph', () => {
    expect(layeredLayout([], []).size).toBe(0);
  });
});
