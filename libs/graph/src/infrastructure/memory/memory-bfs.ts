import type { FoundPath } from '../../cypher/sql/pathfinding-step.js';
import { chainsToRoot, type Step } from '../pg/pg-bfs-side.js';
import type { BfsScratch } from './memory-bfs-scratch.js';
import type { Csr, TraversalIndex } from './traversal-index.js';

/** Which reached nodes end a path: every node, the nodes marked in the scratch, or those `test` accepts. */
export type FarNodes =
  | { type: 'any' }
  | { type: 'marked'; generation: number }
  | { type: 'test'; test: (index: number) => boolean };

export interface WalkRules {
  step: Step;
  /** Per edge kind: 1 when it may be traversed (never DEAD_KIND). */
  allowed: Uint8Array;
  /** Keep every same-depth parent (allShortest) rather than the first one found. */
  allParents: boolean;
  far: FarNodes;
}

/** A path in dense indexes' ids, from the reached node back to the seed. */
export interface Chain {
  nodes: number[];
  edges: number[];
}

const ANY = 0;
const MARKED = 1;
const TESTED = 2;
/** parentSlot of a node first reached by a hop of the overlay (its edge id is in overlayEdges). */
const OVERLAY_SLOT = -0x80000000;

/**
 * Breadth-first walks from one seed at a time over the traversal index, level by level: a node's first reach is
 * its shortest distance from the seed, with its parent node and edge; with `allParents` the other parents one level
 * up are kept too (in a map, only for the nodes that have them). Expansion stops after `probeLimit` hops so the
 * caller can yield to the event loop between slices of a level.
 */
export class BfsWalk {
  /** Depth of the nodes of the current level. */
  depth = 0;
  /** The nodes of the current level that end a path, in the order they were reached. */
  hits: number[] = [];
  /** Marked targets the walk has not reached (Infinity unless the far nodes are marked). */
  remaining = Infinity;
  /** Hops probed over every walk of the search. */
  probes = 0;
  /** (seed, node) entries held over every walk, extra parents included: what MAX_VISITED bounds. */
  entries = 0;
  private readonly overlay: boolean;
  private readonly farType: number;
  private readonly markGeneration: number;
  private readonly test: (index: number) => boolean;
  private readonly extraParents = new Map<number, number[]>();
  /** The edge ids of the nodes first reached by a hop of the overlay. */
  private readonly overlayEdges = new Map<number, number>();
  private generation = 0;
  private seed = -1;
  /** The current level is queue[levelStart, levelEnd); the next one grows from levelEnd up to tail. */
  private levelStart = 0;
  private levelEnd = 0;
  private position = 0;
  private tail = 0;
  /** Every marked target is reached and no further parent is wanted: the walk is over. */
  private finished = false;

  /** @param nodeLimit dense indexes at or past it (added after the search began) are left out. */
  constructor(
    private readonly index: TraversalIndex,
    private readonly scratch: BfsScratch,
    private readonly rules: WalkRules,
    private readonly nodeLimit: number,
  ) {
    this.overlay = index.overlaySize > 0;
    const { far } = rules;
    this.farType = far.type === 'any' ? ANY : far.type === 'marked' ? MARKED : TESTED;
    this.markGeneration = far.type === 'marked' ? far.generation : 0;
    this.test = far.type === 'test' ? far.test : () => true;
  }

  /** Starts a walk from `seed` (a dense index), which has `remaining` marked targets to reach. */
  begin(seed: number, remaining: number): void {
    const { scratch } = this;
    this.generation = scratch.nextGeneration();
    this.extraParents.clear();
    this.overlayEdges.clear();
    this.seed = seed;
    this.remaining = remaining;
    this.finished = remaining === 0;
    scratch.seen[seed] = this.generation;
    scratch.depth[seed] = 0;
    scratch.queue[0] = seed;
    this.depth = 0;
    this.levelStart = 0;
    this.position = 0;
    this.levelEnd = 1;
    this.tail = 1;
  }

  /** Whether the current level has nodes to expand and the walk is not over. */
  get open(): boolean {
    return !this.finished && this.remaining > 0 && this.position < this.levelEnd;
  }

  /**
   * Expands the current level until `probeLimit` hops have been probed; true once the level is done, the next one
   * current (its nodes reached and, with allParents, all their parents known) and its hits in `hits`.
   */
  expand(probeLimit: number): boolean {
    if (this.position === this.levelStart) this.hits = [];
    const { step } = this.rules;
    const queue = this.scratch.queue;
    const end = this.levelEnd;
    const next = this.depth + 1;
    let position = this.position;
    while (position < end && this.probes < probeLimit && !this.finished) {
      const node = queue[position++];
      if (step !== 'in') this.scan(this.index.out, 'out', 1, node, next);
      if (step !== 'out') this.scan(this.index.in, 'in', -1, node, next);
    }
    this.position = position;
    if (position < end && !this.finished) return false;
    this.depth = next;
    this.levelStart = end;
    this.position = end;
    this.levelEnd = this.tail;
    return true;
  }

