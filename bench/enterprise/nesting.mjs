// Group nesting of the enterprise directory. Groups are laid out in LEVELS (group index order is level order, the
// lowest level first) and each is a member of groups one or two levels up, so the nesting alone is a DAG: a
// principal reaches a few hundred groups when groups nest 3 deep on average, not the whole directory. `cycles` rings
// are then added, each inside one level over a run of consecutive groups (g0 -> g1 -> ... -> gk -> g0) that no other
// nesting edge joins: every cycle of the MemberOf graph must take some ring's back edge, and from the ring's first
// group only the ring leads back up to its last without leaving the run, so there are exactly `cycles` simple
// cycles (and as many strongly connected components, the rings' groups).
import { prng } from '../graph/directory.mjs';

/** Share of the groups at each level, lowest first; the top level nests in nothing. */
export const LEVELS = [0.40, 0.25, 0.15, 0.10, 0.06, 0.04];
/** Rings go in the levels below these (the top two levels stay small and acyclic). */
const RING_LEVELS = 4;
/** Ring sizes cycle through 2..5 groups. */
const ringSize = (r) => 2 + (r % 4);

/** A Poisson-distributed count of mean `mean` (Knuth's method: the means here are small). */
export function poisson(random, mean) {
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = random(); p > limit; p *= random()) k++;
  return k;
}

/**
 * Nests `groups` groups: each is a member of `nesting` others on average (ring edges included) plus `cycles` rings.
 * Returns each group's level and parents (group indexes), the first index of each level and the rings.
 */
export function nestGroups({ groups, nesting, cycles, seed }) {
  const random = prng(seed);
  const levelStart = [];
  let acc = 0;
  for (const share of LEVELS) {
    levelStart.push(Math.floor(acc * groups));
    acc += share;
  }
  levelStart.push(groups);
  const top = LEVELS.length - 1;
  const level = new Uint8Array(groups);
  for (let l = 0; l <= top; l++) level.fill(l, levelStart[l], levelStart[l + 1]);
  const parents = Array.from({ length: groups }, () => []);

  // Rings first: runs of consecutive groups, three groups apart, round-robin over the lower levels.
  const rings = [];
  const next = levelStart.slice(0, RING_LEVELS).map((start) => start + 2);
  for (let r = 0, misses = 0; rings.length < cycles && misses < RING_LEVELS; r++) {
    const l = r % RING_LEVELS;
    const size = ringSize(r);
    if (next[l] + size > levelStart[l + 1]) {
      misses++;
      continue;
    }
    misses = 0;
    const ring = Array.from({ length: size }, (_, i) => next[l] + i);
    ring.forEach((g, i) => parents[g].push(ring[(i + 1) % size]));
    rings.push(ring);
    next[l] += size + 3;
  }
  if (rings.length < cycles) throw new Error(`only ${rings.length} of ${cycles} nesting cycles fit in ${groups} groups`);

  // Then the DAG: parents one level up (three in four) or two, popular groups first (skewed picks).
  const ringEdges = rings.reduce((sum, ring) => sum + ring.length, 0);
  const below = levelStart[top];
  const mean = Math.max(0, (nesting * groups - ringEdges) / below);
  for (let g = 0; g < below; g++) {
    const want = parents[g].length + poisson(random, mean);
    for (let tries = 0; parents[g].length < want && tries < want * 10; tries++) {
      const up = Math.min(top, level[g] + (random() < 0.75 ? 1 : 2));
      const size = levelStart[up + 1] - levelStart[up];
      if (size === 0) continue;
      const parent = levelStart[up] + Math.floor(size * random() ** 1.5);
      if (!parents[g].includes(parent)) parents[g].push(parent);
    }
  }
  return { level, levelStart, parents, rings };
}
