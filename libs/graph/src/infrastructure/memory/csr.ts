/** Compressed adjacency of one direction over the base nodes: hops of node n are slots offsets[n] .. offsets[n+1]-1. */
export interface Csr {
  offsets: Uint32Array;
  targets: Int32Array;
  kinds: Uint16Array;
  edgeIdAt(slot: number): number;
}

/** The out direction holds the edge ids: 4 + 2 + 8 bytes per hop. */
export class OutCsr implements Csr {
  constructor(
    readonly offsets: Uint32Array,
    readonly targets: Int32Array,
    readonly kinds: Uint16Array,
    readonly edgeIds: Float64Array,
  ) {}

  edgeIdAt(slot: number): number {
    return this.edgeIds[slot];
  }

  get bytes(): number {
    return this.offsets.byteLength + this.targets.byteLength + this.kinds.byteLength + this.edgeIds.byteLength;
  }
}

/** The in direction points at the same edge's slot in `out` instead of repeating its id: 4 + 2 + 4 bytes per hop. */
export class InCsr implements Csr {
  constructor(
    readonly offsets: Uint32Array,
    readonly targets: Int32Array,
    readonly kinds: Uint16Array,
    readonly outSlots: Uint32Array,
    private readonly out: OutCsr,
  ) {}

  edgeIdAt(slot: number): number {
    return this.out.edgeIds[this.outSlots[slot]];
  }

  get bytes(): number {
    return this.offsets.byteLength + this.targets.byteLength + this.kinds.byteLength + this.outSlots.byteLength;
  }
}

/** Edges as parallel arrays of dense endpoint indexes (the first `count` entries are used). */
export interface EdgeColumns {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  kinds: Uint16Array;
  ids: Float64Array;
}

/** Edges handled between two pauses of a build that yields to the event loop. */
const EDGES_PER_PAUSE = 1 << 18;

/** Prefix sums of the hop counts of each node: offsets[n] .. offsets[n+1]-1 are node n's slots. */
function countingOffsets(nodeCount: number, keys: Int32Array, count: number): Uint32Array {
  const offsets = new Uint32Array(nodeCount + 1);
  for (let e = 0; e < count; e++) offsets[keys[e] + 1]++;
  for (let n = 0; n < nodeCount; n++) offsets[n + 1] += offsets[n];
  return offsets;
}

type Built = { out: OutCsr; in: InCsr };

/**
 * Both directions by counting sort, in O(nodes + edges): out in the edges' order per start node, then in by a walk
 * over `out`, so each in hop learns the slot of its edge in `out`. A self-loop lands in both lists of its node.
 * Pauses (yields) every EDGES_PER_PAUSE edges so a caller can give the event loop a turn.
 */
function* csrSteps(nodeCount: number, edges: EdgeColumns): Generator<void, Built> {
  const { count, starts, ends, kinds, ids } = edges;
  const outOffsets = countingOffsets(nodeCount, starts, count);
  const outTargets = new Int32Array(count);
  const outKinds = new Uint16Array(count);
  const outIds = new Float64Array(count);
  const cursor = outOffsets.slice(0, nodeCount);
  for (let from = 0; from < count; from += EDGES_PER_PAUSE) {
    yield;
    const to = Math.min(count, from + EDGES_PER_PAUSE);
    for (let e = from; e < to; e++) {
      const slot = cursor[starts[e]]++;
      outTargets[slot] = ends[e];
      outKinds[slot] = kinds[e];
      outIds[slot] = ids[e];
    }
  }
  const out = new OutCsr(outOffsets, outTargets, outKinds, outIds);

  yield;
  const inOffsets = countingOffsets(nodeCount, ends, count);
  const inTargets = new Int32Array(count);
  const inKinds = new Uint16Array(count);
  const outSlots = new Uint32Array(count);
  cursor.set(inOffsets.subarray(0, nodeCount));
  let node = 0;
  while (node < nodeCount) {
    yield;
    // Whole nodes per pause, about EDGES_PER_PAUSE hops each.
    const until = outOffsets[node] + EDGES_PER_PAUSE;
    for (; node < nodeCount && outOffsets[node] < until; node++) {
      const last = outOffsets[node + 1];
      for (let slot = outOffsets[node]; slot < last; slot++) {
        const at = cursor[outTargets[slot]]++;
        inTargets[at] = node;
        inKinds[at] = outKinds[slot];
        outSlots[at] = slot;
      }
    }
  }
  return { out, in: new InCsr(inOffsets, inTargets, inKinds, outSlots, out) };
}

/** Both directions of `edges` over `nodeCount` base nodes, in one go. */
export function buildCsr(nodeCount: number, edges: EdgeColumns): Built {
  const steps = csrSteps(nodeCount, edges);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Both directions of `edges`, giving the event loop a turn every EDGES_PER_PAUSE edges (large graphs). */
export async function buildCsrYielding(nodeCount: number, edges: EdgeColumns): Promise<Built> {
  const steps = csrSteps(nodeCount, edges);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise(setImmediate);
  }
}
