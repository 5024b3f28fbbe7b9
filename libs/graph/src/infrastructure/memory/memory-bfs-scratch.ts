/**
 * The per-node arrays of breadth-first walks, reused from walk to walk: a node counts as visited only when its
 * stamp is the current generation, so starting a walk costs nothing however large the graph. One scratch serves one
 * search at a time (searches yield, so several can be in flight): `acquireScratch` hands out a free one or a new one.
 */
export class BfsScratch {
  seen = new Uint32Array(0);
  depth = new Int32Array(0);
  parent = new Int32Array(0);
  /** The hop from `parent`: its slot in `out` (>= 0) or, as -1 - slot, in `in` (the walk's BfsWalk decodes it). */
  parentSlot = new Int32Array(0);
  queue = new Int32Array(0);
  /** Target marks of one search, stamped like `seen` with their own generation. */
  marks = new Uint32Array(0);
  private generation = 0;
  private markGeneration = 0;

  /** Makes room for `size` nodes. */
  fit(size: number): void {
    if (this.seen.length >= size) return;
    this.seen = new Uint32Array(size);
    this.depth = new Int32Array(size);
    this.parent = new Int32Array(size);
    this.parentSlot = new Int32Array(size);
    this.queue = new Int32Array(size);
    this.marks = new Uint32Array(size);
    this.generation = 0;
    this.markGeneration = 0;
  }

  /** A stamp no node of `seen` holds yet: every node unvisited. */
  nextGeneration(): number {
    if (this.generation === 0xffffffff) {
      this.seen.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }

  /** A stamp no node of `marks` holds yet: no node marked. */
  nextMarkGeneration(): number {
    if (this.markGeneration === 0xffffffff) {
      this.marks.fill(0);
      this.markGeneration = 0;
    }
    return ++this.markGeneration;
  }
}

/** Scratches kept for reuse (24 bytes per node each): two cover most moments; a busier one makes more. */
const KEPT = 2;
const free: BfsScratch[] = [];

export function acquireScratch(size: number): BfsScratch {
  const scratch = free.pop() ?? new BfsScratch();
  scratch.fit(size);
  return scratch;
}

export function releaseScratch(scratch: BfsScratch): void {
  if (free.length < KEPT) free.push(scratch);
}
