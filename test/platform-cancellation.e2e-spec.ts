import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { Database, runWithRequestContext, withAdvisoryLock } from '@app/platform';
import { waitingForLock } from './support/lock-waits.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Background work stops when its context's signal aborts (the service is stopping): the statement it waits on is
 * cancelled on the server, and no new unit of work starts. Each case blocks the work on a lock this test holds, so
 * the abort always meets it mid-flight.
 */
describe('cancellation of database work by the context signal', () => {
  let t: TestApp;
  let db: Database;
  let holder: Client;

  /** Runs `work` as background work under `stop`'s signal. */
  const underSignal = <T>(stop: AbortController, work: () => Promise<T>) =>
    runWithRequestContext({ requestId: 'test', deadline: Date.now() + 60_000, signal: stop.signal }, work);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(Database);
    holder = new Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query('CREATE TABLE cancellation_probe (id int)');
  });
  afterAll(async () => {
    await holder?.end();
    await t?.close();
  });

  it('cancels the statement of a unit of work in flight on the server and rejects it', async () => {
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE cancellation_probe IN ACCESS EXCLUSIVE MODE');
    const stop = new AbortController();
    const blocked = underSignal(stop, () => db.query('SELECT count(*) FROM cancellation_probe'));
    try {
      await waitingForLock(holder, 'relation');
      stop.abort(new Error('the service is stopping'));
      await expect(blocked).rejects.toMatchObject({ status: 504 });
    } finally {
      await holder.query('ROLLBACK');
    }
    const { rows } = await holder.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%FROM cancellation_probe' AND state = 'active'",
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('starts no unit of work once the signal has aborted', async () => {
    const stop = new AbortController();
    stop.abort(new Error('the service is stopping'));
    await expect(underSignal(stop, () => db.query('SELECT 1'))).rejects.toThrow('the service is stopping');
  });

  it('stops waiting for an advisory lock another session holds, with the abort reason, never running the work', async () => {
    const key = '4242424242';
    await holder.query('SELECT pg_advisory_lock($1::bigint)', [key]);
    const stop = new AbortController();
    let ran = false;
    const waiting = underSignal(stop, () => withAdvisoryLock(db, key, async () => {
      ran = true;
    }));
    try {
      await waitingForLock(holder, 'advisory');
      stop.abort(new Error('the service is stopping'));
      await expect(waiting).rejects.toThrow('the service is stopping');
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
    }
    expect(ran).toBe(false);
  });
});
