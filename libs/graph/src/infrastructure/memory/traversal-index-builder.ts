import type { EntityManager } from 'typeorm';
import { currentSignal, remainingMs, type Database } from '@app/platform';
import { transactionClient } from '../pg/pg-copy.js';
import { copyOut } from './copy-out.js';
import { CopyTextParser } from './copy-text-parser.js';
import { buildCsrYielding } from './csr.js';
import { TraversalIndex } from './traversal-index.js';
import { EDGE_BYTES, EdgeStaging, KIND_BYTES, NODE_BYTES, NodeStaging } from './traversal-index-staging.js';

/** The index would pass its memory cap: the owner keeps answering from SQL. */
export class TraversalIndexTooLarge extends Error {
  constructor(
    readonly bytes: number,
    readonly maxBytes: number,
    readonly estimated: boolean,
  ) {
    super(`the traversal index would take ${estimated ? 'an estimated ' : ''}${bytes} bytes, more than its cap of ${maxBytes}`);
    this.name = 'TraversalIndexTooLarge';
  }
}

export interface TraversalIndexBuildOptions {
  maxBytes: number;
  /** The graph version the snapshot reflects, read inside the build's transaction. */
  readVersion: (manager: EntityManager) => Promise<number>;
}

// Nodes in id order (the server sorts, not the event loop): the id lookup searches them sorted.
const NODE_COPY = 'COPY (SELECT id, kind_ids FROM node ORDER BY id) TO STDOUT';
const EDGE_COPY = 'COPY (SELECT id, start_id, end_id, kind_id FROM edge) TO STDOUT';

/**
 * Builds the traversal index from one REPEATABLE READ snapshot: the version, then every node and edge streamed
 * with COPY and parsed from the bytes into growing typed arrays, then both directions. Refuses (TraversalIndexTooLarge)
 * before reading when the tables' size estimate passes `maxBytes`, and while reading as soon as the rows do.
 */
export async function buildTraversalIndex(database: Database, options: TraversalIndexBuildOptions): Promise<TraversalIndex> {
  const runner = database.dataSource.createQueryRunner();
  await runner.connect();
  let stopListening = () => {};
  try {
    await runner.startTransaction('REPEATABLE READ');
    await runner.query('SET TRANSACTION READ ONLY');
    // The caller's deadline bounds every statement, one waiting for a lock included; stopping the service cancels
    // the statement running, even a COPY that waits for a lock and sends no chunk.
    const [backend] = (await runner.query(
      "SELECT pg_backend_pid() AS pid, now()::text AS started, set_config('statement_timeout', $1, true)",
      [String(Math.max(1, Math.floor(remainingMs())))],
    )) as { pid: number; started: string }[];
    const cancel = () => cancelCopy(database, backend.pid, backend.started);
    stopListening = listenForAbort(cancel);
    const version = await options.readVersion(runner.manager);
    const size = await estimateSize(runner.manager);
    check(size.nodes * (NODE_BYTES + KIND_BYTES) + size.edges * EDGE_BYTES, options.maxBytes, true);
    const client = await transactionClient(runner.manager);

    const nodes = new NodeStaging(size.nodes);
    const nodeParser = new CopyTextParser({
      row: (fields, kinds, kindCount) => {
        nodes.add(fields[0]);
        for (let i = 0; i < kindCount; i++) nodes.addKind(kinds[i]);
      },
    });
    const nodeBytes = () => nodes.count * NODE_BYTES + nodes.kindCount * KIND_BYTES;
    await copyOut(client, NODE_COPY, (chunk) => {
      nodeParser.push(chunk);
      check(nodeBytes(), options.maxBytes, false);
      currentSignal()?.throwIfAborted();
    }, cancel);
    nodeParser.end();

    const parts = nodes.finish();
    const fixed = nodeBytes() + parts.lookup.bytes;
    const edges = new EdgeStaging(parts.lookup, size.edges);
    const edgeParser = new CopyTextParser({ row: (fields) => edges.add(fields[0], fields[1], fields[2], fields[3]) });
    await copyOut(client, EDGE_COPY, (chunk) => {
      edgeParser.push(chunk);
      check(fixed + edges.count * EDGE_BYTES, options.maxBytes, false);
      currentSignal()?.throwIfAborted();
    }, cancel);
    edgeParser.end();
    await runner.commitTransaction();

    const index = new TraversalIndex({ ...parts, ...(await buildCsrYielding(parts.ids.length, edges.columns())) }, version);
    check(index.bytes, options.maxBytes, false);
    return index;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  } finally {
    stopListening();
    await runner.release();
  }
}

/** Calls `cancel` when the current context's signal aborts; returns the way to stop listening. */
function listenForAbort(cancel: () => Promise<void>): () => void {
  const signal = currentSignal();
  if (!signal) return () => {};
  const onAbort = () => void cancel();
  signal.addEventListener('abort', onAbort);
  return () => signal.removeEventListener('abort', onAbort);
}

function check(bytes: number, maxBytes: number, estimated: boolean): void {
  if (bytes > maxBytes) throw new TraversalIndexTooLarge(bytes, maxBytes, estimated);
}

interface SizeEstimate {
  nodes: number;
  edges: number;
}

/**
 * Row counts from the planner's statistics; a table never analysed counts 0 here (no count(*): it would scan, or wait
 * behind a lock on the graph) and the rows read are checked against the cap as they stream.
 */
async function estimateSize(manager: EntityManager): Promise<SizeEstimate> {
  const [row] = (await manager.query(
    `SELECT (SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = 'node'::regclass) AS nodes,
            (SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = 'edge'::regclass) AS edges`,
  )) as { nodes: string; edges: string }[];
  return { nodes: Number(row.nodes), edges: Number(row.edges) };
}

/** Stops this build's COPY on the server (only while its transaction runs: the connection goes back to the pool). */
async function cancelCopy(database: Database, pid: number, started: string): Promise<void> {
  await database.dataSource.query(
    'SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND xact_start = $2::timestamptz',
    [pid, started],
  );
}
