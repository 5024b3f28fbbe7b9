/**
 * A set of dense node indexes (0..size-1) as a bitset: unions and intersections of principal sets cost a word per
 * 32 principals, whatever the sets hold.
 */
export class NodeSet {
  private constructor(readonly size: number, private readonly words: Uint32Array) {}

  static empty(size: number): NodeSet {
    return new NodeSet(size, new Uint32Array((size + 31) >>> 5));
  }

  static all(size: number): NodeSet {
    const set = NodeSet.empty(size);
    set.words.fill(0xffffffff);
    const tail = size & 31;
    if (tail) set.words[set.words.length - 1] = (1 << tail) - 1;
    return set;
  }

  add(i: number): void {
    this.words[i >>> 5] |= 1 << (i & 31);
  }

  has(i: number): boolean {
    return (this.words[i >>> 5] & (1 << (i & 31))) !== 0;
  }

  clone(): NodeSet {
    return new NodeSet(this.size, this.words.slice());
  }

  /** In place: this ∪ other. */
  or(other: NodeSet): this {
    for (let w = 0; w < this.words.length; w++) this.words[w] |= other.words[w];
    return this;
  }

  /** In place: this ∩ other. */
  and(other: NodeSet): this {
    for (let w = 0; w < this.words.length; w++) this.words[w] &= other.words[w];
    return this;
  }

  isEmpty(): boolean {
    return this.words.every((word) => word === 0);
  }

  /** Calls `visit` with each member, in ascending order. */
  forEach(visit: (i: number) => void): void {
    for (let w = 0; w < this.words.length; w++) {
      let word = this.words[w];
      while (word !== 0) {
        const low = word & -word;
        visit((w << 5) + 31 - Math.clz32(low));
        word ^= low;
      }
    }
  }

  toArray(): number[] {
    const members: number[] = [];
    this.forEach((i) => members.push(i));
    return members;
  }
}
