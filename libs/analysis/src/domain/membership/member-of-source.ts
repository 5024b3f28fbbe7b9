/** Called with each node at the far end of a hop. It must not ask the source for hops itself. */
export type HopVisit = (node: number) => void;

/**
 * Where a MembershipGraph reads its MemberOf hops: nodes by dense index 0..size-1, in ascending node id order (the
 * outermost rules let the lowest id win), and each node's hops both ways. `CsrMemberOf` holds arrays of its own;
 * the analysis infrastructure reads the traversal index instead (membership-index.ts).
 */
export interface MemberOfSource {
  readonly size: number;
  idOf(i: number): number;
  /** The dense index of a node id; -1 when the node is not in the graph. */
  indexOf(id: number): number;
  /**
   * Visits the nodes `i` has a MemberOf hop to (never `i` itself). A callback, not a list: walks enter every
   * principal, and a list (or a typed-array view) per node entered was garbage enough to grow the heap by tens of MB.
   */
  forEachParent(i: number, visit: HopVisit): void;
  /** Visits the nodes with a MemberOf hop to `i` (never `i` itself). */
  forEachMember(i: number, visit: HopVisit): void;
}

/** The MemberOf hops as arrays of their own: the ids, and both directions as compressed sparse rows. */
export class CsrMemberOf implements MemberOfSource {
  readonly size: number;
  private readonly upOffsets: Int32Array;
  private readonly upTargets: Int32Array;
  private readonly downOffsets: Int32Array;
  private readonly downSources: Int32Array;

  /**
   * `ids` ascending; `from`/`to` are the MemberOf edges as dense indexes into them (pairs with a -1 end and
   * self-loops are ignored; both arrays are compacted in place).
   */
  constructor(private readonly ids: Float64Array, from: Int32Array, to: Int32Array) {
    this.size = ids.length;
    let kept = 0;
    for (let e = 0; e < from.length; e++) {
      if (from[e] < 0 || to[e] < 0 || from[e] === to[e]) continue;
      from[kept] = from[e];
      to[kept++] = to[e];
    }
    [this.upOffsets, this.upTargets] = csr(ids.length, from.subarray(0, kept), to.subarray(0, kept));
    [this.downOffsets, this.downSources] = csr(ids.length, to.subarray(0, kept), from.subarray(0, kept));
  }

  /** The position of `id` in ascending `ids`; -1 when absent. */
  static indexIn(ids: Float64Array, id: number): number {
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const value = ids[mid];
      if (value === id) return mid;
      if (value < id) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  idOf(i: number): number {
    return this.ids[i];
  }

  indexOf(id: number): number {
    return CsrMemberOf.indexIn(this.ids, id);
  }

  forEachParent(i: number, visit: HopVisit): void {
    for (let k = this.upOffsets[i]; k < this.upOffsets[i + 1]; k++) visit(this.upTargets[k]);
  }

  forEachMember(i: number, visit: HopVisit): void {
    for (let k = this.downOffsets[i]; k < this.downOffsets[i + 1]; k++) visit(this.downSources[k]);
  }
}

/** Compressed sparse rows of (from -> to) over `size` nodes. */
function csr(size: number, from: Int32Array, to: Int32Array): [Int32Array, Int32Array] {
  const offsets = new Int32Array(size + 1);
  for (const f of from) offsets[f + 1]++;
  for (let i = 0; i < size; i++) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, size);
  const targets = new Int32Array(from.length);
  for (let e = 0; e < from.length; e++) targets[fill[from[e]]++] = to[e];
  return [offsets, targets];
}
