/** A direct table is used while the id span is at most this many times the node count (4 bytes per slot). */
const DENSE_SPAN_FACTOR = 4;

/**
 * Dense index of a node id among the sorted ids of the base nodes: a direct Int32Array table when the ids are
 * dense enough (bigserial ids with few gaps, the usual case), else binary search over the ids themselves.
 */
export class NodeLookup {
  private readonly first: number;
  private readonly table: Int32Array | undefined;

  /** `ids` ascending, without duplicates. */
  constructor(private readonly ids: Float64Array) {
    this.first = ids.length > 0 ? ids[0] : 0;
    const span = ids.length > 0 ? ids[ids.length - 1] - this.first + 1 : 0;
    if (span > 0 && span <= DENSE_SPAN_FACTOR * ids.length) {
      const table = new Int32Array(span).fill(-1);
      for (let i = 0; i < ids.length; i++) table[ids[i] - this.first] = i;
      this.table = table;
    }
  }

  /** The dense index of `id`, -1 when it is not a base node. */
  indexOf(id: number): number {
    const table = this.table;
    if (table) {
      const at = id - this.first;
      return at >= 0 && at < table.length && Number.isInteger(at) ? table[at] : -1;
    }
    const ids = this.ids;
    let low = 0;
    let high = ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = ids[middle];
      if (value < id) low = middle + 1;
      else if (value > id) high = middle - 1;
      else return middle;
    }
    return -1;
  }

  get bytes(): number {
    return this.table?.byteLength ?? 0;
  }

  /** Whether the direct table is in use (tests). */
  get direct(): boolean {
    return this.table !== undefined;
  }
}
