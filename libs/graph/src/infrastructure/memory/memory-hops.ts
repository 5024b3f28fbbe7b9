import type { Hop } from '../../application/graph-walks.js';
import { DEAD_KIND, type TraversalIndex } from './traversal-index.js';

/**
 * One expansion step over the traversal index, ids in and ids out, as PgGraphWalks' SQL step answers it: the live
 * edges of `edgeKinds` (any kind when undefined) leaving `nodeIds` in `direction`, base and added since the build,
 * whose far node has one of `nodeKinds` (when given). Unknown or deleted nodes have no hops.
 */
export function indexHops(
  index: TraversalIndex, nodeIds: readonly string[], direction: 'outbound' | 'inbound',
  edgeKinds: readonly number[] | undefined, nodeKinds: readonly number[] | undefined,
): Hop[] {
  const allowed = new Uint8Array(0x10000);
  if (edgeKinds) for (const kind of edgeKinds) allowed[kind] = 1;
  else allowed.fill(1);
  allowed[DEAD_KIND] = 0;
  const outbound = direction === 'outbound';
  const csr = outbound ? index.out : index.in;
  const extra = outbound ? 'out' : 'in';
  const hops: Hop[] = [];
  const add = (id: string, far: number, edge: number) => {
    if (nodeKinds && !index.hasAnyKind(far, nodeKinds)) return;
    const other = String(index.idOf(far));
    hops.push({ edgeId: String(edge), startId: outbound ? id : other, endId: outbound ? other : id });
  };
  for (const id of new Set(nodeIds)) {
    const number = Number(id);
    const node = Number.isSafeInteger(number) ? index.indexOf(number) : -1;
    if (node < 0) continue;
    if (node < index.baseNodes) {
      const { targets, kinds } = csr;
      for (let slot = csr.offsets[node]; slot < csr.offsets[node + 1]; slot++) {
        if (allowed[kinds[slot]] === 1) add(id, targets[slot], csr.edgeIdAt(slot));
      }
    }
    for (const hop of index.extra(extra, node) ?? []) if (allowed[hop.kind] === 1) add(id, hop.node, hop.edge);
  }
  return hops;
}

/** Those of `nodeIds` the index knows (live) with one of `kinds`. */
export function indexWithKinds(index: TraversalIndex, nodeIds: readonly string[], kinds: readonly number[]): string[] {
  return [...new Set(nodeIds)].filter((id) => {
    const number = Number(id);
    const node = Number.isSafeInteger(number) ? index.indexOf(number) : -1;
    return node >= 0 && index.hasAnyKind(node, kinds);
  });
}
