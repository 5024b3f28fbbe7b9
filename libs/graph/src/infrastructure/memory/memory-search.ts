import { ApiError, remainingMs } from '@app/platform';
import type { FoundPath } from '../../cypher/sql/pathfinding-step.js';
import { PathfindingErrors } from '../../application/pathfinding-rules.js';
import { MAX_VISITED, type PathSemantics, type SearchPlan, type Target } from '../pg/pg-bfs-search.js';
import { reverseStep, type Step } from '../pg/pg-bfs-side.js';
import { BfsWalk, type Chain, type FarNodes } from './memory-bfs.js';
import { acquireScratch, releaseScratch, type BfsScratch } from './memory-bfs-scratch.js';
import { RankedPaths } from './memory-ranked-paths.js';
import { DEAD_KIND, type TraversalIndex } from './traversal-index.js';

export interface MemorySearchOptions {
  /** Kinds that may be traversed; undefined = any kind. */
  edgeKinds?: readonly number[];
  /** For plan.target.type === 'predicate': whether the far node (a dense index) ends a path. */
  targetTest?: (index: number) => boolean;
  maxVisited?: number;
}

/** Hops probed between two yields to the event loop (a few hundred microseconds of walking). */
const PAUSE_EVERY = 65_536;

const ANY_KIND = new Uint8Array(DEAD_KIND + 1).fill(1);
ANY_KIND[DEAD_KIND] = 0;

/** What the walks do: the seeds (ids, ascending), the way they walk, which end they are and what ends a path. */
interface Walks {
  seeds: number[];
  step: Step;
  seedSide: 'start' | 'end';
  target: Target;
}

/**
 * searchPaths (pg-bfs-search.ts) over the in-memory traversal index, with the same answers: the same lengths, the
 * same (start, end) pairs in the same order, for allShortest the same paths. One breadth-first walk per seed, seeds
 * in increasing id, each path ranked by (length, seed id, far node id): the SQL path's order, which its level-by-
 * level search over all seeds at once produces. A bidirectional plan is walked from each start towards the set of
 * ends, which ranks its pairs by (length, start id, end id) as the SQL path's meetings do; for allShortest a pair's
 * paths may come in another order (the SQL path splices them at meeting nodes). Bounded by the request deadline
 * (504) and `maxVisited` (seed, node) entries over all walks (400); yields to the event loop every PAUSE_EVERY hops.
 */
export async function searchInMemory(
  index: TraversalIndex, plan: SearchPlan, semantics: PathSemantics, options: MemorySearchOptions,
): Promise<FoundPath[]> {
  if (remainingMs() <= 0) throw ApiError.timedOut();
  const reversed = plan.type === 'bidirectional' && plan.ends.length * REVERSE_RATIO <= plan.starts.length;
  // Walked from the ends, pairs arrive by end: all are kept, then ranked by (length, start id, end id) below.
  const results = new RankedPaths(reversed ? Infinity : semantics.limit);
  const walks = reversed ? walksFromEnds(plan, semantics) : walksOf(plan, semantics);
  const allowed = allowedKinds(options.edgeKinds);
  const knows = (id: number) => index.indexOf(id) >= 0;
  const test = options.targetTest;
  if (walks.target.type === 'predicate' && !test) throw new Error('A predicate target needs options.targetTest');
  let listed: Set<number> | undefined;
  const isTarget = (id: number): boolean => {
    const { target } = walks;
    if (target.type === 'any') return true;
    if (target.type === 'ids') return (listed ??= new Set(target.ids.map(Number))).has(id);
    return knows(id) && test!(index.indexOf(id));
  };
  if (semantics.minDepth === 0 && !semantics.distinctEnds) {
    for (const id of zeroLengthEnds(plan, walks, isTarget)) {
      results.offer(0, { startId: id, endId: id, nodeIds: [id], edgeIds: [] });
    }
  }
  const scratch = acquireScratch(index.nodeCount);
  try {
    await walk(index, scratch, walks, semantics, results, {
      allowed, test, maxVisited: options.maxVisited ?? MAX_VISITED,
    });
  } finally {
    releaseScratch(scratch);
  }
  return reversed ? rankedByStart(results.paths(), semantics.limit) : results.paths();
}

