/** Node id pairs (a -> the b's paired with it), for correlating two path matches on the same two nodes. */
export type NodePairs = ReadonlyMap<string, ReadonlySet<string>>;

export function addPair(pairs: Map<string, Set<string>>, a: string, b: string): void {
  const bs = pairs.get(a);
  if (bs) bs.add(b);
  else pairs.set(a, new Set([b]));
}

/** The pairs found by every one of `all` (a CA counts for a victim only when each path family pairs them). */
export function intersectPairs(...all: NodePairs[]): Map<string, Set<string>> {
  const [first, ...rest] = all;
  const out = new Map<string, Set<string>>();
  for (const [a, bs] of first ?? []) {
    for (const b of bs) if (rest.every((p) => p.get(a)?.has(b) === true)) addPair(out, a, b);
  }
  return out;
}

/** The pairs found by any one of `all`. */
export function unionPairs(...all: NodePairs[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const pairs of all) for (const [a, bs] of pairs) bs.forEach((b) => addPair(out, a, b));
  return out;
}
