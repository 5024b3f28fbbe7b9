import { DEAD_KIND, killHopsOf, killOutSlot, liveSlot } from './base-hops.js';
import { buildCsr, type Csr } from './csr.js';
import { EdgeStaging, NodeStaging, type TraversalIndexBase } from './traversal-index-staging.js';
import { type ExtraHop, TraversalOverlay } from './traversal-overlay.js';
import type { IndexedEdge, IndexedNode, ResolvedChanges } from './traversal-changes.js';

export { DEAD_KIND } from './base-hops.js';
export type { Csr } from './csr.js';
export type { ExtraHop } from './traversal-overlay.js';

const NO_KINDS: readonly number[] = [];

/**
 * The graph's adjacency in typed arrays, for traversals at memory speed: nodes by dense index (0..nodeCount-1),
 * per node its kind ids, per hop the far node, the edge kind and the edge id, in both directions. The base arrays
 * are built once; later changes go to a small overlay (added hops per node, changed kinds, deleted nodes) and
 * removed base hops are marked DEAD_KIND in place, until the owner rebuilds.
 */
export class TraversalIndex {
  readonly out: Csr;
  readonly in: Csr;
  readonly baseNodes: number;
  private readonly base: TraversalIndexBase;
  private readonly overlay = new TraversalOverlay();
  private baseEdges: number;
  /** The highest edge id in the base arrays. */
  private readonly maxBaseEdgeId: number;
  /** Ids increase with the dense index (base ids are sorted; nodes the overlay added came in increasing id). */
  private ascending = true;

  constructor(base: TraversalIndexBase, public version: number) {
    this.base = base;
    this.out = base.out;
    this.in = base.in;
    this.baseNodes = base.ids.length;
    this.baseEdges = base.out.targets.length;
    let max = -1;
    for (const id of base.out.edgeIds) if (id > max) max = id;
    this.maxBaseEdgeId = max;
  }

  /** An index of the given elements (tests, small graphs); edges must join given nodes. */
  static fromElements(nodes: readonly IndexedNode[], edges: readonly IndexedEdge[], version = 0): TraversalIndex {
    const staged = new NodeStaging(nodes.length);
    for (const node of nodes) {
      staged.add(node.id);
      for (const kind of node.kinds) staged.addKind(kind);
    }
    const parts = staged.finish();
    const edgeRows = new EdgeStaging(parts.lookup, edges.length);
    for (const edge of edges) edgeRows.add(edge.id, edge.start, edge.end, edge.kind);
    const csr = buildCsr(parts.ids.length, edgeRows.columns());
    return new TraversalIndex({ ...parts, ...csr }, version);
  }

  get nodeCount(): number {
    return this.baseNodes + this.overlay.addedIds.length;
  }

  get edgeCount(): number {
    return this.baseEdges + this.overlay.edgeCount;
  }

  get bytes(): number {
    const { ids, lookup, kindOffsets, kindIds, out, in: inward } = this.base;
    return ids.byteLength + lookup.bytes + kindOffsets.byteLength + kindIds.byteLength + out.bytes + inward.bytes + this.overlay.bytes;
  }

  /** Whether ordering dense indexes orders their ids: searches then sort hits as plain integers. */
  get idsAscending(): boolean {
    return this.ascending;
  }

  get overlaySize(): number {
    return this.overlay.size;
  }

  indexOf(id: number): number {
    const index = this.slotOf(id);
    return index >= 0 && this.overlay.deleted.has(index) ? -1 : index;
  }

  /** Whether the node at a dense index is in the graph (not deleted since the build). */
  isLive(index: number): boolean {
    return index < this.nodeCount && !this.overlay.deleted.has(index);
  }

  idOf(index: number): number {
    return index < this.baseNodes ? this.base.ids[index] : this.overlay.addedIds[index - this.baseNodes];
  }

  hasKinds(index: number, kinds: readonly number[]): boolean {
    if (this.overlay.deleted.has(index)) return false;
    const changed = this.overlay.kinds.get(index);
    if (changed) return kinds.every((kind) => changed.includes(kind));
    if (index >= this.baseNodes) return kinds.length === 0;
    const { kindOffsets, kindIds } = this.base;
    const from = kindOffsets[index];
    const to = kindOffsets[index + 1];
    for (const kind of kinds) {
      let found = false;
      for (let at = from; at < to && !found; at++) found = kindIds[at] === kind;
      if (!found) return false;
    }
    return true;
  }

  /** Whether node `index` has at least one of `kinds`. */
  hasAnyKind(index: number, kinds: readonly number[]): boolean {
    if (this.overlay.deleted.has(index)) return false;
    const changed = this.overlay.kinds.get(index);
    if (changed) return kinds.some((kind) => changed.includes(kind));
    if (index >= this.baseNodes) return false;
    const { kindOffsets, kindIds } = this.base;
    for (let at = kindOffsets[index]; at < kindOffsets[index + 1]; at++) if (kinds.includes(kindIds[at])) return true;
    return false;
  }

