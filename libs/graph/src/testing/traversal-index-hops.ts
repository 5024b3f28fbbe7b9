import { DEAD_KIND, type TraversalIndex } from '../infrastructure/memory/traversal-index.js';

/** One live hop of a node, in ids: the edge, the far node, the kind. */
export interface Hop {
  edge: number;
  node: number;
  kind: number;
}

/** The live hops of node `id` in one direction, base and added, sorted by edge id (tests and checks). */
export function hopsOf(index: TraversalIndex, step: 'out' | 'in', id: number): Hop[] {
  const at = index.indexOf(id);
  if (at < 0) return [];
  const csr = step === 'out' ? index.out : index.in;
  const hops: Hop[] = [];
  if (at < index.baseNodes) {
    for (let slot = csr.offsets[at]; slot < csr.offsets[at + 1]; slot++) {
      if (csr.kinds[slot] !== DEAD_KIND) hops.push({ edge: csr.edgeIdAt(slot), node: index.idOf(csr.targets[slot]), kind: csr.kinds[slot] });
    }
  }
  for (const hop of index.extra(step, at) ?? []) hops.push({ edge: hop.edge, node: index.idOf(hop.node), kind: hop.kind });
  return hops.sort((a, b) => a.edge - b.edge);
}
