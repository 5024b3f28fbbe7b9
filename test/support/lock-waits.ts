import type { Client } from 'pg';

/**
 * Resolves once a backend of `client`'s database waits for a lock of `type`: work blocked by a lock the test holds
 * is then known to be mid-flight, with no timing involved.
 */
export async function waitingForLock(client: Client, type: 'advisory' | 'relation'): Promise<void> {
  for (;;) {
    const { rows } = await client.query(
      `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE NOT l.granted AND l.locktype = $1 AND a.datname = current_database()`,
      [type],
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
