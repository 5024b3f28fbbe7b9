import { ApiError, remainingMs } from '@app/platform';
import type { FoundPath } from '../../cypher/sql/pathfinding-step.js';
import { PathfindingErrors } from '../../application/pathfinding-rules.js';
import { reverseStep, SearchSide, type Chain, type Hops, type Id, type Step } from './pg-bfs-side.js';

/** One level of expansion to ask for. */
export interface Expansion {
  nodes: Id[];
  step: Step;
  /** Whether each hop must say if its far end satisfies the target predicate. */
  withTarget: boolean;
}

/** Where the frontier expansions come from: one set-based statement per level. */
export interface FrontierSource {
  /** The edges incident to the frontier nodes walking `step`. */
  expand(expansion: Expansion): Promise<Hops>;
  /** Which of `nodes` satisfy the target predicate (only needed for zero-length paths). */
  satisfying(nodes: Id[]): Promise<Set<Id>>;
}

/** What the answer must look like, independent of how it is searched. */
export interface PathSemantics {
  mode: 'shortest' | 'allShortest';
  /** Direction of the pattern read left (start) to right (end). */
  direction: Step;
  distinctEnds: boolean;
  minDepth: number;
  maxDepth: number;
  limit: number;
}

/** What a node must be to end a path: anything, one of a materialised set, or the source's target predicate. */
/** What ends a path: any node, the listed ids (repeats allowed: a list, since the in-memory search never needs a set of
 * strings), or the nodes a predicate accepts. */
export type Target = { type: 'any' } | { type: 'ids'; ids: readonly string[] } | { type: 'predicate' };

/** A search from the nodes of one end towards the other end's target. */
export interface OneSidedPlan {
  type: 'unidirectional';
  seeds: string[];
  seedSide: 'start' | 'end';
  target: Target;
}

/** A search from both materialised ends at once, meeting in the middle. */
export interface TwoSidedPlan {
  type: 'bidirectional';
  starts: string[];
  ends: string[];
}

export type SearchPlan = OneSidedPlan | TwoSidedPlan;

/**
 * Most (origin, node) entries a search may hold: shortest paths are per origin, so a side seeded with thousands of
 * nodes keeps thousands of visited sets. About 100 bytes each, this bounds a search to a few hundred MB; a query
 * that needs more is refused with 400 rather than left to exhaust the process.
 */
export const MAX_VISITED = 3_000_000;

/** Runs a planned shortest-path search; paths come back left to right, shortest first, in a stable order. */
export async function searchPaths(
  plan: SearchPlan, semantics: PathSemantics, source: FrontierSource, maxVisited = MAX_VISITED,
): Promise<FoundPath[]> {
  const results = new Results(semantics.limit);
  const budget = new Budget(maxVisited);
  if (plan.type === 'unidirectional') await oneSided(plan, semantics, source, results, budget);
  else await twoSided(plan, semantics, source, results, budget);
  return results.paths.map(({ nodes, edges }) => ({
    startId: nodes[0], endId: nodes[nodes.length - 1], nodeIds: nodes, edgeIds: edges,
  }));
}

/** Collects paths up to the limit. */
class Results {
  readonly paths: Chain[] = [];
  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.paths.length >= this.limit;
  }

  add(nodes: Id[], edges: Id[]): boolean {
    if (!this.full) this.paths.push({ nodes, edges });
    return !this.full;
  }
}

/** Checked between levels: the request deadline and the memory the visited sets take. */
class Budget {
  constructor(private readonly maxVisited: number) {}

  check(...sides: SearchSide[]): void {
    this.within(sides, 0);
  }

  /** The guard of one level being absorbed: `added` entries on top of what the sides already hold. */
  during(...sides: SearchSide[]): (added: number) => void {
    const held = sides.reduce((sum, side) => sum + side.size, 0);
    return (added) => this.within([], held + added);
  }

  private within(sides: SearchSide[], extra: number): void {
    if (remainingMs() <= 0) throw ApiError.timedOut();
    if (sides.reduce((sum, side) => sum + side.size, extra) > this.maxVisited) {
      throw ApiError.badRequest(PathfindingErrors.tooWide);
    }
  }
}

function expandOnce(side: SearchSide, source: FrontierSource, withTarget: boolean): Promise<Hops> {
  return source.expand({ nodes: [...side.frontier.keys()], step: side.step, withTarget });
}

/**
 * Breadth-first from the seeds; a node's first reach is its shortest distance from that seed. With a materialised
 * target set, a seed stops expanding once it has reached every target.
 */
async function oneSided(
  plan: OneSidedPlan, semantics: PathSemantics, source: FrontierSource, results: Results, budget: Budget,
): Promise<void> {
  const { seedSide } = plan;
  const seeds = plan.seeds.map(Number);
  const targets = plan.target.type === 'ids' ? new Set(plan.target.ids.map(Number)) : undefined;
  const tested = plan.target.type === 'predicate';
  const isTarget = (node: Id, satisfied: boolean) => (targets ? targets.has(node) : !tested || satisfied);
  const step = seedSide === 'start' ? semantics.direction : reverseStep(semantics.direction);
  const side = new SearchSide(seeds, step, semantics.mode === 'allShortest');
  const emit = (origin: number, node: Id) => {
    const take = (chain: Chain) => {
      const ordered = seedSide === 'start' ? chain : { nodes: chain.nodes.reverse(), edges: chain.edges.reverse() };
      return results.add(ordered.nodes, ordered.edges) && semantics.mode === 'allShortest';
    };
    side.chains(origin, node, take);
  };

  if (semantics.minDepth === 0 && !semantics.distinctEnds) {
    const selfTargets = tested ? await source.satisfying(seeds) : seeds.filter((seed) => isTarget(seed, false));
    [...selfTargets].sort(byId).forEach((node) => results.add([node], []));
  }
  const remaining = seeds.map((seed) => (targets ? targets.size - (targets.has(seed) ? 1 : 0) : Infinity));

  while (side.depth < semantics.maxDepth && side.frontier.size > 0 && !results.full) {
    budget.check(side);
    const fresh = await side.absorb(await expandOnce(side, source, tested), budget.during(side));
    budget.check(side);
    const hits = fresh.filter((r) => isTarget(r.node, r.satisfied));
    for (const hit of hits) remaining[hit.origin] -= 1;
    if (side.depth >= semantics.minDepth) {
      hits.sort((a, b) => seeds[a.origin] - seeds[b.origin] || a.node - b.node);
      for (const hit of hits) {
        if (results.full) break;
        emit(hit.origin, hit.node);
      }
    }
    if (targets) side.prune((origin) => remaining[origin] > 0);
  }
}

