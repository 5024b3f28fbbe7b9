import { Injectable } from '@nestjs/common';
import { Database } from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { ResolvedChanges } from '../memory/traversal-changes.js';

/** The changes of the graph versions after a reader's version, or why the reader must rebuild instead. */
export interface ChangeRun {
  /** The highest version read: the reader is at this version once it has applied `changes`. */
  version: number;
  /** Versions after the reader's were pruned (or the log is from another history): rebuild. */
  pruned: boolean;
  /** More ids are pending than the caller takes: rebuild. */
  tooMany: boolean;
  /** Empty unless the run can be applied (not pruned, not too many, no reset; a reset is reported as such). */
  changes: ResolvedChanges;
}

// One statement, so the header and the rows come from one snapshot. The log rows of the versions after $1 are read
// once; elements created or changed are resolved to their rows as they are now (one created and deleted within the
// run is simply not found, and its deletion is in the run), deletions come as logged. The resolving parts run only
// when the run can be applied: a pruned, reset or oversized run reads no element rows.
const SINCE = `
  WITH run AS MATERIALIZED (
    SELECT g.op, g.ids, g.starts, g.ends FROM graph_commit c JOIN graph_change g ON g.txid = c.txid WHERE c.version > $1
  ), head AS MATERIALIZED (
    SELECT v.version, v.pruned_through > $1 OR $1 > v.version AS pruned,
           coalesce((SELECT sum(cardinality(ids)) FROM run), 0) > $2 AS too_many,
           coalesce((SELECT bool_or(op = 'reset') FROM run), false) AS reset
    FROM graph_version v
  ), wanted AS (
    SELECT op, ids, starts, ends FROM run WHERE (SELECT NOT (pruned OR too_many OR reset) FROM head)
  )
  SELECT 'head' AS type, version AS id, NULL::int2[] AS kinds, NULL::int8 AS start_id, NULL::int8 AS end_id,
         NULL::int2 AS kind_id, pruned, too_many, reset FROM head
  UNION ALL
  SELECT 'node', n.id, n.kind_ids, NULL, NULL, NULL, NULL, NULL, NULL FROM node n
  WHERE n.id IN (SELECT unnest(ids) FROM wanted WHERE op IN ('node+', 'node~'))
  UNION ALL
  SELECT 'edge', e.id, NULL, e.start_id, e.end_id, e.kind_id, NULL, NULL, NULL FROM edge e
  WHERE e.id IN (SELECT unnest(ids) FROM wanted WHERE op = 'edge+')
  UNION ALL
  SELECT 'node-', u.id, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM wanted, unnest(ids) AS u (id) WHERE op = 'node-'
  UNION ALL
  SELECT 'edge-', u.id, NULL, u.s, u.e, NULL, NULL, NULL, NULL
  FROM wanted, unnest(ids, starts, ends) AS u (id, s, e) WHERE op = 'edge-'`;

// The bound is the lowest version a live reader reported (it still needs what follows it), or the current version
// when no reader is live. A commit's change rows go with it.
const PRUNE = `
  WITH bound AS (
    SELECT coalesce(
      (SELECT min(version) FROM graph_index_reader WHERE seen_at > now() - make_interval(secs => $1::float8 / 1000)),
      (SELECT version FROM graph_version)) AS version
  ), commits AS (
    DELETE FROM graph_commit WHERE version <= (SELECT version FROM bound) RETURNING txid
  ), changes AS (
    DELETE FROM graph_change WHERE txid IN (SELECT txid FROM commits) RETURNING 1
  ), marked AS (
    UPDATE graph_version SET pruned_through = greatest(pruned_through, (SELECT version FROM bound))
  )
  SELECT count(*)::int AS n FROM changes`;

const REPORT = `
  INSERT INTO graph_index_reader (instance, version, seen_at) VALUES ($1, $2, now())
  ON CONFLICT (instance) DO UPDATE SET version = excluded.version, seen_at = excluded.seen_at`;

interface SinceRow {
  type: 'head' | 'node' | 'edge' | 'node-' | 'edge-';
  id: string;
  kinds: number[] | null;
  start_id: string | null;
  end_id: string | null;
  kind_id: number | null;
  pruned: boolean | null;
  too_many: boolean | null;
  reset: boolean | null;
}

/**
 * The graph version and change log that every graph write records (migration GraphChangeLog1732240000320): what a
 * traversal index reads to catch up, reports its version to, and prunes once every live reader has passed it.
 * Each call is one set-based statement, whatever the number of changes.
 */
@Injectable()
export class PgGraphChanges {
  constructor(private readonly database: Database) {}

  /** The last committed graph version (in `manager`'s transaction when given: a build reads it in its snapshot). */
  async currentVersion(manager?: EntityManager): Promise<number> {
    const text = 'SELECT version FROM graph_version';
    const rows = (manager
      ? await manager.query(text)
      : await this.database.query(text, [], { readOnly: true })) as { version: string }[];
    return Number(rows[0].version);
  }

  /** The changes of the versions after `after`, resolved to the elements' current rows. */
  async since(after: number, maxIds: number): Promise<ChangeRun> {
    const rows = await this.database.query<SinceRow>(SINCE, [after, maxIds], { readOnly: true });
    const changes: ResolvedChanges = { reset: false, upsertedNodes: [], deletedNodes: [], addedEdges: [], deletedEdges: [] };
    const run: ChangeRun = { version: after, pruned: false, tooMany: false, changes };
    for (const row of rows) {
      const id = Number(row.id);
      switch (row.type) {
        case 'head':
          Object.assign(run, { version: id, pruned: row.pruned!, tooMany: row.too_many! });
          changes.reset = row.reset!;
          break;
        case 'node':
          changes.upsertedNodes.push({ id, kinds: row.kinds! });
          break;
        case 'edge':
          changes.addedEdges.push({ id, start: Number(row.start_id), end: Number(row.end_id), kind: row.kind_id! });
          break;
        case 'node-':
          changes.deletedNodes.push(id);
          break;
        case 'edge-':
          changes.deletedEdges.push({ id, start: Number(row.start_id), end: Number(row.end_id) });
          break;
      }
    }
    return run;
  }

  /** Records that `instance`'s index has applied every version up to `version`. */
  async report(instance: string, version: number): Promise<void> {
    await this.database.query(REPORT, [instance, version]);
  }

  /**
   * Deletes the log of the versions every reader seen within `liveWithinMs` has applied (all of it when none is
   * live) and records how far it pruned; resolves to the number of change rows deleted.
   */
  async prune(liveWithinMs = 600_000): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(PRUNE, [liveWithinMs]);
    return row.n;
  }
}
