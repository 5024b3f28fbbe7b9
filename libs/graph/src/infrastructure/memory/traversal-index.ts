import type { IndexedEdge, IndexedNode } from './traversal-changes.js';

/*
 * Stand-in for the traversal index of section 2 of the contract (helper "index"), so that the searches can be
 * written and tested against its public API meanwhile: base arrays only, no overlay. Replaced at merge.
 */

export const DEAD_KIND = 0xffff;

export interface ExtraHop { node: number; kind: number; edge: number }

/** Compressed adjacency of one direction over the base nodes: hops of node n are slots offsets[n] .. offsets[n+1]-1. */
export interface Csr { offsets: Uint32Array; targets: Int32Array; kinds: Uint16Array; edgeIdAt(slot: number): number }

export class TraversalIndex {
  readonly in: Csr;

  private constructor(
    readonly out: Csr,
    inward: Csr,
    private readonly ids: Float64Array,
    private readonly kinds: (readonly number[])[],
    private readonly byId: Map<number, number>,
    public version: number,
  ) {
    this.in = inward;
  }

  static fromElements(nodes: readonly IndexedNode[], edges: readonly IndexedEdge[], version = 0): TraversalIndex {
    const byId = new Map(nodes.map((node, index) => [node.id, index]));
    const live = edges.filter((edge) => byId.has(edge.start) && byId.has(edge.end));
    const count = nodes.length;
    const build = (from: (edge: IndexedEdge) => number, to: (edge: IndexedEdge) => number) => {
      const offsets = new Uint32Array(count + 1);
      for (const edge of live) offsets[byId.get(from(edge))! + 1] += 1;
      for (let n = 0; n < count; n++) offsets[n + 1] += offsets[n];
      const fill = offsets.slice(0, count);
      const targets = new Int32Array(live.length);
      const kinds = new Uint16Array(live.length);
      const slots = live.map((edge) => {
        const slot = fill[byId.get(from(edge))!]++;
        targets[slot] = byId.get(to(edge))!;
        kinds[slot] = edge.kind;
        return slot;
      });
      return { offsets, targets, kinds, slots };
    };
    const outward = build((edge) => edge.start, (edge) => edge.end);
    const inward = build((edge) => edge.end, (edge) => edge.start);
    const edgeIds = new Float64Array(live.length);
    const outSlot = new Uint32Array(live.length);
    live.forEach((edge, i) => {
      edgeIds[outward.slots[i]] = edge.id;
      outSlot[inward.slots[i]] = outward.slots[i];
    });
    const csr = ({ offsets, targets, kinds }: typeof outward, edgeIdAt: (slot: number) => number): Csr =>
      ({ offsets, targets, kinds, edgeIdAt });
    const out = csr(outward, (slot) => edgeIds[slot]);
    const inCsr = csr(inward, (slot) => edgeIds[outSlot[slot]]);
    const ids = Float64Array.from(nodes, (node) => node.id);
    return new TraversalIndex(out, inCsr, ids, nodes.map((node) => node.kinds), byId, version);
  }

  get baseNodes(): number {
    return this.ids.length;
  }

  get nodeCount(): number {
    return this.ids.length;
  }

  get overlaySize(): number {
    return 0;
  }

  indexOf(id: number): number {
    return this.byId.get(id) ?? -1;
  }

  idOf(index: number): number {
    return this.ids[index];
  }

  hasKinds(index: number, kinds: readonly number[]): boolean {
    return kinds.every((kind) => this.kinds[index].includes(kind));
  }

  extra(_step: 'out' | 'in', _index: number): readonly ExtraHop[] | undefined {
    return undefined;
  }
}
