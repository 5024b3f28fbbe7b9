/** A hop added since the build: `node` is the far node's dense index, `edge` the edge id. */
export interface ExtraHop {
  node: number;
  kind: number;
  edge: number;
}

/**
 * Estimated heap cost of the overlay's pieces on 64-bit V8 without pointer compression (Node's default build):
 * an object of three small-integer fields is 3 header words + 3 fields (48 B), plus its 8 B slot in an array;
 * a Map or Set entry is about 3 words, an array with its backing store about 48 B before its slots.
 */
const HOP_BYTES = 56 + 16; // and its edge's entry in startOf (half of it per hop)
const LIST_BYTES = 24 + 48;
const KINDS_BYTES = 24 + 48;
const KIND_BYTES = 8;
const ADDED_NODE_BYTES = 8 + 24;
const DELETED_NODE_BYTES = 24;

/** What changed since the build, held beside the base arrays until the next rebuild. */
export class TraversalOverlay {
  readonly out = new Map<number, ExtraHop[]>();
  readonly in = new Map<number, ExtraHop[]>();
  /** Kinds of nodes added, or whose kinds changed, since the build (by dense index). */
  readonly kinds = new Map<number, readonly number[]>();
  /** Ids of the nodes added since the build: dense index baseNodes + i. */
  readonly addedIds: number[] = [];
  readonly addedIndex = new Map<number, number>();
  readonly deleted = new Set<number>();
  edgeCount = 0;

  /**
   * The start of each added edge, by edge id: whether an edge is there costs one look-up, not a scan of its start's
   * list (one start may hold hundreds of thousands of added hops: Domain Admins after an analysis).
   */
  private readonly startOf = new Map<number, number>();

  /** Whether `start` has an added out hop of edge `edge`. */
  hasEdge(start: number, edge: number): boolean {
    return this.startOf.get(edge) === start;
  }

  addEdge(start: number, end: number, kind: number, edge: number): void {
    listOf(this.out, start).push({ node: end, kind, edge });
    listOf(this.in, end).push({ node: start, kind, edge });
    this.startOf.set(edge, start);
    this.edgeCount++;
  }

  /**
   * Removes the added edges among `edges` that leave `start`, in one pass over each list they are in (removing them
   * one by one rescanned the list each time: quadratic for a start with many); the ids removed.
   */
  removeEdgesFrom(start: number, edges: ReadonlySet<number>): Set<number> {
    const removed = new Set<number>();
    const list = this.out.get(start);
    if (!list) return removed;
    const ends = new Map<number, Set<number>>();
    const kept = list.filter((hop) => {
      if (!edges.has(hop.edge) || this.startOf.get(hop.edge) !== start) return true;
      removed.add(hop.edge);
      this.startOf.delete(hop.edge);
      setOf(ends, hop.node).add(hop.edge);
      return false;
    });
    if (removed.size === 0) return removed;
    replace(this.out, start, kept);
    for (const [end, ids] of ends) replace(this.in, end, (this.in.get(end) ?? []).filter((hop) => !ids.has(hop.edge)));
    this.edgeCount -= removed.size;
    return removed;
  }

  /** Removes every added edge touching `node`; the number removed. */
  removeEdgesOf(node: number): number {
    let removed = this.removeEdgesFrom(node, new Set((this.out.get(node) ?? []).map((hop) => hop.edge))).size;
    const starts = new Map<number, Set<number>>();
    for (const hop of this.in.get(node) ?? []) setOf(starts, hop.node).add(hop.edge);
    for (const [start, ids] of starts) removed += this.removeEdgesFrom(start, ids).size;
    return removed;
  }

  get size(): number {
    return 2 * this.edgeCount + this.kinds.size + this.addedIds.length + this.deleted.size;
  }

  get bytes(): number {
    let kinds = 0;
    for (const list of this.kinds.values()) kinds += KINDS_BYTES + KIND_BYTES * list.length;
    return (
      2 * this.edgeCount * HOP_BYTES +
      (this.out.size + this.in.size) * LIST_BYTES +
      kinds +
      this.addedIds.length * ADDED_NODE_BYTES +
      this.deleted.size * DELETED_NODE_BYTES
    );
  }
}

function listOf(lists: Map<number, ExtraHop[]>, node: number): ExtraHop[] {
  let list = lists.get(node);
  if (!list) lists.set(node, (list = []));
  return list;
}

function setOf(sets: Map<number, Set<number>>, key: number): Set<number> {
  let set = sets.get(key);
  if (!set) sets.set(key, (set = new Set()));
  return set;
}

/** Puts `list` as `node`'s hops, or drops the entry when it is empty. */
function replace(lists: Map<number, ExtraHop[]>, node: number, list: ExtraHop[]): void {
  if (list.length === 0) lists.delete(node);
  else lists.set(node, list);
}
