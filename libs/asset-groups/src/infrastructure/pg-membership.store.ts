import { Injectable } from '@nestjs/common';
import { ApiError, Database, remainingMs, sql, withAdvisoryLock } from '@app/platform';
import { MembershipStore, type SelectorMemberRecord } from '../application/ports.js';

/** Key of the advisory lock that serialises evaluations ("PWAGEVAL" as bytes, unlikely to meet another lock). */
const EVALUATION_LOCK_KEY = '5788134883116909900';

/** Waits for `turn`; 504 when the current deadline passes first. */
async function withinDeadline(turn: Promise<void>): Promise<void> {
  const budget = remainingMs();
  if (budget <= 0) throw ApiError.timedOut();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(ApiError.timedOut()), budget);
  });
  try {
    await Promise.race([turn, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * This instance's holders of the evaluation lock, first come first served: each runs after every earlier one has
 * finished or given up. A waiter whose deadline passes leaves the queue without disturbing the order of the others.
 */
class InstanceQueue {
  /** Settles when the last one in the queue has finished. */
  private tail: Promise<void> = Promise.resolve();

  async run<T>(work: () => Promise<T>): Promise<T> {
    let leave!: () => void;
    const left = new Promise<void>((resolve) => {
      leave = resolve;
    });
    const ahead = this.tail;
    this.tail = ahead.then(() => left);
    try {
      await withinDeadline(ahead);
      return await work();
    } finally {
      leave();
    }
  }
}

/**
 * The one statement making `members` the selector's rows: rows of other nodes deleted, new ones inserted, changed
 * details updated; unchanged rows are not rewritten and an existing row keeps its certification.
 */
function writeMembers(selectorId: number, members: readonly SelectorMemberRecord[]): [string, unknown[]] {
  const column = <K extends keyof SelectorMemberRecord>(key: K) => members.map((member) => member[key]);
  const { text, values } = sql`
    WITH input AS (
      SELECT * FROM unnest(${column('nodeId')}::bigint[], ${column('source')}::smallint[], ${column('certified')}::smallint[],
                           ${column('objectId')}::text[], ${column('name')}::text[], ${column('primaryKind')}::text[],
                           ${column('environmentId')}::text[], ${column('environmentKind')}::text[])
        AS r(node_id, source, certified, object_id, name, primary_kind, environment_id, environment_kind)
    ), gone AS (
      DELETE FROM asset_group_tag_selector_nodes d
      WHERE d.selector_id = ${selectorId} AND d.node_id NOT IN (SELECT node_id FROM input)
    )
    INSERT INTO asset_group_tag_selector_nodes AS n
      (selector_id, node_id, source, certified, certified_by, certified_at, object_id, name, primary_kind,
       environment_id, environment_kind)
    SELECT ${selectorId}, r.node_id, r.source, r.certified, CASE WHEN r.certified = 3 THEN 'SYSTEM' END,
           CASE WHEN r.certified = 3 THEN now() END, r.object_id, r.name, r.primary_kind, r.environment_id,
           r.environment_kind
    FROM input r
    ON CONFLICT (selector_id, node_id) DO UPDATE SET
      source = EXCLUDED.source, object_id = EXCLUDED.object_id, name = EXCLUDED.name,
      primary_kind = EXCLUDED.primary_kind, environment_id = EXCLUDED.environment_id,
      environment_kind = EXCLUDED.environment_kind, updated_at = now()
    WHERE (n.source, n.object_id, n.name, n.primary_kind, n.environment_id, n.environment_kind)
      IS DISTINCT FROM (EXCLUDED.source, EXCLUDED.object_id, EXCLUDED.name, EXCLUDED.primary_kind,
                        EXCLUDED.environment_id, EXCLUDED.environment_kind)`.toQuery();
  return [text, values];
}

/** The materialised membership in PostgreSQL (`asset_group_tag_selector_nodes`), written set-based. */
@Injectable()
export class PgMembershipStore extends MembershipStore {
  private readonly queue = new InstanceQueue();

  constructor(private readonly db: Database) {
    super();
  }

  async memberNodeIds(tagId: number): Promise<string[]> {
    // The view holds the records that count: enabled selectors, less revoked ones under require_certify.
    const rows = await this.db.query<{ id: string }>(
      `SELECT r.node_id::text AS id FROM asset_group_tag_member_records r
       WHERE r.asset_group_tag_id = $1
       GROUP BY r.node_id ORDER BY r.node_id`,
      [tagId],
    );
    return rows.map((row) => row.id);
  }

  replaceSelectorMembers(selectorId: number, members: SelectorMemberRecord[], digest?: string): Promise<void> {
    return this.db.transaction(async (m) => {
      await m.query(...writeMembers(selectorId, members));
      await m.query(
        'UPDATE asset_group_tag_selectors SET last_evaluated_at = now(), last_error = NULL, members_digest = $2 WHERE id = $1',
        [selectorId, digest ?? null],
      );
    });
  }

  async keepSelectorMembers(selectorId: number, digest: string, count: number): Promise<boolean> {
    // The count catches rows removed by anything but an evaluation.
    const [{ n }] = await this.db.query<{ n: number }>(
      `WITH kept AS (
         UPDATE asset_group_tag_selectors s SET last_evaluated_at = now(), last_error = NULL
         WHERE s.id = $1 AND s.members_digest = $2
           AND (SELECT count(*) FROM asset_group_tag_selector_nodes n WHERE n.selector_id = $1) = $3
         RETURNING 1)
       SELECT count(*)::int AS n FROM kept`,
      [selectorId, digest, count],
    );
    return n > 0;
  }

  async kindApplied(tagId: number, digest: string): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 FROM asset_group_tags WHERE id = $1 AND kind_digest = $2', [tagId, digest]);
    return rows.length > 0;
  }

  async recordKindApplied(tagId: number, digest: string | null): Promise<void> {
    await this.db.query('UPDATE asset_group_tags SET kind_digest = $2 WHERE id = $1', [tagId, digest]);
  }

  async clearSelectorMembers(selectorIds: number[]): Promise<void> {
    if (selectorIds.length === 0) return;
    await this.db.transaction(async (m) => {
      await m.query('DELETE FROM asset_group_tag_selector_nodes WHERE selector_id = ANY($1::int[])', [selectorIds]);
      await m.query('UPDATE asset_group_tag_selectors SET members_digest = NULL WHERE id = ANY($1::int[])', [selectorIds]);
    });
  }

  /**
   * Two locks, taken in order. First this instance's in-process queue: only its head checks out a connection, so at
   * most one connection per instance ever waits for the PostgreSQL lock, however many callers wait (waiters parked
   * on a connection each would starve the holder of the pool). Then a transaction-scoped advisory lock, which
   * serialises holders across instances, held on a connection of its own for the duration of `work`; the work runs
   * in its own units of work on other connections (a failing selector must not abort a shared transaction). The
   * lock ends with that transaction, or with the connection if the process dies. The holder's idle timeout is off
   * (the work is bounded by its own deadlines; analysis may run longer than one request's deadline). Waiting, in the
   * queue and then for the PostgreSQL lock, is bounded by the current deadline: 504 when it passes.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.run(() => withAdvisoryLock(this.db, EVALUATION_LOCK_KEY, work));
  }
}
