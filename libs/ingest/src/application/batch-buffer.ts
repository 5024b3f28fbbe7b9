import type { BatchEdge, GraphStore, NodeUpsert } from '@app/graph';
import type { Converted } from '../domain/converted.js';

/**
 * Accumulates converted objects into graph batches of about `batchSize` rows (nodes + edges) and writes them with
 * `GraphStore.writeBatch`, up to `writers` at once (each its own transaction and connection): a full batch starts
 * writing while the caller goes on converting, and a further batch waits for the oldest write when `writers` are
 * busy. Concurrent batches cannot deadlock (the store writes nodes in objectid order and edges in key order) and a
 * node one batch needs but another is writing is waited for, never duplicated.
 */
export class BatchBuffer {
  private nodes: NodeUpsert[] = [];
  private edges: BatchEdge[] = [];
  private objects = 0;
  private writing: Promise<void>[] = [];

  constructor(
    private readonly graph: GraphStore,
    readonly seenAt: string,
    private readonly batchSize: number,
    /** Called once a batch is committed, with the objects it held. */
    private readonly written: (objects: number) => void,
    private readonly writers = 1,
  ) {}

  /** Adds one object's rows; resolves once they are buffered (waiting for the previous write when full). */
  async add(converted: Converted): Promise<void> {
    for (const node of converted.nodes) this.nodes.push(node);
    for (const edge of converted.edges) this.edges.push(edge);
    this.objects++;
    if (this.nodes.length + this.edges.length >= this.batchSize) await this.startWrite();
  }

  /** Writes what is left and waits for every write. */
  async flush(): Promise<void> {
    if (this.objects > 0) await this.startWrite();
    await this.settle();
  }

  /** Waits for every write in flight; the first failure is thrown. Buffered rows are kept as they are. */
  async settle(): Promise<void> {
    const writing = this.writing;
    this.writing = [];
    const outcomes = await Promise.allSettled(writing);
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  private async startWrite(): Promise<void> {
    while (this.writing.length >= Math.max(1, this.writers)) {
      const oldest = this.writing.shift()!;
      try {
        await oldest;
      } catch (error) {
        // Let the other writes end before the failure goes up (the caller then stops reading).
        await this.settle().catch(() => undefined);
        throw error;
      }
    }
    const batch = { nodes: this.nodes, edges: this.edges, seenAt: this.seenAt };
    const objects = this.objects;
    this.nodes = [];
    this.edges = [];
    this.objects = 0;
    const rows = batch.nodes.length + batch.edges.length;
    const writing = (rows > 0 ? this.graph.writeBatch(batch) : Promise.resolve()).then(() => this.written(objects));
    // Observed at the next settle(); until then a failure must not count as unhandled.
    writing.catch(() => undefined);
    this.writing.push(writing);
  }
}
