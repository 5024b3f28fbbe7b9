import type { FoundPath } from '../../cypher/sql/pathfinding-step.js';

/**
 * The first `limit` paths by rank: shorter first, and among paths of one length the order they were offered in.
 * The search offers the paths of one seed after those of the seeds before it, so a later path of a length never
 * displaces one held already, and once `limit` are held a seed need not look deeper than `reach`.
 */
export class RankedPaths {
  private readonly byLength: FoundPath[][] = [];
  private count = 0;
  private longest = -1;

  constructor(private readonly limit: number) {}

  /** The greatest length a path offered from now on could still be kept at. */
  get reach(): number {
    return this.count < this.limit ? Infinity : this.longest - 1;
  }

  /** Keeps `path` unless `limit` paths rank before it; false when it was not kept (nor would a later one be). */
  offer(length: number, path: FoundPath): boolean {
    if (length > this.reach) return false;
    (this.byLength[length] ??= []).push(path);
    this.count += 1;
    this.longest = Math.max(this.longest, length);
    if (this.count > this.limit) {
      this.byLength[this.longest].pop();
      this.count -= 1;
      while (this.longest >= 0 && !this.byLength[this.longest]?.length) this.longest -= 1;
    }
    return true;
  }

  paths(): FoundPath[] {
    const all: FoundPath[] = [];
    for (const list of this.byLength) if (list) all.push(...list);
    return all;
  }
}