/**
 * Bidirectional breadth-first over (start, end) pairs: each level expands the smaller frontier, and a pair is
 * answered at the first level where its two searches share a node. Every path of length <= forward + backward depth
 * shows up as such a meeting, so the first meeting is at the shortest length, through nodes exactly `forward depth`
 * from the start: each shortest path is found once, through its node at that position.
 */
async function twoSided(
  plan: TwoSidedPlan, semantics: PathSemantics, source: FrontierSource, results: Results, budget: Budget,
): Promise<void> {
  const all = semantics.mode === 'allShortest';
  const starts = plan.starts.map(Number);
  const ends = plan.ends.map(Number);
  const forward = new SearchSide(starts, semantics.direction, all);
  const backward = new SearchSide(ends, reverseStep(semantics.direction), all);
  const open = new PairSet(starts.length, ends.length);
  starts.forEach((start, s) => ends.forEach((end, t) => {
    if (start !== end) open.add(s, t);
    else if (semantics.minDepth === 0 && !semantics.distinctEnds) results.add([start], []);
  }));

  while (open.size > 0 && forward.depth + backward.depth < semantics.maxDepth && !results.full) {
    budget.check(forward, backward);
    const expanding = forward.frontierSize <= backward.frontierSize ? forward : backward;
    const other = expanding === forward ? backward : forward;
    const fresh = await expanding.absorb(await expandOnce(expanding, source, false), budget.during(forward, backward));
    budget.check(forward, backward);
    const meetings = new Map<string, { s: number; t: number; via: Id[] }>();
    for (const { origin, node } of fresh) {
      for (const counterpart of open.partners(expanding === forward, origin)) {
        if (!other.has(counterpart, node)) continue;
        const [s, t] = expanding === forward ? [origin, counterpart] : [counterpart, origin];
        const key = `${s}:${t}`;
        const meeting = meetings.get(key);
        if (meeting) meeting.via.push(node);
        else meetings.set(key, { s, t, via: [node] });
      }
    }
    const length = forward.depth + backward.depth;
    const answered = [...meetings.values()].sort((a, b) => starts[a.s] - starts[b.s] || ends[a.t] - ends[b.t]);
    for (const { s, t, via } of answered) {
      open.delete(s, t);
      if (length < semantics.minDepth || results.full) continue;
      splice(forward, backward, s, t, via.sort(byId), all, results);
    }
    const alive = { starts: forward.activeOrigins(), ends: backward.activeOrigins() };
    open.retain((s, t) => alive.starts.has(s) && alive.ends.has(t));
    forward.prune((s) => open.hasStart(s));
    backward.prune((t) => open.hasEnd(t));
  }
}

/** Joins the forward half (start..middle) and the backward half (middle..end) of each path through `via`. */
function splice(
  forward: SearchSide, backward: SearchSide, s: number, t: number, via: Id[], all: boolean, results: Results,
): void {
  for (const middle of via) {
    let more = true;
    forward.chains(s, middle, (head) => {
      backward.chains(t, middle, (tail) => {
        const nodes = [...head.nodes, ...tail.nodes.slice(0, -1).reverse()];
        more = results.add(nodes, [...head.edges, ...[...tail.edges].reverse()]) && all;
        return more;
      });
      return more;
    });
    if (!more) return;
  }
}

function byId(a: Id, b: Id): number {
  return a - b;
}

/** The (start, end) pairs still without an answer, indexed both ways. */
class PairSet {
  private readonly byStart: Set<number>[];
  private readonly byEnd: Set<number>[];
  size = 0;

  constructor(starts: number, ends: number) {
    this.byStart = Array.from({ length: starts }, () => new Set());
    this.byEnd = Array.from({ length: ends }, () => new Set());
  }

  add(s: number, t: number): void {
    if (this.byStart[s].has(t)) return;
    this.byStart[s].add(t);
    this.byEnd[t].add(s);
    this.size += 1;
  }

  delete(s: number, t: number): void {
    if (!this.byStart[s].delete(t)) return;
    this.byEnd[t].delete(s);
    this.size -= 1;
  }

  /** The open counterparts of an origin on the forward (start) or backward (end) side. */
  partners(fromStart: boolean, origin: number): Set<number> {
    return fromStart ? this.byStart[origin] : this.byEnd[origin];
  }

  hasStart(s: number): boolean {
    return this.byStart[s].size > 0;
  }

  hasEnd(t: number): boolean {
    return this.byEnd[t].size > 0;
  }

  retain(keep: (s: number, t: number) => boolean): void {
    this.byStart.forEach((ends, s) => {
      for (const t of [...ends]) if (!keep(s, t)) this.delete(s, t);
    });
  }
}
