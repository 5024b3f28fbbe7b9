/**
 * Edge ids as held per hop: 4 bytes while every id is below 2^32 (bigserial ids stay there short of 4 billion edges
 * ever written), else 8.
 */
export type EdgeIds = Uint32Array | Float64Array;

/**
 * Compressed adjacency of one direction over the base nodes: hops of node n are slots offsets[n] .. offsets[n+1]-1,
 * each with its far end, kind and edge id (4 + 2 + 4 bytes). Both directions hold the id itself: a path found
 * walking backwards reads its edges' ids where its walk read their far ends, not at a random slot of the other
 * direction (that miss per path step tripled the search for 6,318 members -> Domain Admins once other work had
 * taken the CPU cache).
 */
export class Csr {
  constructor(
    readonly offsets: Uint32Array,
    readonly targets: Int32Array,
    readonly kinds: Uint16Array,
    readonly edgeIds: EdgeIds,
  ) {}

  edgeIdAt(slot: number): number {
    return this.edgeIds[slot];
  }

  get bytes(): number {
    return this.offsets.byteLength + this.targets.byteLength + this.kinds.byteLength + this.edgeIds.byteLength;
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

type Built = { out: Csr; in: Csr };

/** Room for `count` edge ids: 4 bytes each when every id fits (see EdgeIds). */
function edgeIdArray(ids: Float64Array, count: number): EdgeIds {
  for (let e = 0; e < count; e++) if (ids[e] >= 2 ** 32) return new Float64Array(count);
  return new Uint32Array(count);
}

/**
 * Both directions by counting sort, in O(nodes + edges): out in the edges' order per start node, then in by a walk
 * over `out` (each node's in hops in the order of their start nodes). A self-loop lands in both lists of its node.
 * Pauses (yields) every EDGES_PER_PAUSE edges so a caller can give the event loop a turn.
 */
function* csrSteps(nodeCount: number, edges: EdgeColumns): Generator<void, Built> {
  const { count, starts, ends, kinds, ids } = edges;
  const outOffsets = countingOffsets(nodeCount, starts, count);
  const outTargets = new Int32Array(count);
  const outKinds = new Uint16Array(count);
  const outIds = edgeIdArray(ids, count);
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
  const out = new Csr(outOffsets, outTargets, outKinds, outIds);

  yield;
  const inOffsets = countingOffsets(nodeCount, ends, count);
  const inTargets = new Int32Array(count);
  const inKinds = new Uint16Array(count);
  const inIds = outIds instanceof Uint32Array ? new Uint32Array(count) : new Float64Array(count);
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
        inIds[at] = outIds[slot];
      }
    }
  }
  return { out, in: new Csr(inOffsets, inTargets, inKinds, inIds) };
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
