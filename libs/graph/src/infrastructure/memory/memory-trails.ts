import { ApiError, remainingMs } from '@app/platform';
import type { TraversalIndex } from './traversal-index.js';

/** How a variable-length relationship is walked from its seeds (see WalkStep). */
export interface TrailRules {
  /** The direction walked from the seed; `both` takes a self-loop once. */
  step: 'out' | 'in' | 'both';
  /** Per edge kind: 1 when it may be traversed (never DEAD_KIND). */
  allowed: Uint8Array;
  min: number;
  max: number;
  /** Which reached nodes (dense indexes) end a trail; every node without it. */
  far?: (index: number) => boolean;
  /** Most ids (nodes and edges of every trail, or 3 per counted pair) to hand back; past it the walk gives up. */
  maxCells: number;
  /** Count the trails per (seed, far node) rather than list them (when nothing reads their nodes and edges). */
  countOnly?: boolean;
  /** With countOnly: only whether a trail joins a pair matters (each pair counts 1). */
  pairsOnly?: boolean;
}

/** How many trails join a seed to a far node (ids). */
export interface TrailCount {
  seed: number;
  far: number;
  trails: number;
}

/** The trails found: listed, or counted per pair with `countOnly`. */
export interface TrailsFound {
  trails: Trail[];
  counts: TrailCount[];
}

/** One trail in walk order, seed first: ids of its nodes (depth + 1) and of its edges (depth). */
export interface Trail {
  nodes: number[];
  edges: number[];
}

/** Hops probed between two yields to the event loop. */
const PAUSE_EVERY = 65_536;

/**
 * Every trail (no edge twice: Cypher's relationship isomorphism) of `min..max` hops from each seed, as the
 * recursive CTE of a variable-length relationship enumerates them, by depth-first search over the traversal
 * index. Undefined when the trails would pass `maxCells` (the caller then lets SQL answer). Bounded by the request
 * deadline (504); yields to the event loop every PAUSE_EVERY hops.
 */
export async function enumerateTrails(
  index: TraversalIndex, seeds: readonly number[], rules: TrailRules,
): Promise<TrailsFound | undefined> {
  if (remainingMs() <= 0) throw ApiError.timedOut();
  if (rules.countOnly && rules.pairsOnly && rules.min <= 1 && rules.step !== 'both') return reachablePairs(index, seeds, rules);
  const walker = new TrailWalker(index, rules);
  for (const seed of seeds) {
    if (!walker.walk(seed)) return undefined;
    while (walker.paused) {
      await new Promise((resolve) => setImmediate(resolve));
      if (remainingMs() <= 0) throw ApiError.timedOut();
      if (!walker.resume()) return undefined;
    }
    walker.flushCounts();
  }
  return { trails: walker.trails, counts: walker.counts };
}

/** The depth-first state of one seed's walk, kept across pauses. */
class TrailWalker {
  readonly trails: Trail[] = [];
  readonly counts: TrailCount[] = [];
  paused = false;
  /** countOnly: the trails of the current seed per far node (dense index). */
  private readonly pending = new Map<number, number>();
  private cells = 0;
  private probes = 0;
  private pauseAt = PAUSE_EVERY;
  private readonly nodeLimit: number;
  private readonly pathNodes: Int32Array;
  private readonly pathEdges: Float64Array;
  /** Per depth: the hops of the path's node at that depth (far node, edge id) and the next one to take. */
  private readonly hopFar: number[][];
  private readonly hopEdge: number[][];
  private readonly cursor: Int32Array;
  private depth = -1;
  private readonly maxHops: number;

  constructor(private readonly index: TraversalIndex, private readonly rules: TrailRules) {
    // Nodes added by a catch-up while the walk pauses are left out (as a search leaves them out).
    this.nodeLimit = index.nodeCount;
    // A trail never has more hops than the graph has edges: the bound sizes the arrays, whatever range was asked.
    this.maxHops = Math.min(rules.max, index.edgeCount);
    this.pathNodes = new Int32Array(this.maxHops + 1);
    this.pathEdges = new Float64Array(this.maxHops);
    this.hopFar = Array.from({ length: this.maxHops }, () => []);
    this.hopEdge = Array.from({ length: this.maxHops }, () => []);
    this.cursor = new Int32Array(this.maxHops);
  }

  /** Starts the walk from `seed` (a dense index); false once the output passes its cap. */
  walk(seed: number): boolean {
    const { min, far } = this.rules;
    const max = this.maxHops;
    this.pathNodes[0] = seed;
    if (min === 0 && (!far || far(seed)) && !this.emit(0)) return false;
    if (max === 0) return true;
    this.load(0, seed);
    this.depth = 0;
    return this.resume();
  }

  /** Goes on depth first until the walk ends, pauses (`paused`) or passes the cap (false). */
  resume(): boolean {
    const { min, far } = this.rules;
    const max = this.maxHops;
    this.paused = false;
    let depth = this.depth;
    while (depth >= 0) {
      if (this.probes >= this.pauseAt) {
        this.pauseAt = this.probes + PAUSE_EVERY;
        this.depth = depth;
        this.paused = true;
        return true;
      }
      const at = this.cursor[depth];
      if (at >= this.hopFar[depth].length) {
        depth--;
        continue;
      }
      this.cursor[depth] = at + 1;
      const edge = this.hopEdge[depth][at];
      if (this.onPath(edge, depth)) continue;
      const next = this.hopFar[depth][at];
      this.pathEdges[depth] = edge;
      this.pathNodes[depth + 1] = next;
      const length = depth + 1;
      if (length >= min && (!far || far(next)) && !this.emit(length)) return false;
      if (length < max) {
        this.load(length, next);
        depth = length;
      }
    }
    this.depth = -1;
    return true;
  }