/**
 * A bidirectional plan with this many times more starts than ends is walked from each end (backwards) towards the
 * starts: one walk per end rather than one per start (6,318 members of a group -> Domain Admins: one walk, not 6,318).
 */
const REVERSE_RATIO = 4;

/** The walks of a bidirectional plan from its ends, backwards, the starts as targets. */
function walksFromEnds(plan: SearchPlan & { type: 'bidirectional' }, semantics: PathSemantics): Walks {
  return {
    seeds: plan.ends.map(Number).sort((a, b) => a - b),
    step: reverseStep(semantics.direction),
    seedSide: 'end',
    target: { type: 'ids', ids: plan.starts },
  };
}

/**
 * Paths in the order a walk from each start gives them: zero-length ones first as offered, then by (length, start
 * id, end id), a pair's paths in the order found; the first `limit`.
 */
function rankedByStart(paths: FoundPath[], limit: number): FoundPath[] {
  const zero = paths.filter((path) => path.edgeIds.length === 0);
  const rest = paths.filter((path) => path.edgeIds.length > 0).sort((a, b) => a.edgeIds.length - b.edgeIds.length
    || a.startId - b.startId || a.endId - b.endId);
  return [...zero, ...rest].slice(0, limit);
}

/** A bidirectional plan becomes walks from each start towards the ends. */
function walksOf(plan: SearchPlan, semantics: PathSemantics): Walks {
  const ascending = (ids: string[]) => ids.map(Number).sort((a, b) => a - b);
  if (plan.type === 'bidirectional') {
    return {
      seeds: ascending(plan.starts),
      step: semantics.direction,
      seedSide: 'start',
      target: { type: 'ids', ids: plan.ends },
    };
  }
  const step = plan.seedSide === 'start' ? semantics.direction : reverseStep(semantics.direction);
  return { seeds: ascending(plan.seeds), step, seedSide: plan.seedSide, target: plan.target };
}

/**
 * The zero-length paths, as the SQL path lists them: a bidirectional plan's starts that are also ends, in the
 * plan's order; else the seeds that are targets, ascending (each once when tested by predicate).
 */
function zeroLengthEnds(plan: SearchPlan, walks: Walks, isTarget: (id: number) => boolean): number[] {
  if (plan.type === 'bidirectional') {
    const ends = plan.ends.map(Number);
    return plan.starts.map(Number).flatMap((start) => ends.filter((end) => end === start));
  }
  const selves = walks.seeds.filter(isTarget);
  return walks.target.type === 'predicate' ? [...new Set(selves)] : selves;
}

/** Per edge kind, 1 when it may be traversed: the listed kinds (undefined = any), never DEAD_KIND. */
export function allowedKinds(kinds: readonly number[] | undefined): Uint8Array {
  if (!kinds) return ANY_KIND;
  const table = new Uint8Array(DEAD_KIND + 1);
  for (const kind of kinds) if (kind >= 0 && kind < DEAD_KIND) table[kind] = 1;
  return table;
}

interface WalkBounds {
  allowed: Uint8Array;
  test: ((index: number) => boolean) | undefined;
  maxVisited: number;
}