  kindsOf(index: number): readonly number[] {
    if (this.overlay.deleted.has(index)) return NO_KINDS;
    const changed = this.overlay.kinds.get(index);
    if (changed || index >= this.baseNodes) return changed ?? NO_KINDS;
    return Array.from(this.base.kindIds.subarray(this.base.kindOffsets[index], this.base.kindOffsets[index + 1]));
  }

  extra(step: 'out' | 'in', index: number): readonly ExtraHop[] | undefined {
    return (step === 'out' ? this.overlay.out : this.overlay.in).get(index);
  }

  /**
   * Applies a run of committed changes. Idempotent: an edge already present is not added again, removing an
   * absent edge or node does nothing, an upserted node takes the given kinds. Removals go first, so an edge whose
   * endpoints or kind changed (removed and added under one id) ends up as it is now. A reset, or an added edge
   * whose endpoint the index does not know, throws before anything changes: the owner rebuilds.
   */
  apply(changes: ResolvedChanges, version: number): void {
    if (changes.reset) throw new Error('the graph was reset: the traversal index must be rebuilt');
    this.checkEndpoints(changes);
    // By start node, so each start's hops are scanned once however many of its edges go (an analysis deletes and
    // writes again hundreds of thousands from Domain Admins alone).
    const byStart = new Map<number, Set<number>>();
    for (const edge of changes.deletedEdges) {
      const start = this.slotOf(edge.start);
      if (start < 0) continue;
      let ids = byStart.get(start);
      if (!ids) byStart.set(start, (ids = new Set()));
      ids.add(edge.id);
    }
    for (const [start, ids] of byStart) this.removeEdgesFrom(start, ids);
    for (const id of changes.deletedNodes) this.removeNode(id);
    // In id order, so new nodes keep ids ascending with their dense indexes (see idsAscending).
    for (const node of [...changes.upsertedNodes].sort((a, b) => a.id - b.id)) this.upsertNode(node);
    for (const edge of changes.addedEdges) this.addEdge(edge);
    this.version = version;
  }

  /** Dense index of `id`, deleted or not. */
  private slotOf(id: number): number {
    const index = this.base.lookup.indexOf(id);
    return index >= 0 ? index : (this.overlay.addedIndex.get(id) ?? -1);
  }

  private checkEndpoints(changes: ResolvedChanges): void {
    const deleted = new Set(changes.deletedNodes);
    const upserted = new Set(changes.upsertedNodes.map((node) => node.id));
    const known = (id: number) => upserted.has(id) || (!deleted.has(id) && this.indexOf(id) >= 0);
    const stray = changes.addedEdges.find((edge) => !known(edge.start) || !known(edge.end));
    if (stray) throw new Error(`edge ${stray.id} joins a node the traversal index does not know: it must be rebuilt`);
  }

  private removeEdgesFrom(start: number, ids: ReadonlySet<number>): void {
    const added = this.overlay.removeEdgesFrom(start, ids);
    if (start >= this.baseNodes || added.size === ids.size) return;
    const { offsets, edgeIds, kinds } = this.out;
    for (let slot = offsets[start]; slot < offsets[start + 1]; slot++) {
      if (kinds[slot] === DEAD_KIND || !ids.has(edgeIds[slot]) || added.has(edgeIds[slot])) continue;
      killOutSlot(this.out, this.in, slot);
      this.baseEdges--;
    }
  }

  private removeNode(id: number): void {
    const index = this.slotOf(id);
    if (index < 0 || this.overlay.deleted.has(index)) return;
    this.overlay.removeEdgesOf(index);
    if (index < this.baseNodes) this.baseEdges -= killHopsOf(this.out, this.in, index);
    this.overlay.kinds.delete(index);
    this.overlay.deleted.add(index);
  }

  private upsertNode(node: IndexedNode): void {
    let index = this.slotOf(node.id);
    if (index < 0) {
      index = this.nodeCount;
      this.ascending &&= index === 0 || node.id > this.idOf(index - 1);
      this.overlay.addedIds.push(node.id);
      this.overlay.addedIndex.set(node.id, index);
    }
    this.overlay.deleted.delete(index);
    if (index < this.baseNodes && this.sameAsBase(index, node.kinds)) this.overlay.kinds.delete(index);
    else this.overlay.kinds.set(index, [...node.kinds]);
  }

  private sameAsBase(index: number, kinds: readonly number[]): boolean {
    const { kindOffsets, kindIds } = this.base;
    const from = kindOffsets[index];
    if (kindOffsets[index + 1] - from !== kinds.length) return false;
    return kinds.every((kind, i) => kindIds[from + i] === kind);
  }

  private addEdge(edge: IndexedEdge): void {
    const start = this.indexOf(edge.start);
    const end = this.indexOf(edge.end);
    if (this.overlay.hasEdge(start, edge.id)) return;
    // An id above every base edge's cannot be in the base: no scan of the start's hops (ids grow with time).
    if (start < this.baseNodes && edge.id <= this.maxBaseEdgeId && liveSlot(this.out, start, edge.id) >= 0) return;
    this.overlay.addEdge(start, end, edge.kind, edge.id);
  }
}
