// The in-process baseline: the same directory as compressed adjacency arrays (built once, not timed) and a plain
// breadth-first search with parent pointers, one shortest path per (start, end) pair, like the engine. Hops carry
// the database's edge ids (edge-order.mjs), so a found path can be hydrated with the engine's own statement.
import { edgesByStart } from './edge-order.mjs';

export class InMemoryGraph {
  /** `allowed[kindIndex]` says whether an edge kind may be traversed. */
  constructor(dir, allowed) {
    const { idOf } = edgesByStart(dir);
    this.size = dir.nodeCount;
    this.out = compress(dir, allowed, idOf, dir.start, dir.end);
    this.in = compress(dir, allowed, idOf, dir.end, dir.start);
    this.seen = new Int32Array(this.size + 1);
    this.parent = new Int32Array(this.size + 1);
    this.parentEdge = new Int32Array(this.size + 1);
    this.depth = new Int32Array(this.size + 1);
    this.queue = new Int32Array(this.size + 1);
    this.stamp = 0;
  }

  /** Memory held by the adjacency arrays and the search's scratch arrays. */
  get bytes() {
    const arrays = [this.out.offsets, this.out.targets, this.out.edges, this.in.offsets, this.in.targets, this.in.edges,
      this.seen, this.parent, this.parentEdge, this.depth, this.queue];
    return arrays.reduce((sum, array) => sum + array.byteLength, 0);
  }

  /**
   * One shortest path ({ nodeIds, edgeIds }, start to end) per (start, end) pair, walking edges forward from a
   * single start or backward from a single end, until every pair is answered or the depth runs out.
   */
  shortestPaths(starts, ends, maxDepth = 15) {
    if (starts.length === 1) return this.search(starts[0], new Set(ends), this.out, maxDepth, false);
    if (ends.length === 1) return this.search(ends[0], new Set(starts), this.in, maxDepth, true);
    return starts.flatMap((s) => this.search(s, new Set(ends), this.out, maxDepth, false));
  }

  /**
   * The nodes reachable from `from` within `maxDepth` (for picking questions): `nodes` in breadth-first order
   * (`from` first) and `distanceTo(id)` (-1 when not reached). Valid until the next search or ball.
   */
  ball(from, maxDepth = 15) {
    const stamp = ++this.stamp;
    const { seen, depth, queue } = this;
    const { offsets, targets } = this.out;
    seen[from] = stamp;
    depth[from] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      const node = queue[head++];
      if (depth[node] >= maxDepth) continue;
      for (let i = offsets[node]; i < offsets[node + 1]; i++) {
        const to = targets[i];
        if (seen[to] === stamp) continue;
        seen[to] = stamp;
        depth[to] = depth[node] + 1;
        queue[tail++] = to;
      }
    }
    return { nodes: queue.subarray(0, tail), distanceTo: (id) => (seen[id] === stamp ? depth[id] : -1) };
  }

  search(seed, targets, adjacency, maxDepth, reversed) {
    const stamp = ++this.stamp;
    const { seen, parent, parentEdge, depth, queue } = this;
    const { offsets, targets: to, edges } = adjacency;
    seen[seed] = stamp;
    depth[seed] = 0;
    parent[seed] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    let left = targets.size - (targets.has(seed) ? 1 : 0);
    const found = [];
    while (head < tail && left > 0) {
      const node = queue[head++];
      if (depth[node] >= maxDepth) break;
      for (let i = offsets[node]; i < offsets[node + 1]; i++) {
        const next = to[i];
        if (seen[next] === stamp) continue;
        seen[next] = stamp;
        parent[next] = node;
        parentEdge[next] = edges[i];
        depth[next] = depth[node] + 1;
        queue[tail++] = next;
        if (targets.has(next)) {
          found.push(next);
          if (--left === 0) break;
        }
      }
    }
    return found.map((target) => {
      const nodeIds = [target];
      const edgeIds = [];
      for (let at = target; at !== seed; at = parent[at]) {
        edgeIds.push(parentEdge[at]);
        nodeIds.push(parent[at]);
      }
      return reversed ? { nodeIds, edgeIds } : { nodeIds: nodeIds.reverse(), edgeIds: edgeIds.reverse() };
    });
  }
}

/** Compressed sparse rows of the allowed edges: hops of n are slots offsets[n] .. offsets[n + 1] - 1. */
function compress(dir, allowed, idOf, from, to) {
  const offsets = new Int32Array(dir.nodeCount + 2);
  for (let i = 0; i < dir.edgeCount; i++) if (allowed[dir.kind[i]]) offsets[from[i] + 1]++;
  for (let n = 1; n < offsets.length; n++) offsets[n] += offsets[n - 1];
  const fill = offsets.slice();
  const targets = new Int32Array(offsets[offsets.length - 1]);
  const edges = new Int32Array(targets.length);
  for (let i = 0; i < dir.edgeCount; i++) {
    if (!allowed[dir.kind[i]]) continue;
    const slot = fill[from[i]]++;
    targets[slot] = to[i];
    edges[slot] = idOf[i];
  }
  return { offsets, targets, edges };
}
