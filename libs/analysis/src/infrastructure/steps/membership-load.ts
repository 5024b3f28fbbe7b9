import { CsrMemberOf, GROUP, MembershipGraph, PLAIN_USER, PRINCIPAL } from '../../domain/membership/index.js';
import { is } from './adcs-sql.js';
import { membershipOverIndex } from './membership-index.js';
import { type CopyRows, kindIds, type RunSql, type StepContext } from './step.js';

/**
 * A typed column appended to row by row, allocated at its expected size and grown by half past it (amortised O(1));
 * `values()` is a view of what was added.
 */
class Column<T extends Float64Array | Int32Array | Uint8Array> {
  count = 0;

  constructor(private array: T) {}

  push(value: number): void {
    if (this.count === this.array.length) {
      const grown = new (this.array.constructor as new (length: number) => T)(Math.max(1024, this.array.length * 1.5));
      grown.set(this.array);
      this.array = grown;
    }
    this.array[this.count++] = value;
  }

  values(): T {
    return this.array.subarray(0, this.count) as T;
  }
}

/** A kind id written into a COPY statement (COPY takes no parameters): our own kind table's ids, checked anyway. */
function literal(id: number | undefined): string {
  if (!Number.isInteger(id)) throw new Error(`kind id ${id} is not an integer`);
  return String(id);
}

/**
 * Streams the MemberOf graph in two COPYs, parsed as the bytes arrive: every principal and every MemberOf end with
 * its flags (in id order), then every MemberOf edge, each end turned into its dense index on arrival. What stays is
 * the graph's own arrays (8 bytes per node and per edge each way, plus the ids and flags); no result set or id list
 * of the whole graph is ever held beside them.
 */
async function load(query: RunSql, copyRows: CopyRows): Promise<MembershipGraph> {
  const ids = await kindIds(query, ['User', 'Computer', 'Group', 'MemberOf']);
  const [user, computer, group, memberOf] = ['User', 'Computer', 'Group', 'MemberOf'].map((name) => literal(ids.get(name)));
  const members = `n.kind_ids && ARRAY[${user}, ${computer}, ${group}]::int2[]
      OR n.id IN (SELECT start_id FROM edge WHERE kind_id = ${memberOf} UNION SELECT end_id FROM edge WHERE kind_id = ${memberOf})`;
  // Counted first, so each column is allocated once at its size: growing by half while the rows arrive held up to
  // two and a half times the final arrays at the peak. A row committed in between only makes a column grow.
  const [counts] = await query(`SELECT (SELECT count(*) FROM node n WHERE ${members})::int AS nodes,
    (SELECT count(*) FROM edge WHERE kind_id = ${memberOf})::int AS edges`);
  const nodeIds = new Column(new Float64Array(Number(counts.nodes)));
  const flags = new Column(new Uint8Array(Number(counts.nodes)));
  await copyRows(`COPY (
    SELECT n.id, (CASE WHEN n.kind_ids && ARRAY[${user}, ${computer}, ${group}]::int2[] THEN ${PRINCIPAL} ELSE 0 END
      | CASE WHEN ${group}::int2 = ANY(n.kind_ids) THEN ${GROUP} ELSE 0 END
      | CASE WHEN ${user}::int2 = ANY(n.kind_ids) AND NOT ${is('n', 'gmsa')} AND NOT ${is('n', 'msa')}
        THEN ${PLAIN_USER} ELSE 0 END)
    FROM node n
    WHERE ${members}
    ORDER BY n.id) TO STDOUT`, (fields) => {
    nodeIds.push(fields[0]);
    flags.push(fields[1]);
  });
  const sorted = nodeIds.values();
  const from = new Column(new Int32Array(Number(counts.edges)));
  const to = new Column(new Int32Array(Number(counts.edges)));
  await copyRows(`COPY (SELECT start_id, end_id FROM edge WHERE kind_id = ${memberOf}) TO STDOUT`, (fields) => {
    from.push(CsrMemberOf.indexIn(sorted, fields[0]));
    to.push(CsrMemberOf.indexIn(sorted, fields[1]));
  });
  return new MembershipGraph(new CsrMemberOf(sorted, from.values(), to.values()), flags.values());
}

const KEY = 'membership-graph';
/** Memo key of where the run's MemberOf graph came from: 'traversal index' or 'COPY'. */
export const MEMBERSHIP_SOURCE = 'membership-source';

/**
 * The run's MemberOf graph, read at its first use (after LinkWellKnownNodes, the only step that adds MemberOf
 * edges; none removes any) and shared by the later steps. It walks the traversal index where this instance has one
 * caught up to the transaction's version (with the transaction's own changes laid over it), so the run holds no
 * copy of the graph; else it is streamed with COPY into arrays of its own. Without a memo (a step run alone) it is
 * read each time.
 */
export async function membershipGraph(query: RunSql, context: StepContext): Promise<MembershipGraph> {
  const known = context.memo?.get(KEY);
  if (known instanceof MembershipGraph) return known;
  const index = await context.traversalIndex?.();
  const overIndex = index ? await membershipOverIndex(query, index) : undefined;
  const graph = overIndex ?? await load(query, context.copyRows);
  context.memo?.set(KEY, graph);
  context.memo?.set(MEMBERSHIP_SOURCE, overIndex ? 'traversal index' : 'COPY');
  return graph;
}
