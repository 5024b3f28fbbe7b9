/**
 * A small seeded PRNG (mulberry32), so a fuzz run sends the same requests every time. Each operation draws from
 * its own stream (seeded by the run seed and the operation's name): adding an operation to the document does not
 * change the cases of the others.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hashText(seed);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }

  /** Up to `n` distinct items, in their original order. */
  sample<T>(items: readonly T[], n: number): T[] {
    if (n >= items.length) return [...items];
    const indexes = items.map((_, i) => i);
    for (let i = indexes.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [indexes[i], indexes[j]] = [indexes[j], indexes[i]];
    }
    return indexes.slice(0, n).sort((a, b) => a - b).map((i) => items[i]);
  }
}

/** FNV-1a of a text: the seed of a named stream. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