  private onPath(edge: number, depth: number): boolean {
    for (let i = 0; i < depth; i++) if (this.pathEdges[i] === edge) return true;
    return false;
  }

  /** countOnly: the current seed's counts, once its walk is over. */
  flushCounts(): void {
    const seed = this.index.idOf(this.pathNodes[0]);
    const pairsOnly = this.rules.pairsOnly === true;
    for (const [far, trails] of this.pending) this.counts.push({ seed, far: this.index.idOf(far), trails: pairsOnly ? 1 : trails });
    this.pending.clear();
  }

  private emit(length: number): boolean {
    if (this.rules.countOnly) {
      const far = this.pathNodes[length];
      const trails = this.pending.get(far);
      if (trails === undefined) this.cells += 3;
      this.pending.set(far, (trails ?? 0) + 1);
      return this.cells <= this.rules.maxCells;
    }
    this.cells += 2 * length + 1;
    if (this.cells > this.rules.maxCells) return false;
    const nodes = new Array<number>(length + 1);
    const edges = new Array<number>(length);
    for (let i = 0; i <= length; i++) nodes[i] = this.index.idOf(this.pathNodes[i]);
    for (let i = 0; i < length; i++) edges[i] = this.pathEdges[i];
    this.trails.push({ nodes, edges });
    return true;
  }

  /** Lists the allowed hops of `node` for the path's next edge at `depth`. */
  private load(depth: number, node: number): void {
    const far = this.hopFar[depth];
    const edges = this.hopEdge[depth];
    far.length = 0;
    edges.length = 0;
    this.cursor[depth] = 0;
    const { step } = this.rules;
    if (step !== 'in') this.collect(node, 'out', false, far, edges);
    // Undirected: a self-loop is already among the out hops.
    if (step !== 'out') this.collect(node, 'in', step === 'both', far, edges);
  }

  private collect(node: number, step: 'out' | 'in', skipLoops: boolean, far: number[], edges: number[]): void {
    const { allowed } = this.rules;
    const index = this.index;
    if (node < index.baseNodes) {
      const csr = step === 'out' ? index.out : index.in;
      const from = csr.offsets[node];
      const to = csr.offsets[node + 1];
      this.probes += to - from;
      for (let slot = from; slot < to; slot++) {
        const target = csr.targets[slot];
        if (allowed[csr.kinds[slot]] === 0 || (skipLoops && target === node)) continue;
        far.push(target);
        edges.push(csr.edgeIdAt(slot));
      }
    }
    const extra = index.extra(step, node);
    if (!extra) return;
    this.probes += extra.length;
    for (const hop of extra) {
      if (allowed[hop.kind] === 0 || hop.node >= this.nodeLimit || (skipLoops && hop.node === node)) continue;
      far.push(hop.node);
      edges.push(hop.edge);
    }
  }
}

/**
 * The pairs a trail of min (0 or 1) to max hops joins, by breadth-first search instead of trail enumeration: a
 * shortest path is a trail, so a node other than the seed is joined exactly when the search reaches it within max
 * hops; the seed itself at 0 hops when min is 0, else when a hop leads back to it within max (the shortest path to
 * that hop's node plus the hop is a closed trail). Directed steps only: undirected, a hop back may reuse the edge.
 */
async function reachablePairs(index: TraversalIndex, seeds: readonly number[], rules: TrailRules): Promise<TrailsFound | undefined> {
  const { allowed, max, far: isFar } = rules;
  const step = rules.step as 'out' | 'in';
  const csr = step === 'out' ? index.out : index.in;
  const nodeLimit = index.nodeCount;
  const seen = new Uint32Array(nodeLimit);
  const counts: TrailCount[] = [];
  let queue = new Int32Array(1024);
  let probes = 0;
  let pauseAt = PAUSE_EVERY;
  let cells = 0;
  for (let generation = 1; generation <= seeds.length; generation++) {
    const seed = seeds[generation - 1];
    const seedId = index.idOf(seed);
    const pair = (node: number): boolean => {
      if (isFar && !isFar(node)) return true;
      counts.push({ seed: seedId, far: index.idOf(node), trails: 1 });
      cells += 3;
      return cells <= rules.maxCells;
    };
    let closed = rules.min === 0;
    if (closed && !pair(seed)) return undefined;
    seen[seed] = generation;
    queue[0] = seed;
    let [head, tail, levelEnd, depth] = [0, 1, 1, 0];
    while (head < tail && depth < max) {
      const node = queue[head++];
      const visit = (target: number): boolean => {
        if (target === seed && !closed) {
          closed = true;
          return pair(seed);
        }
        if (target >= nodeLimit || seen[target] === generation) return true;
        seen[target] = generation;
        if (tail === queue.length) {
          const grown = new Int32Array(queue.length * 2);
          grown.set(queue);
          queue = grown;
        }
        queue[tail++] = target;
        return pair(target);
      };
      if (node < index.baseNodes) {
        const to = csr.offsets[node + 1];
        probes += to - csr.offsets[node];
        for (let slot = csr.offsets[node]; slot < to; slot++) {
          if (allowed[csr.kinds[slot]] === 1 && !visit(csr.targets[slot])) return undefined;
        }
      }
      for (const hop of index.extra(step, node) ?? []) {
        probes += 1;
        if (allowed[hop.kind] === 1 && !visit(hop.node)) return undefined;
      }
      if (head === levelEnd) {
        depth += 1;
        levelEnd = tail;
      }
      if (probes >= pauseAt) {
        pauseAt = probes + PAUSE_EVERY;
        await new Promise((resolve) => setImmediate(resolve));
        if (remainingMs() <= 0) throw ApiError.timedOut();
      }
    }
  }
  return { trails: [], counts };
}
