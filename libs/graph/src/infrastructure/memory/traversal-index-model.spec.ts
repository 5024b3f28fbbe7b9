import { describe, expect, it } from '@jest/globals';
import { hopsOf } from '../../testing/traversal-index-hops.js';
import type { IndexedEdge, RemovedEdge, ResolvedChanges } from './traversal-changes.js';
import { TraversalIndex } from './traversal-index.js';

/** A seeded PRNG (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The graph as plain maps, changed the way PostgreSQL is, with a change log resolved like PgGraphChanges does. */
class Model {
  readonly nodes = new Map<number, number[]>();
  readonly edges = new Map<number, IndexedEdge>();
  private touchedNodes = new Set<number>();
  private touchedEdges = new Set<number>();
  private deletedNodes: number[] = [];
  private deletedEdges: RemovedEdge[] = [];
  nextNode = 1;
  nextEdge = 1;

  constructor(private readonly pick: () => number) {}

  private any<T>(values: Iterable<T>): T | undefined {
    const list = [...values];
    return list.length ? list[Math.floor(this.pick() * list.length)] : undefined;
  }

  private kinds(): number[] {
    return [...new Set(Array.from({ length: Math.floor(this.pick() * 3) }, () => 1 + Math.floor(this.pick() * 400)))];
  }

  addNode(gap: number): void {
    this.nextNode += gap;
    this.nodes.set(this.nextNode, this.kinds());
    this.touchedNodes.add(this.nextNode++);
  }

  addEdge(): void {
    const start = this.any(this.nodes.keys());
    const end = this.pick() < 0.1 ? start : this.any(this.nodes.keys());
    if (start === undefined || end === undefined) return;
    this.edges.set(this.nextEdge, { id: this.nextEdge, start, end, kind: 1 + Math.floor(this.pick() * 600) });
    this.touchedEdges.add(this.nextEdge++);
  }

  step(): void {
    const roll = this.pick();
    if (roll < 0.2) this.addNode(this.pick() < 0.5 ? 0 : 5);
    else if (roll < 0.5) this.addEdge();
    else if (roll < 0.65) this.deleteEdge(this.any(this.edges.keys()));
    else if (roll < 0.75) {
      const id = this.any(this.nodes.keys());
      if (id === undefined) return;
      this.nodes.set(id, this.kinds());
      this.touchedNodes.add(id);
    } else if (roll < 0.85) {
      const edge = this.any(this.edges.values());
      const end = this.any(this.nodes.keys());
      if (!edge || end === undefined) return;
      this.deletedEdges.push({ id: edge.id, start: edge.start, end: edge.end });
      this.edges.set(edge.id, { ...edge, end });
      this.touchedEdges.add(edge.id);
    } else {
      const id = this.any(this.nodes.keys());
      if (id === undefined) return;
      // The log names a cascade's edges; half the time they are left out, for the node's removal alone to drop them.
      const logged = this.pick() < 0.5;
      for (const edge of [...this.edges.values()]) if (edge.start === id || edge.end === id) this.deleteEdge(edge.id, logged);
      this.nodes.delete(id);
      this.deletedNodes.push(id);
    }
  }

  private deleteEdge(id: number | undefined, logged = true): void {
    const edge = id === undefined ? undefined : this.edges.get(id);
    if (!edge) return;
    this.edges.delete(edge.id);
    if (logged) this.deletedEdges.push({ id: edge.id, start: edge.start, end: edge.end });
  }

  /** The changes since the last call, as the change log resolves them: new rows read as they are now. */
  drain(): ResolvedChanges {
    const changes: ResolvedChanges = {
      reset: false,
      upsertedNodes: [...this.touchedNodes].filter((id) => this.nodes.has(id)).map((id) => ({ id, kinds: this.nodes.get(id)! })),
      deletedNodes: this.deletedNodes,
      addedEdges: [...this.touchedEdges].filter((id) => this.edges.has(id)).map((id) => this.edges.get(id)!),
      deletedEdges: this.deletedEdges,
    };
    this.touchedNodes = new Set();
    this.touchedEdges = new Set();
    this.deletedNodes = [];
    this.deletedEdges = [];
    return changes;
  }
}

/** Every id's state in the index and in the model, compared in one assertion. */
function expectSame(index: TraversalIndex, model: Model): void {
  const actual: unknown[] = [index.edgeCount];
  const expected: unknown[] = [model.edges.size];
  const hops = new Map<string, { edge: number; node: number; kind: number }[]>();
  for (const edge of model.edges.values()) {
    for (const [step, id, node] of [['out', edge.start, edge.end], ['in', edge.end, edge.start]] as const) {
      const key = `${step}${id}`;
      hops.set(key, [...(hops.get(key) ?? []), { edge: edge.id, node, kind: edge.kind }]);
    }
  }
  for (let id = 1; id < model.nextNode; id++) {
    const kinds = model.nodes.get(id);
    const at = index.indexOf(id);
    actual.push(at >= 0 && { kinds: [...index.kindsOf(at)].sort(), has: index.hasKinds(at, kinds ?? []), out: hopsOf(index, 'out', id), in: hopsOf(index, 'in', id) });
    const sorted = (key: string) => (hops.get(key) ?? []).sort((a, b) => a.edge - b.edge);
    expected.push(kinds !== undefined && { kinds: [...kinds].sort(), has: true, out: sorted(`out${id}`), in: sorted(`in${id}`) });
  }
  // Compared as JSON (fast); the deep comparison runs for its diff only when they differ.
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual).toEqual(expected);
  expect(actual).toHaveLength(expected.length);
}

describe('TraversalIndex against a map model', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`keeps the same neighbourhoods through random changes (seed ${seed})`, () => {
      const pick = random(seed);
      const model = new Model(pick);
      // Even seeds leave gaps of 5 between base ids: sparse enough for binary search.
      for (let i = 0; i < 60; i++) model.addNode(seed % 2 === 0 ? 5 : 0);
      for (let i = 0; i < 200; i++) model.addEdge();
      model.drain();
      const index = TraversalIndex.fromElements(
        [...model.nodes].map(([id, kinds]) => ({ id, kinds })),
        [...model.edges.values()],
      );
      expectSame(index, model);
      for (let run = 1; run <= 40; run++) {
        const steps = 1 + Math.floor(pick() * 12);
        for (let i = 0; i < steps; i++) model.step();
        const changes = model.drain();
        index.apply(changes, run);
        if (pick() < 0.3) index.apply(changes, run);
        expectSame(index, model);
      }
    });
  }
});