  /**
   * The hops of `node` in one direction (a self-loop leads to a visited node, so `both` never takes it twice). The
   * visited test comes before the kind test: most hops of a walk lead to visited nodes, and the kind of those hops
   * matters only for the extra parents of allShortest. `sign` is 1 walking `out`, -1 walking `in` (see parentSlot).
   */
  private scan(csr: Csr, step: 'out' | 'in', sign: number, node: number, depth: number): void {
    const { seen, depth: depthOf } = this.scratch;
    const { allowed, allParents } = this.rules;
    const generation = this.generation;
    if (node < this.index.baseNodes) {
      const { targets, kinds } = csr;
      // Offsets stay far below 2^31 (20 bytes per edge): as int32 they keep the loop in integer arithmetic.
      const to = csr.offsets[node + 1] | 0;
      const from = csr.offsets[node] | 0;
      this.probes += to - from;
      for (let slot = from; slot < to; slot++) {
        const far = targets[slot];
        if (seen[far] === generation) {
          if (allParents && depthOf[far] === depth && allowed[kinds[slot]] === 1) {
            this.addParent(far, node, csr.edgeIdAt(slot));
          }
          continue;
        }
        if (allowed[kinds[slot]] === 0) continue;
        this.reach(far, node, sign > 0 ? slot : -1 - slot, depth);
        if (this.finished) return;
      }
    }
    if (!this.overlay) return;
    const hops = this.index.extra(step, node);
    if (!hops) return;
    this.probes += hops.length;
    for (const hop of hops) {
      const far = hop.node;
      if (allowed[hop.kind] === 0 || far >= this.nodeLimit) continue;
      if (seen[far] !== generation) {
        this.overlayEdges.set(far, hop.edge);
        this.reach(far, node, OVERLAY_SLOT, depth);
        if (this.finished) return;
      } else if (allParents && depthOf[far] === depth) {
        this.addParent(far, node, hop.edge);
      }
    }
  }

  private reach(far: number, node: number, slot: number, depth: number): void {
    const scratch = this.scratch;
    scratch.seen[far] = this.generation;
    scratch.depth[far] = depth;
    scratch.parent[far] = node;
    scratch.parentSlot[far] = slot;
    scratch.queue[this.tail++] = far;
    this.entries += 1;
    const type = this.farType;
    if (type === ANY || (type === MARKED ? scratch.marks[far] === this.markGeneration : this.test(far))) {
      this.hits.push(far);
      // Without extra parents to collect, the rest of the level has nothing to add once every target is in.
      if (--this.remaining === 0 && !this.rules.allParents) this.finished = true;
    }
  }

  /** The id of the edge `node` was first reached by. */
  private parentEdge(node: number): number {
    const slot = this.scratch.parentSlot[node];
    if (slot === OVERLAY_SLOT) return this.overlayEdges.get(node)!;
    return slot >= 0 ? this.index.out.edgeIdAt(slot) : this.index.in.edgeIdAt(-1 - slot);
  }

  private addParent(far: number, node: number, edge: number): void {
    const list = this.extraParents.get(far);
    if (list) list.push(node, edge);
    else this.extraParents.set(far, [node, edge]);
    this.entries += 1;
  }

  /**
   * The path kept to `node` (reached `depth` hops from the seed), read left to right: from the seed when it is the
   * start (`seedFirst`), else towards it. Written straight into the answer: there can be thousands.
   */
  foundPath(node: number, depth: number, seedFirst: boolean): FoundPath {
    const { parent } = this.scratch;
    const { index } = this;
    const nodeIds = new Array<number>(depth + 1);
    const edgeIds = new Array<number>(depth);
    let at = node;
    for (let k = 0; k < depth; k++) {
      nodeIds[seedFirst ? depth - k : k] = index.idOf(at);
      edgeIds[seedFirst ? depth - 1 - k : k] = this.parentEdge(at);
      at = parent[at];
    }
    nodeIds[seedFirst ? 0 : depth] = index.idOf(at);
    return { startId: nodeIds[0], endId: nodeIds[depth], nodeIds, edgeIds };
  }

  /**
   * Every shortest path to `node`, node first, until `visit` returns false: depth first from the node, the parents
   * of each node in increasing edge id (the order of the SQL path's SearchSide.chains). Iterative: no stack limit.
   */
  chainsBack(node: number, visit: (chain: Chain) => boolean): void {
    const { parent } = this.scratch;
    const memo = new Map<number, [number, number][]>();
    const parentsOf = (at: number): [number, number][] => {
      let list = memo.get(at);
      if (!list) {
        const more = this.extraParents.get(at);
        list = [[parent[at], this.parentEdge(at)]];
        if (more) for (let i = 0; i < more.length; i += 2) list.push([more[i], more[i + 1]]);
        list.sort((a, b) => a[1] - b[1]);
        memo.set(at, list);
      }
      return list;
    };
    const ids = (nodes: number[]) => nodes.map((n) => this.index.idOf(n));
    chainsToRoot(this.seed, node, parentsOf, (nodes, edges) => visit({ nodes: ids(nodes), edges: [...edges] }));
  }
}
