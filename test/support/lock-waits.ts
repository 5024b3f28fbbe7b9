import type { Client } from 'pg';

/** Lock types a test waits on: advisory locks, tables, and rows (a row lock is waited for on its holder's xid). */
export type LockType = 'advisory' | 'relation' | 'transactionid';

/** How many backends of `client`'s database wait for a lock of `type` now. */
export async function lockWaits(client: Client, type: LockType): Promise<number> {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE NOT l.granted AND l.locktype = $1 AND a.datname = current_database()`,
    [type],
  );
  return rows[0].n;
}

/**
 * Resolves once at least `count` backends of `client`'s database wait for a lock of `type`: work blocked by a lock
 * the test holds is then known to be mid-flight, with no timing involved.
 */
export async function waitingForLock(client: Client, type: LockType, count = 1): Promise<void> {
  while ((await lockWaits(client, type)) < count) await new Promise((resolve) => setTimeout(resolve, 20));
}
