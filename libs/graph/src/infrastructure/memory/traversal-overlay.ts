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
const HOP_BYTES = 56;
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

  /** Whether `start` has an added out hop of edge `edge`. */
  hasEdge(start: number, edge: number): boolean {
    return this.out.get(start)?.some((hop) => hop.edge === edge) ?? false;
  }

  addEdge(start: number, end: number, kind: number, edge: number): void {
    listOf(this.out, start).push({ node: end, kind, edge });
    listOf(this.in, end).push({ node: start, kind, edge });
    this.edgeCount++;
  }

  /** Removes added edge `edge` leaving `start`; false when it has no such hop. */
  removeEdge(start: number, edge: number): boolean {
    const hop = take(this.out, start, edge);
    if (!hop) return false;
    take(this.in, hop.node, edge);
    this.edgeCount--;
    return true;
  }

  /** Removes every added edge touching `node`; the number removed. */
  removeEdgesOf(node: number): number {
    let removed = 0;
    for (const hop of [...(this.out.get(node) ?? [])]) removed += this.removeEdge(node, hop.edge) ? 1 : 0;
    for (const hop of [...(this.in.get(node) ?? [])]) removed += this.removeEdge(hop.node, hop.edge) ? 1 : 0;
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

function take(lists: Map<number, ExtraHop[]>, node: number, edge: number): ExtraHop | undefined {
  const list = lists.get(node);
  const at = list?.findIndex((hop) => hop.edge === edge) ?? -1;
  if (!list || at < 0) return undefined;
  const [hop] = list.splice(at, 1);
  if (list.length === 0) lists.delete(node);
  return hop;
}
