import { describe, expect, it } from '@jest/globals';
import { SearchSide } from './pg-bfs-side.js';

describe('SearchSide.absorb', () => {
  // 300 origins all reach one hub, and the hub has 300 neighbours: the second level fans out to 90,000 entries.
  const origins = Array.from({ length: 300 }, (_, i) => i + 1);
  const leaves = Array.from({ length: 300 }, (_, i) => 2000 + i);
  const hub = 1000;

  async function atHub(): Promise<SearchSide> {
    const side = new SearchSide(origins, 'out', false);
    await side.absorb({ edges: origins.map((o) => 5000 + o), srcs: origins, dsts: origins.map(() => hub) });
    return side;
  }

  it('stops a level as soon as its guard refuses, before the whole fan-out is built', async () => {
    const side = await atHub();
    const seen: number[] = [];
    const refuse = (added: number) => {
      seen.push(added);
      if (added > 10_000) throw new Error('over budget');
    };
    const level = { edges: leaves.map((leaf) => 9000 + leaf), srcs: leaves.map(() => hub), dsts: leaves };
    await expect(side.absorb(level, refuse)).rejects.toThrow('over budget');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeLessThan(90_000);
  });

  it('lets other work run while a wide level is absorbed', async () => {
    const side = await atHub();
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const level = { edges: leaves.map((leaf) => 9000 + leaf), srcs: leaves.map(() => hub), dsts: leaves };
    await side.absorb(level);
    clearInterval(timer);
    expect(side.size).toBe(300 + 300 + 90_000);
    expect(ticks).toBeGreaterThan(0);
  });

  it('counts every entry it adds, parents kept for allShortest included', async () => {
    const side = new SearchSide([1], 'out', true);
    await side.absorb({ edges: [11, 12], srcs: [1, 1], dsts: [2, 3] });
    await side.absorb({ edges: [21, 22], srcs: [2, 3], dsts: [4, 4] });
    expect(side.size).toBe(5);
  });
});
