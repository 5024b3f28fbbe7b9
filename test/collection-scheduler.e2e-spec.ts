import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { Client as PgClient } from 'pg';
import { Clock } from '@app/platform';
import { Scheduler } from '@app/collection';
import { createClient, eventBody, type TestClient } from './support/collection.js';
import { adminCaller, type Caller } from './support/identity.js';
import { createSecondInstance, createTestApp, type SecondInstance, type TestApp } from './support/test-app.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ZERO_TIME = '0001-01-01T00:00:00Z';

/** A clock the test sets by hand: events are planned from it (ticks are given their time explicitly). */
class FakeClock extends Clock {
  current = new Date(0);
  override now(): Date {
    return new Date(this.current);
  }
}

/** `20310101T000000Z`: the RFC 5545 form of a UTC time. */
const ical = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

interface JobRow {
  id: number;
  client_id: string;
  event_id: number;
  event_title: string;
  execution_time: Date;
  status: number;
  status_message: string;
  end_time: Date | null;
  updated_at: Date;
  [column: string]: unknown;
}

describe('the scheduler', () => {
  const clock = new FakeClock();
  /** Business time of these tests: after the real present, so every rule is valid whenever the suite runs. */
  const T0 = new Date(Math.ceil((Date.now() + 30 * 24 * HOUR) / HOUR) * HOUR);
  const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);
  let t: TestApp;
  let admin: Caller;
  let db: PgClient;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      env: { JOB_READY_TIMEOUT: '3600', JOB_RUNNING_TIMEOUT: '7200' },
      customize: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
    admin = await adminCaller(t);
    db = new PgClient({ connectionString: t.databaseUrl });
    await db.connect();
    client = await createClient(admin, { domain_controller: 'dc01.corp.local' });
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  const tick = (now: Date) => t.app.get(Scheduler).tick(now);
  const jobsOf = async (eventId: number): Promise<JobRow[]> =>
    (await db.query('SELECT * FROM collection_jobs WHERE event_id = $1 ORDER BY execution_time, id', [eventId])).rows;
  const times = (jobs: JobRow[]) => jobs.map((job) => job.execution_time.toISOString());
  const nextOf = async (eventId: number) => {
    const res = await db.query('SELECT next_scheduled_at FROM collection_events WHERE id = $1', [eventId]);
    return (res.rows[0].next_scheduled_at as Date | null)?.toISOString() ?? null;
  };
  /** Creates an event through the API with the clock at `planningAt`. */
  const createEvent = async (fields: Record<string, unknown>, planningAt: Date, clientId = client.id) => {
    clock.current = planningAt;
    const res = await admin.post('/events', eventBody(clientId, fields));
    if (res.status !== 200) throw new Error(`creating an event failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number; next_scheduled_at: string };
  };

  // First, while no event exists: the tick reports exactly these jobs.
  describe('time-outs', () => {
    const X = at(-10 * 24 * HOUR);
    const insert = async (c: TestClient, status: number, fields: { execution?: Date; start?: Date; progressed?: Date }) => {
      const { rows } = await db.query(
        `INSERT INTO collection_jobs (client_id, execution_time, start_time, progressed_at, status) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [c.id, fields.execution ?? fields.start ?? X, fields.start ?? null, fields.progressed ?? null, status],
      );
      return Number(rows[0].id);
    };
    const job = async (id: number) => (await db.query('SELECT * FROM collection_jobs WHERE id = $1', [id])).rows[0] as JobRow;

    it('times out READY jobs not started in time and RUNNING jobs with no progress, in one tick', async () => {
      const second = await createClient(admin);
      const third = await createClient(admin);
      const staleReady = await insert(client, 0, { execution: new Date(X.getTime() - 3601_000) });
      const freshReady = await insert(client, 0, { execution: new Date(X.getTime() - 3599_000) });
      const staleRunning = await insert(second, 1, { start: new Date(X.getTime() - 7201_000) });
      const progressing = await insert(third, 1, { start: new Date(X.getTime() - 9 * HOUR), progressed: new Date(X.getTime() - 100_000) });
      const finished = await insert(client, 2, { execution: new Date(X.getTime() - 30 * 24 * HOUR) });

      expect(await tick(X)).toEqual({ emitted: 0, timedOut: 2 });

      expect(await job(staleReady)).toMatchObject({
        status: 4, status_message: 'job was not started within 3600 seconds of its execution time', end_time: X, updated_at: X,
      });
      expect(await job(staleRunning)).toMatchObject({
        status: 4, status_message: 'job made no progress for 7200 seconds', end_time: X, updated_at: X,
      });
      expect(await job(freshReady)).toMatchObject({ status: 0, status_message: '', end_time: null });
      expect(await job(progressing)).toMatchObject({ status: 1, end_time: null });
      expect(await job(finished)).toMatchObject({ status: 2, end_time: null });
      expect(await tick(X)).toEqual({ emitted: 0, timedOut: 0 });
    });
  });

  describe('an hourly event', () => {
    let event: { id: number; next_scheduled_at: string };

    beforeAll(async () => {
      event = await createEvent({
        title: 'Hourly', rrule: `DTSTART:${ical(T0)}\nRRULE:FREQ=HOURLY`, session_collection: true, ad_structure_collection: true,
        ous: ['ou-1', 'ou-2'],
      }, at(-30 * MINUTE));
    });

    it('emits nothing before its DTSTART', async () => {
      expect(event.next_scheduled_at).toBe(T0.toISOString());
      await tick(at(-1000));
      expect(await jobsOf(event.id)).toEqual([]);
    });

    it('emits one READY job at the occurrence, copying the event and the client', async () => {
      expect((await tick(at(5000))).emitted).toBe(1);
      expect(await jobsOf(event.id)).toEqual([{
        id: expect.any(String), client_id: client.id, event_id: event.id, event_title: 'Hourly', execution_time: T0,
        start_time: null, end_time: null, last_ingest: null, progressed_at: null, status: 0, status_message: '',
        domain_controller: 'dc01.corp.local', log_path: '',
        session_collection: true, local_group_collection: false, ad_structure_collection: true, cert_services_collection: false,
        ca_registry_collection: false, dc_registry_collection: false, all_trusted_domains: false,
        ous: ['OU-1', 'OU-2'], domains: [], created_at: at(5000), updated_at: at(5000), deleted_at: null,
      }]);
      expect(await nextOf(event.id)).toBe(at(HOUR).toISOString());
      expect((await admin.get(`/events/${event.id}`)).body.data.next_scheduled_at).toBe(at(HOUR).toISOString());
    });

    it('emits an occurrence once however often it ticks', async () => {
      expect((await tick(at(5000))).emitted).toBe(0);
      expect((await tick(at(30 * MINUTE))).emitted).toBe(0);
      expect(times(await jobsOf(event.id))).toEqual([T0.toISOString()]);
    });

    it('emits the next occurrence an hour later, with the event as it is then', async () => {
      clock.current = at(50 * MINUTE);
      const renamed = await admin.put(`/events/${event.id}`, {
        title: 'Hourly (renamed)', rrule: 'FREQ=HOURLY', session_collection: true, ad_structure_collection: true, ous: ['ou-1', 'ou-2'],
      });
      expect(renamed.body.data.next_scheduled_at).toBe(at(HOUR).toISOString());
      expect((await tick(at(HOUR))).emitted).toBe(1);
      const jobs = await jobsOf(event.id);
      expect(times(jobs)).toEqual([T0.toISOString(), at(HOUR).toISOString()]);
      expect(jobs[1].event_title).toBe('Hourly (renamed)');
    });

    it('collapses missed occurrences into one run at the latest of them', async () => {
      expect((await tick(at(5 * HOUR + 30 * MINUTE))).emitted).toBe(1);
      expect(times(await jobsOf(event.id)).slice(2)).toEqual([at(5 * HOUR).toISOString()]);
      expect(await nextOf(event.id)).toBe(at(6 * HOUR).toISOString());
    });

    it('stops emitting once the event is deleted, which removes its READY job', async () => {
      // The two first jobs timed out in the last tick (READY for more than an hour); the third is still READY.
      expect((await jobsOf(event.id)).map((job) => job.status)).toEqual([4, 4, 0]);
      expect((await admin.delete(`/events/${event.id}`)).status).toBe(204);
      await tick(at(8 * HOUR));
      expect(times(await jobsOf(event.id))).toEqual([T0, at(HOUR)].map((d) => d.toISOString()));
    });
  });

  it('stops a COUNT=2 rule after its second occurrence', async () => {
    const event = await createEvent({ rrule: `DTSTART:${ical(at(24 * HOUR))}\nRRULE:FREQ=HOURLY;COUNT=2` }, at(23 * HOUR));
    for (const offset of [24, 25, 26, 30]) await tick(at(offset * HOUR));
    expect(times(await jobsOf(event.id))).toEqual([at(24 * HOUR), at(25 * HOUR)].map((d) => d.toISOString()));
    expect(await nextOf(event.id)).toBeNull();
    expect((await admin.get(`/events/${event.id}`)).body.data.next_scheduled_at).toBe(ZERO_TIME);
  });

  it('runs a one-off event once, at the time it was created', async () => {
    const created = at(40 * HOUR + 1234);
    const event = await createEvent({ title: 'once' }, created);
    expect(event.next_scheduled_at).toBe(at(40 * HOUR + 1000).toISOString());
    await tick(at(40 * HOUR + 2000));
    await tick(at(41 * HOUR));
    expect(times(await jobsOf(event.id))).toEqual([at(40 * HOUR + 1000).toISOString()]);
    expect(await nextOf(event.id)).toBeNull();
  });

  it('skips the events of a deleted client', async () => {
    const doomed = await createClient(admin);
    const event = await createEvent({ rrule: `DTSTART:${ical(at(50 * HOUR))}\nRRULE:FREQ=DAILY` }, at(49 * HOUR), doomed.id);
    // The client's row alone: its events are left live, as they would be for a moment during its deletion.
    await db.query('UPDATE collection_clients SET deleted_at = now() WHERE id = $1', [doomed.id]);
    await tick(at(50 * HOUR));
    expect(await jobsOf(event.id)).toEqual([]);
  });

  it('never emits an occurrence twice, even for a scheduler that saw the event before another moved it on', async () => {
    const event = await createEvent({ rrule: `DTSTART:${ical(at(60 * HOUR))}\nRRULE:FREQ=DAILY` }, at(59 * HOUR));
    expect((await tick(at(60 * HOUR))).emitted).toBe(1);
    // What a scheduler holding a stale read would attempt: the same occurrence again. The unique constraint drops it.
    await db.query('UPDATE collection_events SET next_scheduled_at = $2 WHERE id = $1', [event.id, at(60 * HOUR)]);
    expect((await tick(at(60 * HOUR + MINUTE))).emitted).toBe(0);
    expect(times(await jobsOf(event.id))).toEqual([at(60 * HOUR).toISOString()]);
    expect(await nextOf(event.id)).toBe(at(84 * HOUR).toISOString());
  });

  it('emits a batch in the same number of statements for 5 due events as for 300', async () => {
    const statementsOfTick = async (now: Date) => {
      const spy = jest.spyOn(PgClient.prototype, 'query');
      try {
        const report = await tick(now);
        return { statements: spy.mock.calls.length, emitted: report.emitted };
      } finally {
        spy.mockRestore();
      }
    };
    const owner = await createClient(admin);
    const seed = (count: number, start: Date) => db.query(
      `INSERT INTO collection_events (client_id, session_collection, rrule, next_scheduled_at)
       SELECT $1, true, $3, $4 FROM generate_series(1, $2)`,
      [owner.id, count, `DTSTART:${ical(start)}\nRRULE:FREQ=DAILY`, start],
    );
    await seed(5, at(70 * HOUR));
    await seed(300, at(72 * HOUR));
    const few = await statementsOfTick(at(70 * HOUR));
    const many = await statementsOfTick(at(72 * HOUR));
    expect([few.emitted, many.emitted]).toEqual([5, 300]);
    expect(many.statements).toBe(few.statements);
  });

  describe('two instances with their own connections', () => {
    let second: SecondInstance;

    beforeAll(async () => {
      second = await createSecondInstance(t);
    });
    afterAll(async () => {
      await second.close();
    });

    it('emit each occurrence exactly once when they tick at the same time', async () => {
      const base = at(100 * HOUR);
      const owner = await createClient(admin);
      const starts: Date[] = [];
      const ids: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const start = new Date(base.getTime() + ((i * 7) % 60) * MINUTE);
        starts.push(start);
        ids.push((await createEvent({ rrule: `DTSTART:${ical(start)}\nRRULE:FREQ=HOURLY` }, new Date(base.getTime() - MINUTE), owner.id)).id);
      }
      const a = t.app.get(Scheduler);
      const b = second.app.get(Scheduler);
      expect(a).not.toBe(b);

      const last = new Date(base.getTime() + 6 * HOUR);
      for (let now = base; now <= last; now = new Date(now.getTime() + 20 * MINUTE)) {
        await Promise.all([a.tick(now), b.tick(now)]);
      }

      const expected = starts.reduce((sum, start) => sum + Math.floor((last.getTime() - start.getTime()) / HOUR) + 1, 0);
      const { rows } = await db.query(
        `SELECT event_id, execution_time, count(*)::int AS n FROM collection_jobs WHERE event_id = ANY($1::int[])
         GROUP BY event_id, execution_time`,
        [ids],
      );
      expect(rows.filter((row) => row.n !== 1)).toEqual([]);
      expect(rows).toHaveLength(expected);
      for (const [i, id] of ids.entries()) {
        const mine = rows.filter((row) => row.event_id === id).map((row) => (row.execution_time as Date).getTime()).sort((x, y) => x - y);
        const count = Math.floor((last.getTime() - starts[i].getTime()) / HOUR) + 1;
        expect(mine).toEqual(Array.from({ length: count }, (_, k) => starts[i].getTime() + k * HOUR));
      }
    });
  });

  it('stops, and logs, each event whose stored rule cannot be planned, and emits the others of the batch', async () => {
    const due = at(200 * HOUR);
    const owner = await createClient(admin);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i).join(',');
    // Rules an older version or a hand edit could have stored; created first, so they head the claim.
    const broken = {
      'no DTSTART': 'FREQ=DAILY',
      'over the step budget': `DTSTART:${ical(due)}\nRRULE:FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31`,
      'every second of the year': `DTSTART:${ical(due)}\nRRULE:FREQ=YEARLY;BYMONTH=${range(1, 12)};BYMONTHDAY=${range(1, 31)};` +
        `BYHOUR=${range(0, 23)};BYMINUTE=${range(0, 59)};BYSECOND=${range(0, 59)}`,
    };
    const brokenIds: number[] = [];
    for (const rrule of Object.values(broken)) {
      const { id } = await createEvent({ rrule: `DTSTART:${ical(due)}\nRRULE:FREQ=DAILY` }, at(199 * HOUR), owner.id);
      await db.query('UPDATE collection_events SET rrule = $2 WHERE id = $1', [id, rrule]);
      brokenIds.push(id);
    }
    const hourly = await createEvent({ rrule: `DTSTART:${ical(due)}\nRRULE:FREQ=HOURLY` }, at(199 * HOUR), owner.id);
    const daily = await createEvent({ rrule: `DTSTART:${ical(due)}\nRRULE:FREQ=DAILY` }, at(199 * HOUR), owner.id);

    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const started = Date.now();
      await tick(at(200 * HOUR + MINUTE));
      expect(Date.now() - started).toBeLessThan(5000);
      expect(warn.mock.calls.map(([message]) => message).filter((message) => String(message).includes('stopped'))).toEqual([
        `event ${brokenIds[0]} stopped: its rule cannot be read (DTSTART is missing)`,
        `event ${brokenIds[1]} stopped: the rule takes more than 20000 steps (periods of FREQ × INTERVAL) to evaluate`,
        `event ${brokenIds[2]} stopped: its rule cannot be read (BYMINUTE takes a single value: collection runs at most hourly)`,
      ]);
    } finally {
      warn.mockRestore();
    }
    for (const id of brokenIds) {
      expect([id, await jobsOf(id), await nextOf(id)]).toEqual([id, [], null]);
    }
    expect(times(await jobsOf(hourly.id))).toEqual([due.toISOString()]);
    expect(await nextOf(hourly.id)).toBe(at(201 * HOUR).toISOString());
    expect(times(await jobsOf(daily.id))).toEqual([due.toISOString()]);
    expect(await nextOf(daily.id)).toBe(at(224 * HOUR).toISOString());

    // Stopped for good: later ticks leave them alone.
    await tick(at(230 * HOUR));
    for (const id of brokenIds) expect(await jobsOf(id)).toEqual([]);
  });

  it('stops an event, after its run, once its rule has no occurrence within 5 years', async () => {
    const first = at(240 * HOUR);
    const event = await createEvent({ rrule: `DTSTART:${ical(first)}\nRRULE:FREQ=YEARLY;INTERVAL=6` }, at(239 * HOUR));
    expect(event.next_scheduled_at).toBe(first.toISOString());
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      await tick(at(240 * HOUR));
      expect(warn).toHaveBeenCalledWith(`event ${event.id} stopped: the rule has no occurrence within 5 years`);
    } finally {
      warn.mockRestore();
    }
    expect(times(await jobsOf(event.id))).toEqual([first.toISOString()]);
    expect(await nextOf(event.id)).toBeNull();
  });
});
