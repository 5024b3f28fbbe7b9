import type { InCsr, OutCsr } from './csr.js';

/** A removed hop in the base arrays. */
export const DEAD_KIND = 0xffff;

/** The live out slot of edge `edge` under base node `start`, -1 when there is none. */
export function liveOutSlot(out: OutCsr, start: number, edge: number): number {
  for (let slot = out.offsets[start]; slot < out.offsets[start + 1]; slot++) {
    if (out.edgeIds[slot] === edge && out.kinds[slot] !== DEAD_KIND) return slot;
  }
  return -1;
}

/** Marks the edge at out slot `slot` dead in both directions (its in hop is found under its end node). */
export function killOutSlot(out: OutCsr, inward: InCsr, slot: number): void {
  out.kinds[slot] = DEAD_KIND;
  const end = out.targets[slot];
  for (let at = inward.offsets[end]; at < inward.offsets[end + 1]; at++) {
    if (inward.outSlots[at] === slot) {
      inward.kinds[at] = DEAD_KIND;
      return;
    }
  }
}

/** Marks every live base edge touching `node` dead in both directions; the number of edges removed. */
export function killHopsOf(out: OutCsr, inward: InCsr, node: number): number {
  let removed = 0;
  for (let slot = out.offsets[node]; slot < out.offsets[node + 1]; slot++) {
    if (out.kinds[slot] === DEAD_KIND) continue;
    killOutSlot(out, inward, slot);
    removed++;
  }
  for (let at = inward.offsets[node]; at < inward.offsets[node + 1]; at++) {
    if (inward.kinds[at] === DEAD_KIND) continue;
    out.kinds[inward.outSlots[at]] = DEAD_KIND;
    inward.kinds[at] = DEAD_KIND;
    removed++;
  }
  return removed;
}
