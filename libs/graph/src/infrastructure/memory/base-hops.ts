import type { Csr } from './csr.js';

/** A removed hop in the base arrays. */
export const DEAD_KIND = 0xffff;

/** The live slot of edge `edge` among the hops of base node `node` in `csr`, -1 when there is none. */
export function liveSlot(csr: Csr, node: number, edge: number): number {
  for (let slot = csr.offsets[node]; slot < csr.offsets[node + 1]; slot++) {
    if (csr.edgeIds[slot] === edge && csr.kinds[slot] !== DEAD_KIND) return slot;
  }
  return -1;
}

/** Marks the edge at out slot `slot` dead in both directions (its in hop is found under its end node). */
export function killOutSlot(out: Csr, inward: Csr, slot: number): void {
  out.kinds[slot] = DEAD_KIND;
  const at = liveSlot(inward, out.targets[slot], out.edgeIds[slot]);
  if (at >= 0) inward.kinds[at] = DEAD_KIND;
}

/** Marks every live base edge touching `node` dead in both directions; the number of edges removed. */
export function killHopsOf(out: Csr, inward: Csr, node: number): number {
  let removed = 0;
  for (let slot = out.offsets[node]; slot < out.offsets[node + 1]; slot++) {
    if (out.kinds[slot] === DEAD_KIND) continue;
    killOutSlot(out, inward, slot);
    removed++;
  }
  for (let at = inward.offsets[node]; at < inward.offsets[node + 1]; at++) {
    if (inward.kinds[at] === DEAD_KIND) continue;
    const slot = liveSlot(out, inward.targets[at], inward.edgeIds[at]);
    if (slot >= 0) out.kinds[slot] = DEAD_KIND;
    inward.kinds[at] = DEAD_KIND;
    removed++;
  }
  return removed;
}
