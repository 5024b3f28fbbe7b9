// The in-process baseline: the same directory as compressed adjacency arrays (built once, not timed) and a plain
// breadth-first search with parent pointers, one shortest path per (start, end) pair, like the engine.

export class InMemoryGraph {
  /** `allowed[kindIndex]` says whether an edge kind may be traversed. */
  constructor(dir, allowed) {
    this.size = dir.nodeCount;
    this.out = compress(dir, allowed, dir.start, dir.end);
    this.in = compress(dir, allowed, dir.end, dir.start);
    this.seen = new Int32Array(this.size + 1);
    this.parent = new Int32Array(this.size + 1);
    this.depth = new Int32Array(this.size + 1);
    this.queue = new Int32Array(this.size + 1);
    this.stamp = 0;
  }

  /**
   * One shortest path (node ids) per (start, end) pair, walking edges forward from a single start or backward
   * from a single end, until every pair is answered or the depth runs out.
   */
  shortestPaths(starts, ends, maxDepth = 15) {
    if (starts.length === 1) return this.search(starts[0], new Set(ends), this.out, maxDepth, false);
    if (ends.length === 1) return this.search(ends[0], new Set(starts), this.in, maxDepth, true);
    return starts.flatMap((s) => this.search(s, new Set(ends), this.out, maxDepth, false));
  }

  /** Node ids reachable from `from` within `maxDepth`, with their distances (for picking questions). */
  ball(from, maxDepth = 15) {
    const reached = new Map([[from, 0]]);
    let frontier = [from];
    for (let d = 1; d <= maxDepth && frontier.length; d++) {
      const next = [];
      for (const node of frontier) {
        for (let i = this.out.offsets[node]; i < this.out.offsets[node + 1]; i++) {
          const to = this.out.targets[i];
          if (!reached.has(to)) {
            reached.set(to, d);
            next.push(to);
          }
        }
      }
      frontier = next;
    }
    return reached;
  }

  search(seed, targets, adjacency, maxDepth, reversed) {
    const stamp = ++this.stamp;
    const { seen, parent, depth, queue } = this;
    const { offsets, targets: to } = adjacency;
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
        depth[next] = depth[node] + 1;
        queue[tail++] = next;
        if (targets.has(next)) {
          found.push(next);
          if (--left === 0) break;
        }
      }
    }
    return found.map((target) => {
      const path = [];
      for (let at = target; at !== 0; at = parent[at]) path.push(at);
      return reversed ? path : path.reverse();
    });
  }
}

/** Compressed sparse rows of the allowed edges: neighbours of n are targets[offsets[n] .. offsets[n + 1]). */
function compress(dir, allowed, from, to) {
  const offsets = new Int32Array(dir.nodeCount + 2);
  for (let i = 0; i < dir.edgeCount; i++) if (allowed[dir.kind[i]]) offsets[from[i] + 1]++;
  for (let n = 1; n < offsets.length; n++) offsets[n] += offsets[n - 1];
  const fill = offsets.slice();
  const targets = new Int32Array(offsets[offsets.length - 1]);
  for (let i = 0; i < dir.edgeCount; i++) if (allowed[dir.kind[i]]) targets[fill[from[i]]++] = to[i];
  return { offsets, targets };
}