/** Walks from each seed in turn, offering each level's paths as the level completes. */
async function walk(
  index: TraversalIndex, scratch: BfsScratch, walks: Walks, semantics: PathSemantics, results: RankedPaths,
  bounds: WalkBounds,
): Promise<void> {
  const { seeds, target, seedSide } = walks;
  const { far, distinct } = farNodes(index, scratch, target, bounds.test);
  const walker = new BfsWalk(index, scratch, {
    step: walks.step, allowed: bounds.allowed, allParents: semantics.mode === 'allShortest', far,
  }, index.nodeCount);
  walker.entries = seeds.length;
  let pauseAt = PAUSE_EVERY;
  const pause = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (remainingMs() <= 0) throw ApiError.timedOut();
    pauseAt = walker.probes + PAUSE_EVERY;
  };
  const checkSize = () => {
    if (walker.entries > bounds.maxVisited) throw ApiError.badRequest(PathfindingErrors.tooWide);
  };
  checkSize();
  const seedFirst = seedSide === 'start';
  // A chain's arrays are its own (chainsBack copies them): reversed in place.
  const found = ({ nodes: nodeIds, edges: edgeIds }: Chain): FoundPath => {
    if (seedFirst) {
      nodeIds.reverse();
      edgeIds.reverse();
    }
    return { startId: nodeIds[0], endId: nodeIds[nodeIds.length - 1], nodeIds, edgeIds };
  };

  for (const seed of seeds) {
    const at = index.indexOf(seed);
    if (results.reach < 1) return;
    if (at < 0) continue;
    const isMarked = far.type === 'marked' && scratch.marks[at] === far.generation;
    walker.begin(at, far.type === 'marked' ? distinct - (isMarked ? 1 : 0) : Infinity);
    while (walker.open && walker.depth < Math.min(semantics.maxDepth, results.reach)) {
      while (!walker.expand(pauseAt)) {
        checkSize();
        await pause();
      }
      checkSize();
      if (walker.probes >= pauseAt) await pause();
      const depth = walker.depth;
      if (depth < semantics.minDepth) continue;
      for (const hit of byId(index, walker.hits)) {
        let more = true;
        if (semantics.mode === 'shortest') more = results.offer(depth, walker.foundPath(hit, depth, seedFirst));
        else walker.chainsBack(hit, (chain) => (more = results.offer(depth, found(chain))));
        if (!more) break;
      }
    }
  }
}

/**
 * What ends a path; a listed target set is marked in the scratch, and `distinct` counts its different ids (those
 * the index does not know too: like the SQL path, a seed only stops early once it has reached every listed id).
 */
function farNodes(
  index: TraversalIndex, scratch: BfsScratch, target: Target, test?: (index: number) => boolean,
): { far: FarNodes; distinct: number } {
  if (target.type === 'any') return { far: { type: 'any' }, distinct: 0 };
  if (target.type === 'predicate') return { far: { type: 'test', test: test! }, distinct: 0 };
  const generation = scratch.nextMarkGeneration();
  const unknown = new Set<number>();
  let distinct = 0;
  for (const text of target.ids) {
    const id = Number(text);
    const at = index.indexOf(id);
    if (at < 0) unknown.add(id);
    else if (scratch.marks[at] !== generation) {
      scratch.marks[at] = generation;
      distinct += 1;
    }
  }
  return { far: { type: 'marked', generation }, distinct: distinct + unknown.size };
}

/** Positions below 2^21 and ids below 2^32 pack into one exact double (id * 2^21 + position). */
const POSITIONS = 2 ** 21;
const PACKED_IDS = 2 ** 32;

/** Hits in increasing node id: the order the SQL path offers one seed's paths of one length in. */
function byId(index: TraversalIndex, hits: number[]): ArrayLike<number> & Iterable<number> {
  if (hits.length < 2) return hits;
  // Dense indexes in id order (the usual case): a native sort of the indexes themselves.
  if (index.idsAscending) return Int32Array.from(hits).sort();
  // A native numeric sort of packed keys rather than a comparator: a level can hold thousands of hits.
  const keys = new Float64Array(hits.length);
  let packable = hits.length < POSITIONS;
  for (let i = 0; i < hits.length; i++) {
    const id = index.idOf(hits[i]);
    packable &&= id < PACKED_IDS;
    keys[i] = id * POSITIONS + i;
  }
  if (!packable) return hits.sort((a, b) => index.idOf(a) - index.idOf(b));
  keys.sort();
  return Array.from(keys, (key) => hits[key % POSITIONS]);
}
