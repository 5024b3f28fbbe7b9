import type { Csr, EdgeColumns } from './csr.js';
import { NodeLookup } from './node-lookup.js';

/**
 * Bytes of one edge in the built index: 4 + 2 + 4 in each direction (ids at or past 2^32 take 4 more per direction;
 * the built index's own size is checked against the cap too).
 */
export const EDGE_BYTES = 20;
/** Bytes of one node before its kinds and its id table slot: id 8 + out, in and kind offsets 3 x 4. */
export const NODE_BYTES = 20;
export const KIND_BYTES = 2;

/** The arrays a traversal index is built from. */
export interface TraversalIndexBase {
  ids: Float64Array;
  lookup: NodeLookup;
  kindOffsets: Uint32Array;
  kindIds: Uint16Array;
  out: Csr;
  in: Csr;
}

type Growable = Float64Array | Int32Array | Uint32Array | Uint16Array;

/** `array` with room for at least `needed` entries (grown by half, so appends stay amortised O(1)). */
function room<T extends Growable>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const grown = new (array.constructor as new (length: number) => T)(Math.max(needed, Math.ceil(array.length * 1.5), 1024));
  grown.set(array);
  return grown;
}

/** Nodes and their kinds, appended row by row into growing typed arrays. */
export class NodeStaging {
  count = 0;
  kindCount = 0;
  private ids: Float64Array;
  private kindStarts: Uint32Array;
  private kinds: Uint16Array;

  constructor(expected = 0) {
    this.ids = new Float64Array(expected);
    this.kindStarts = new Uint32Array(expected);
    this.kinds = new Uint16Array(expected * 2);
  }

  add(id: number): void {
    this.ids = room(this.ids, this.count + 1);
    this.kindStarts = room(this.kindStarts, this.count + 1);
    this.ids[this.count] = id;
    this.kindStarts[this.count++] = this.kindCount;
  }

  /** A kind of the node added last. */
  addKind(kind: number): void {
    this.kinds = room(this.kinds, this.kindCount + 1);
    this.kinds[this.kindCount++] = kind;
  }

  /** The nodes in id order (the builder's COPY yields them so; other callers' are sorted here) with their lookup. */
  finish(): Pick<TraversalIndexBase, 'ids' | 'lookup' | 'kindOffsets' | 'kindIds'> {
    const n = this.count;
    if (!isAscending(this.ids, n)) return this.sorted();
    const ids = this.ids.slice(0, n);
    const kindOffsets = new Uint32Array(n + 1);
    kindOffsets.set(this.kindStarts.subarray(0, n));
    kindOffsets[n] = this.kindCount;
    return { ids, lookup: new NodeLookup(ids), kindOffsets, kindIds: this.kinds.slice(0, this.kindCount) };
  }

  private sorted(): Pick<TraversalIndexBase, 'ids' | 'lookup' | 'kindOffsets' | 'kindIds'> {
    const n = this.count;
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => this.ids[a] - this.ids[b]);
    const ids = new Float64Array(n);
    const kindOffsets = new Uint32Array(n + 1);
    const kindIds = new Uint16Array(this.kindCount);
    let at = 0;
    for (let i = 0; i < n; i++) {
      const from = order[i];
      ids[i] = this.ids[from];
      if (i > 0 && ids[i] === ids[i - 1]) throw new Error(`node ${ids[i]} appears twice`);
      kindOffsets[i] = at;
      const end = from + 1 < n ? this.kindStarts[from + 1] : this.kindCount;
      for (let k = this.kindStarts[from]; k < end; k++) kindIds[at++] = this.kinds[k];
    }
    kindOffsets[n] = at;
    return { ids, lookup: new NodeLookup(ids), kindOffsets, kindIds };
  }
}

function isAscending(ids: Float64Array, n: number): boolean {
  for (let i = 1; i < n; i++) if (ids[i] <= ids[i - 1]) return false;
  return true;
}

/** Edges appended row by row, their endpoints already turned into dense indexes. */
export class EdgeStaging {
  count = 0;
  private starts: Int32Array;
  private ends: Int32Array;
  private kinds: Uint16Array;
  private ids: Float64Array;

  constructor(
    private readonly lookup: NodeLookup,
    expected = 0,
  ) {
    this.starts = new Int32Array(expected);
    this.ends = new Int32Array(expected);
    this.kinds = new Uint16Array(expected);
    this.ids = new Float64Array(expected);
  }

  add(id: number, start: number, end: number, kind: number): void {
    const from = this.lookup.indexOf(start);
    const to = this.lookup.indexOf(end);
    if (from < 0 || to < 0) throw new Error(`edge ${id} joins a node that is not in the index`);
    const at = this.count++;
    if (at >= this.ids.length) {
      this.starts = room(this.starts, at + 1);
      this.ends = room(this.ends, at + 1);
      this.kinds = room(this.kinds, at + 1);
      this.ids = room(this.ids, at + 1);
    }
    this.starts[at] = from;
    this.ends[at] = to;
    this.kinds[at] = kind;
    this.ids[at] = id;
  }

  columns(): EdgeColumns {
    return { count: this.count, starts: this.starts, ends: this.ends, kinds: this.kinds, ids: this.ids };
  }
}
