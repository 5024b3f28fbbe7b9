import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client as PgClient } from 'pg';
import { Clock } from '@app/platform';
import { GraphStore } from '@app/graph';
import { seedGraph } from '@app/graph/testing';
import { communityEditionAdmin, countStatements, createClient, eventBody, type TestClient } from './support/collection.js';
import { adminCaller, Caller, NULL_TIME, RFC3339, Roles, userSession } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

/** A fixed business time: event schedules are planned from it (timestamps the database writes stay real). */
const NOW = new Date('2031-05-06T07:08:09.500Z');
const NOW_SECOND = '2031-05-06T07:08:09.000Z';

class FixedClock extends Clock {
  current = new Date(NOW);
  override now(): Date {
    return new Date(this.current);
  }
}

const OU = { objectid: 'OU-GUID-FINANCE', name: 'FINANCE@CORP.LOCAL', distinguishedname: 'OU=FINANCE,DC=CORP,DC=LOCAL' };
const DOMAIN = { objectid: 'S-1-5-21-1000', name: 'CORP.LOCAL', distinguishedname: 'DC=CORP,DC=LOCAL' };
const FLAGS_OFF = {
  session_collection: false, local_group_collection: false, ad_structure_collection: false, cert_services_collection: false,
  ca_registry_collection: false, dc_registry_collection: false, all_trusted_domains: false,
};

/** Polls `check` until it holds (at most 5 s). */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not reached within 5 s');
}

describe('events (collection schedules)', () => {
  const clock = new FixedClock();
  let t: TestApp;
  let admin: Caller;
  let db: PgClient;
  let client: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ customize: (b) => b.overrideProvider(Clock).useValue(clock) });
    admin = await adminCaller(t);
    db = new PgClient({ connectionString: t.databaseUrl });
    await db.connect();
    client = await createClient(admin, { domain_controller: 'dc01.corp.local' });
    other = await createClient(admin);
    await seedGraph(t.app.get(GraphStore), {
      nodes: [
        { objectid: OU.objectid, kinds: ['Base', 'OU'], properties: { name: OU.name, distinguishedname: OU.distinguishedname } },
        { objectid: DOMAIN.objectid, kinds: ['Base', 'Domain'], properties: { name: DOMAIN.name, distinguishedname: DOMAIN.distinguishedname } },
      ],
      edges: [],
    });
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  const create = async (fields: Record<string, unknown> = {}, clientId = client.id) => {
    const res = await admin.post('/events', eventBody(clientId, fields));
    if (res.status !== 200) throw new Error(`creating an event failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number; [field: string]: unknown };
  };

  describe('POST /api/v2/events', () => {
    it('answers 200 with every field of the event, its OUs hydrated from the graph', async () => {
      const res = await admin.post('/events', {
        client_id: client.id.toUpperCase(), title: 'Nightly finance', rrule: 'FREQ=HOURLY',
        session_collection: true, local_group_collection: true, ad_structure_collection: true, cert_services_collection: true,
        ca_registry_collection: true, dc_registry_collection: true, ous: ['ou-guid-finance', 'OU-GUID-FINANCE', ' ou-unknown '],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          id: expect.any(Number),
          client_id: client.id,
          title: 'Nightly finance',
          rrule: 'DTSTART:20310506T070809Z\nRRULE:FREQ=HOURLY',
          next_scheduled_at: NOW_SECOND,
          session_collection: true, local_group_collection: true, ad_structure_collection: true,
          cert_services_collection: true, ca_registry_collection: true, dc_registry_collection: true,
          all_trusted_domains: false,
          ous: [
            { ...OU, exists: true, type: 'OU' },
            { objectid: 'OU-UNKNOWN', name: '', exists: false, distinguishedname: '', type: '' },
          ],
          domains: [],
          created_at: expect.stringMatching(RFC3339),
          updated_at: expect.stringMatching(RFC3339),
          deleted_at: NULL_TIME,
        },
      });
    });

    it('hydrates domains, and shows an objectid the graph lacks as not existing', async () => {
      const event = await create({ domains: [DOMAIN.objectid.toLowerCase(), 's-1-5-21-404'] });
      expect(event.domains).toEqual([
        { objectid: DOMAIN.objectid, name: DOMAIN.name, exists: true, type: 'Domain' },
        { objectid: 'S-1-5-21-404', name: '', exists: false, type: '' },
      ]);
      expect(event.ous).toEqual([]);
    });

    it('schedules one run now (to the second) when rrule is absent or ""', async () => {
      for (const fields of [{}, { rrule: '' }, { rrule: null }]) {
        const event = await create(fields);
        expect([event.rrule, event.next_scheduled_at, event.title]).toEqual(['', NOW_SECOND, '']);
      }
    });

    it('keeps a given DTSTART and schedules the first occurrence from now on', async () => {
      const event = await create({ rrule: 'dtstart:20310101T020000z rrule:freq=daily;interval=1', all_trusted_domains: true });
      expect(event).toMatchObject({
        rrule: 'DTSTART:20310101T020000Z\nRRULE:FREQ=DAILY;INTERVAL=1', next_scheduled_at: '2031-05-07T02:00:00.000Z', all_trusted_domains: true,
      });
    });

    it('accepts COUNT and UNTIL rules', async () => {
      expect((await create({ rrule: 'FREQ=WEEKLY;COUNT=3' })).rrule).toBe('DTSTART:20310506T070809Z\nRRULE:FREQ=WEEKLY;COUNT=3');
      expect((await create({ rrule: 'FREQ=DAILY;UNTIL=20310601' })).rrule).toBe('DTSTART:20310506T070809Z\nRRULE:FREQ=DAILY;UNTIL=20310601T000000Z');
    });

    it.each([
      ['client_id is missing', { session_collection: true }, 'client_id is required'],
      ['client_id is null', { client_id: null, session_collection: true }, 'client_id is required'],
      ['client_id is not a uuid', { client_id: 'client-1', session_collection: true }, 'client_id must be a uuid'],
      ['client_id is a number', { client_id: 42, session_collection: true }, 'client_id must be a uuid'],
    ])('answers 400 when %s', async (_, body, message) => {
      expect(errorMessage(await admin.post('/events', body), 400)).toBe(message);
    });

    it.each([
      ['no collection flag is set', { session_collection: false }, 'at least one data collection flag must be provided'],
      ['only all_trusted_domains is set', { session_collection: false, all_trusted_domains: true }, 'at least one data collection flag must be provided'],
      ['OUs and domains are both given', { ous: ['A'], domains: ['B'] }, 'may only scope collection by exactly one of OU, Domain, or All Trusted Domains'],
      ['OUs and all trusted domains are both given', { ous: ['A'], all_trusted_domains: true }, 'may only scope collection by exactly one of OU, Domain, or All Trusted Domains'],
      ['the rule is garbage', { rrule: 'garbage' }, 'invalid rrule specified: "GARBAGE" is neither a DTSTART nor an RRULE (e.g. DTSTART:20240101T090000Z RRULE:FREQ=DAILY)'],
      ['the rule is MINUTELY', { rrule: 'FREQ=MINUTELY;INTERVAL=60' }, 'invalid rrule specified: FREQ=MINUTELY is not supported: collection runs at most hourly'],
      ['the rule is SECONDLY', { rrule: 'FREQ=SECONDLY' }, 'invalid rrule specified: FREQ=SECONDLY is not supported: collection runs at most hourly'],
      ['the rule ended', { rrule: 'FREQ=DAILY;UNTIL=20300101' }, 'invalid rrule specified: the rule has no occurrence within 5 years'],
      ['the rule starts beyond 5 years', { rrule: 'DTSTART:20370101T000000Z\nRRULE:FREQ=DAILY' }, 'invalid rrule specified: the rule has no occurrence within 5 years'],
      ['the rule has an unknown part', { rrule: 'FREQ=DAILY;FOO=1' }, 'invalid rrule specified: unknown rule part FOO'],
      ['the rule runs twice an hour', { rrule: 'FREQ=HOURLY;BYMINUTE=0,30' }, 'invalid rrule specified: BYMINUTE takes a single value: collection runs at most hourly'],
      ['the rule runs every second of an hour', { rrule: 'FREQ=HOURLY;BYMINUTE=0;BYSECOND=0,1,2' }, 'invalid rrule specified: BYSECOND takes a single value: collection runs at most hourly'],
      ['the rule picks a position no period has', { rrule: 'FREQ=DAILY;BYHOUR=1,2;BYSETPOS=3' }, 'invalid rrule specified: BYSETPOS values must lie within ±2: a period of this rule holds at most 2 occurrences'],
      ['the rule never matches', { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, 'invalid rrule specified: the rule has no occurrence within 5 years'],
      ['the rule takes too many steps', { rrule: 'FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31' }, 'invalid rrule specified: the rule takes more than 20000 steps (periods of FREQ × INTERVAL) to evaluate: make it match more often or lower COUNT'],
      ['a flag is a string', { session_collection: 'yes' }, 'session_collection must be a boolean'],
      ['all_trusted_domains is a number', { all_trusted_domains: 1 }, 'all_trusted_domains must be a boolean'],
      ['title is a number', { title: 5 }, 'title must be a string'],
      ['title holds NUL', { title: 'a\u0000b' }, 'title must not contain NUL characters'],
      ['title is too long', { title: 'x'.repeat(1001) }, 'title is limited to 1000 characters'],
      ['title is too long in code points', { title: '\u{1F600}'.repeat(1001) }, 'title is limited to 1000 characters'],
      ['rrule is a number', { rrule: 5 }, 'rrule must be a string'],
      ['ous is a string', { ous: 'OU-1' }, 'ous must be an array of objectids (non-empty strings of at most 256 characters)'],
      ['domains holds a number', { domains: [1] }, 'domains must be an array of objectids (non-empty strings of at most 256 characters)'],
      ['domains holds an empty string', { domains: [' '] }, 'domains must be an array of objectids (non-empty strings of at most 256 characters)'],
      ['ous names too many objects', { ous: Array.from({ length: 1001 }, (_, i) => `OU-${i}`) }, 'ous may name at most 1000 objects'],
    ])('answers 400 when %s', async (_, fields, message) => {
      expect(errorMessage(await admin.post('/events', eventBody(client.id, fields)), 400)).toBe(message);
    });

    it('measures the title in code points, as client names are', async () => {
      const title = '\u{1F600}'.repeat(1000);
      expect((await create({ title })).title).toBe(title);
    });

    it('refuses at once the 568-character rule asking for every second of the year', async () => {
      const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i).join(',');
      const rrule = `FREQ=YEARLY;BYMONTH=${range(1, 12)};BYMONTHDAY=${range(1, 31)};BYHOUR=${range(0, 23)};BYMINUTE=${range(0, 59)};BYSECOND=${range(0, 59)}`;
      expect(rrule).toHaveLength(568);
      const started = Date.now();
      const res = await admin.post('/events', eventBody(client.id, { rrule }));
      expect(Date.now() - started).toBeLessThan(1000);
      expect(errorMessage(res, 400)).toBe('invalid rrule specified: BYMINUTE takes a single value: collection runs at most hourly');
    });

    it('quotes at most 64 characters of the rule text in a message, without control or format characters', async () => {
      const garbage = await admin.post('/events', eventBody(client.id, { rrule: `${'a'.repeat(600)}\u202e FREQ=DAILY` }));
      expect(errorMessage(garbage, 400)).toBe(
        `invalid rrule specified: "${'A'.repeat(64)}..." is neither a DTSTART nor an RRULE (e.g. DTSTART:20240101T090000Z RRULE:FREQ=DAILY)`,
      );
      const part = await admin.post('/events', eventBody(client.id, { rrule: 'FREQ=DAILY;X\u001b[2J\u200bY=1' }));
      expect(errorMessage(part, 400)).toBe('invalid rrule specified: unknown rule part X[2JY');
    });

    it('answers the event hydrated as hydrate_ous and hydrate_domains say, and checks them first', async () => {
      const plain = await admin.post('/events?hydrate_ous=false', eventBody(client.id, { ous: [OU.objectid.toLowerCase()] }));
      expect(plain.status).toBe(200);
      expect(plain.body.data.ous).toEqual([OU.objectid]);
      const domains = await admin.post('/events?hydrate_domains=0&hydrate_ous=false', eventBody(client.id, { domains: [DOMAIN.objectid] }));
      expect(domains.body.data.domains).toEqual([DOMAIN.objectid]);
      expect((await admin.get(`/events/${domains.body.data.id}`)).body.data.domains).toEqual([
        { objectid: DOMAIN.objectid, name: DOMAIN.name, exists: true, type: 'Domain' },
      ]);
      expect(errorMessage(await admin.post('/events?hydrate_ous=maybe', { title: 5 }), 400))
        .toBe('query parameter "hydrate_ous" is malformed: expected true or false');
    });

    it('checks the field types first, then the flags, the scope and the rule, then the client', async () => {
      const unknownClient = '00000000-0000-4000-8000-000000000000';
      const all = { rrule: 'garbage', ous: ['A'], domains: ['B'], session_collection: false };
      expect(errorMessage(await admin.post('/events', { ...all, client_id: unknownClient, title: 1 }), 400)).toBe('title must be a string');
      expect(errorMessage(await admin.post('/events', { ...all, client_id: unknownClient }), 400)).toBe('at least one data collection flag must be provided');
      expect(errorMessage(await admin.post('/events', { ...all, client_id: unknownClient, session_collection: true }), 400))
        .toBe('may only scope collection by exactly one of OU, Domain, or All Trusted Domains');
      expect(errorMessage(await admin.post('/events', { ...all, client_id: unknownClient, session_collection: true, domains: [] }), 400))
        .toMatch(/^invalid rrule specified: /);
      expect(errorMessage(await admin.post('/events', eventBody(unknownClient)), 404)).toBe('resource not found');
    });

    it('answers 400 when the body is not a JSON object', async () => {
      expect(errorMessage(await admin.post('/events', [eventBody(client.id)]), 400)).toBe('error unmarshalling JSON payload');
      expect(errorMessage(await admin.raw('post', '/events', '{"client_id":'), 400)).toBe('error unmarshalling JSON payload');
    });

    it('answers 404 for an unknown or deleted client', async () => {
      expect(errorMessage(await admin.post('/events', eventBody('6f1c2d3e-4b5a-4c6d-8e7f-000000000001')), 404)).toBe('resource not found');
      const gone = await createClient(admin);
      expect((await admin.delete(`/clients/${gone.id}`)).status).toBe(200);
      expect(errorMessage(await admin.post('/events', eventBody(gone.id)), 404)).toBe('resource not found');
    });
  });

  describe('GET /api/v2/events/{event_id}', () => {
    it('answers the event, hydrated by default and as objectids with hydrate_ous=false / hydrate_domains=false', async () => {
      const withOus = await create({ title: 'ous', ous: [OU.objectid] });
      const withDomains = await create({ title: 'domains', domains: [DOMAIN.objectid] });
      expect((await admin.get(`/events/${withOus.id}`)).body).toEqual({ data: withOus });
      expect((await admin.get(`/events/${withOus.id}?hydrate_ous=false`)).body.data.ous).toEqual([OU.objectid]);
      expect((await admin.get(`/events/${withOus.id}?hydrate_domains=false`)).body.data.ous).toEqual(withOus.ous);
      expect((await admin.get(`/events/${withDomains.id}?hydrate_domains=false`)).body.data.domains).toEqual([DOMAIN.objectid]);
      expect((await admin.get(`/events/${withDomains.id}?hydrate_ous=FALSE`)).body.data.domains).toEqual([
        { objectid: DOMAIN.objectid, name: DOMAIN.name, exists: true, type: 'Domain' },
      ]);
      expect(errorMessage(await admin.get(`/events/${withOus.id}?hydrate_ous=maybe`), 400))
        .toBe('query parameter "hydrate_ous" is malformed: expected true or false');
    });

    it('answers 404 for an unknown event and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.get('/events/987654'), 404)).toBe('resource not found');
      for (const id of ['abc', '1.5', '-1', '2147483648']) {
        expect(errorMessage(await admin.get(`/events/${id}`), 400)).toBe('id is malformed');
      }
    });

    it("shows the client's events in the client", async () => {
      const owner = await createClient(admin);
      const event = await create({}, owner.id);
      expect((await admin.get(`/clients/${owner.id}`)).body.data.events).toEqual([event]);
    });
  });

  describe('PUT /api/v2/events/{event_id}', () => {
    it('replaces every field and keeps the schedule when the rule does not change', async () => {
      const event = await create({ title: 'before', rrule: 'FREQ=HOURLY', ous: ['OU-1'] });
      clock.current = new Date(NOW.getTime() + 90 * 60_000);
      try {
        const res = await admin.put(`/events/${event.id}`, {
          title: 'after', rrule: 'FREQ=HOURLY', ad_structure_collection: true, domains: [DOMAIN.objectid],
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          data: {
            ...event,
            ...FLAGS_OFF,
            title: 'after',
            ad_structure_collection: true,
            ous: [],
            domains: [{ objectid: DOMAIN.objectid, name: DOMAIN.name, exists: true, type: 'Domain' }],
            updated_at: expect.stringMatching(RFC3339),
          },
        });
        expect(res.body.data.rrule).toBe('DTSTART:20310506T070809Z\nRRULE:FREQ=HOURLY');
        expect(res.body.data.next_scheduled_at).toBe(NOW_SECOND);
        expect(new Date(res.body.data.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(event.updated_at as string).getTime());
        // The stored text itself is no change either.
        expect((await admin.put(`/events/${event.id}`, { rrule: event.rrule, session_collection: true })).body.data.next_scheduled_at).toBe(NOW_SECOND);
      } finally {
        clock.current = new Date(NOW);
      }
    });

    it('plans the schedule again when the rule changes', async () => {
      const event = await create({ rrule: 'FREQ=HOURLY' });
      const res = await admin.put(`/events/${event.id}`, eventBody(client.id, { rrule: 'DTSTART:20310101T060000Z\nRRULE:FREQ=DAILY' }));
      expect(res.body.data).toMatchObject({ rrule: 'DTSTART:20310101T060000Z\nRRULE:FREQ=DAILY', next_scheduled_at: '2031-05-07T06:00:00.000Z' });
      const once = await admin.put(`/events/${event.id}`, eventBody(client.id));
      expect(once.body.data).toMatchObject({ rrule: '', next_scheduled_at: NOW_SECOND });
    });

    it('moves the event to the client given, and keeps its client when none is given', async () => {
      const event = await create();
      expect((await admin.put(`/events/${event.id}`, eventBody(other.id))).body.data.client_id).toBe(other.id);
      expect((await admin.put(`/events/${event.id}`, { session_collection: true })).body.data.client_id).toBe(other.id);
      expect(errorMessage(await admin.put(`/events/${event.id}`, eventBody('6f1c2d3e-4b5a-4c6d-8e7f-000000000002')), 404)).toBe('resource not found');
    });

    it('checks the body as POST does', async () => {
      const event = await create();
      expect(errorMessage(await admin.put(`/events/${event.id}`, { client_id: 'x', session_collection: true }), 400)).toBe('client_id must be a uuid');
      expect(errorMessage(await admin.put(`/events/${event.id}`, {}), 400)).toBe('at least one data collection flag must be provided');
      expect(errorMessage(await admin.put(`/events/${event.id}`, { session_collection: true, ous: ['A'], all_trusted_domains: true }), 400))
        .toBe('may only scope collection by exactly one of OU, Domain, or All Trusted Domains');
      expect(errorMessage(await admin.put(`/events/${event.id}`, { session_collection: true, rrule: 'FREQ=MINUTELY' }), 400))
        .toBe('invalid rrule specified: FREQ=MINUTELY is not supported: collection runs at most hourly');
      expect(errorMessage(await admin.raw('put', `/events/${event.id}`, '"text"'), 400)).toBe('error unmarshalling JSON payload');
    });

    it('answers 404 for an unknown event and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.put('/events/987654', eventBody(client.id)), 404)).toBe('resource not found');
      expect(errorMessage(await admin.put('/events/x1', eventBody(client.id)), 400)).toBe('id is malformed');
    });

    it('answers the event hydrated as hydrate_ous and hydrate_domains say, and checks them first', async () => {
      const event = await create({ ous: [OU.objectid] });
      const res = await admin.put(`/events/${event.id}?hydrate_ous=false`, { session_collection: true, ous: [OU.objectid] });
      expect(res.status).toBe(200);
      expect(res.body.data.ous).toEqual([OU.objectid]);
      expect((await admin.put(`/events/${event.id}`, { session_collection: true, ous: [OU.objectid] })).body.data.ous)
        .toEqual([{ ...OU, exists: true, type: 'OU' }]);
      expect(errorMessage(await admin.put(`/events/${event.id}?hydrate_domains=x`, eventBody(client.id)), 400))
        .toBe('query parameter "hydrate_domains" is malformed: expected true or false');
      expect(errorMessage(await admin.put('/events/987654?hydrate_domains=x', eventBody(client.id)), 400))
        .toBe('query parameter "hydrate_domains" is malformed: expected true or false');
    });

    it('reads, plans and writes the event under its row lock: a tick committed meanwhile is never undone', async () => {
      const event = await create({ rrule: 'FREQ=HOURLY' });
      const moved = new Date(NOW.getTime() + 3_600_000 - 500);
      const locker = new PgClient({ connectionString: t.databaseUrl });
      await locker.connect();
      try {
        // What a scheduler tick does: lock the event, then move next_scheduled_at on.
        await locker.query('BEGIN');
        await locker.query('SELECT 1 FROM collection_events WHERE id = $1 FOR UPDATE', [event.id]);
        const pending = admin.put(`/events/${event.id}`, { title: 'renamed', rrule: 'FREQ=HOURLY', session_collection: true }).then((res) => res);
        await waitFor(async () => {
          const { rows } = await db.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return rows[0].n === 1;
        });
        await locker.query('UPDATE collection_events SET next_scheduled_at = $2 WHERE id = $1', [event.id, moved]);
        await locker.query('COMMIT');
        const res = await pending;
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ title: 'renamed', rrule: event.rrule, next_scheduled_at: moved.toISOString() });
        const { rows } = await db.query('SELECT next_scheduled_at FROM collection_events WHERE id = $1', [event.id]);
        expect(rows[0].next_scheduled_at).toEqual(moved);
      } finally {
        await locker.end();
      }
    });
  });

  describe('DELETE /api/v2/events/{event_id}', () => {
    it('answers 204, removes the READY jobs of the event and keeps its running and finished ones', async () => {
      const event = await create({ title: 'to delete' });
      const otherEvent = await create();
      const insert = async (eventId: number, status: number, offsetHours: number) => {
        const { rows } = await db.query(
          `INSERT INTO collection_jobs (client_id, event_id, execution_time, status) VALUES ($1, $2, $3, $4) RETURNING id`,
          [client.id, eventId, new Date(NOW.getTime() + offsetHours * 3_600_000), status],
        );
        return Number(rows[0].id);
      };
      const ready = [await insert(event.id, 0, 1), await insert(event.id, 0, 2)];
      const kept = [await insert(event.id, 1, 3), await insert(event.id, 2, 4), await insert(event.id, 5, 5)];
      const othersReady = await insert(otherEvent.id, 0, 1);

      const res = await admin.delete(`/events/${event.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');

      const { rows } = await db.query('SELECT id FROM collection_jobs WHERE id = ANY($1::bigint[]) ORDER BY id', [[...ready, ...kept, othersReady]]);
      expect(rows.map((row) => Number(row.id))).toEqual([...kept, othersReady]);
      expect(errorMessage(await admin.get(`/events/${event.id}`), 404)).toBe('resource not found');
      expect(errorMessage(await admin.put(`/events/${event.id}`, eventBody(client.id)), 404)).toBe('resource not found');
      expect(errorMessage(await admin.delete(`/events/${event.id}`), 404)).toBe('resource not found');

      const listed = await admin.get(`/events?id=eq:${event.id}`);
      expect(listed.body.count).toBe(0);
      const deleted = await admin.get(`/events?id=eq:${event.id}&deleted_at=neq:null`);
      expect(deleted.body.data).toEqual([{ ...event, updated_at: expect.stringMatching(RFC3339), deleted_at: { time: expect.stringMatching(RFC3339), valid: true } }]);
    });

    it('answers 404 for an unknown event and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.delete('/events/987654'), 404)).toBe('resource not found');
      expect(errorMessage(await admin.delete('/events/abc'), 400)).toBe('id is malformed');
    });
  });

  describe('GET /api/v2/events', () => {
    let owner: TestClient;
    let events: { id: number; [field: string]: unknown }[];

    beforeAll(async () => {
      owner = await createClient(admin);
      events = [
        await create({ title: 'Charlie', rrule: 'DTSTART:20310506T100000Z\nRRULE:FREQ=DAILY', ous: [OU.objectid] }, owner.id),
        await create({ title: 'alpha', rrule: 'DTSTART:20310506T090000Z\nRRULE:FREQ=DAILY', session_collection: false, dc_registry_collection: true }, owner.id),
        await create({ title: 'Bravo', domains: [DOMAIN.objectid] }, owner.id),
      ];
    });

    const list = async (query: string) => {
      const res = await admin.get(`/events?client_id=eq:${owner.id}${query}`);
      expect(res.status).toBe(200);
      return res.body as { count: number; skip: number; limit: number; data: { id: number; title: string }[] };
    };
    const ids = async (query: string) => (await list(query)).data.map((event) => event.id);

    it('pages the events by id, hydrated', async () => {
      expect(await list('')).toEqual({ count: 3, skip: 0, limit: 100, data: events });
      expect(await list('&skip=1&limit=1')).toEqual({ count: 3, skip: 1, limit: 1, data: [events[1]] });
      expect(await list('&skip=10')).toEqual({ count: 3, skip: 10, limit: 100, data: [] });
    });

    it('shows objectids with hydrate_ous=false and hydrate_domains=false', async () => {
      const page = await list('&hydrate_ous=false&hydrate_domains=false');
      expect(page.data.map((event) => [event.id, (event as never as { ous: unknown }).ous, (event as never as { domains: unknown }).domains])).toEqual([
        [events[0].id, [OU.objectid], []], [events[1].id, [], []], [events[2].id, [], [DOMAIN.objectid]],
      ]);
    });

    it('filters on the event columns', async () => {
      expect(await ids(`&id=eq:${events[1].id}`)).toEqual([events[1].id]);
      expect(await ids(`&id=gt:${events[0].id}`)).toEqual([events[1].id, events[2].id]);
      expect(await ids('&title=~eq:RAV')).toEqual([events[2].id]);
      expect(await ids('&title=eq:alpha')).toEqual([events[1].id]);
      expect(await ids('&rrule=eq:')).toEqual([events[2].id]);
      expect(await ids('&rrule=~eq:FREQ=DAILY')).toEqual([events[0].id, events[1].id]);
      expect(await ids('&session_collection=false')).toEqual([events[1].id]);
      expect(await ids('&dc_registry_collection=eq:true')).toEqual([events[1].id]);
      expect(await ids('&all_trusted_domains=eq:true')).toEqual([]);
      expect(await ids('&next_scheduled_at=gt:2031-05-06T09:30:00Z')).toEqual([events[0].id]);
      expect(await ids(`&next_scheduled_at=lte:${NOW_SECOND}`)).toEqual([events[2].id]);
      expect(await ids('&created_at=lt:2000-01-01T00:00:00Z')).toEqual([]);
      expect(await ids('&updated_at=gt:2000-01-01T00:00:00Z')).toEqual(events.map((event) => event.id));
      expect((await admin.get(`/events?client_id=eq:${other.id}&client_id=eq:${owner.id}`)).body.count).toBe(0);
    });

    it('sorts on next_scheduled_at, title, id and the timestamps', async () => {
      expect(await ids('&sort_by=next_scheduled_at')).toEqual([events[2].id, events[1].id, events[0].id]);
      expect(await ids('&sort_by=-next_scheduled_at')).toEqual([events[0].id, events[1].id, events[2].id]);
      expect(await ids('&sort_by=title')).toEqual([events[2].id, events[0].id, events[1].id]);
      expect(await ids('&sort_by=-id')).toEqual([events[2].id, events[1].id, events[0].id]);
      for (const column of ['created_at', 'updated_at', 'deleted_at']) {
        expect((await ids(`&sort_by=${column}`)).sort()).toEqual(events.map((event) => event.id).sort());
      }
    });

    it('answers 400 for a bad filter or sort', async () => {
      expect(errorMessage(await admin.get('/events?sort_by=rrule'), 400)).toBe('column format does not support sorting: rrule');
      expect(errorMessage(await admin.get('/events?ous=eq:A'), 400)).toBe('the specified column cannot be filtered: ous');
      expect(errorMessage(await admin.get('/events?id=eq:abc'), 400)).toBe('there are errors in the query parameter filters specified');
      expect(errorMessage(await admin.get('/events?client_id=eq:nope'), 400)).toBe('there are errors in the query parameter filters specified');
      expect(errorMessage(await admin.get('/events?title=gt:a'), 400)).toBe('the specified filter predicate is not supported for this column: title gt');
      expect(errorMessage(await admin.get('/events?hydrate_domains=2'), 400)).toBe('query parameter "hydrate_domains" is malformed: expected true or false');
    });
  });

  describe('the cost of a page', () => {
    const statements = (path: string) => countStatements<{ count: number; data: { ous: unknown[] }[] }>(admin, path);

    it('is the same for a page of 5 events and a page of 200, OUs hydrated', async () => {
      const few = await createClient(admin);
      const many = await createClient(admin);
      for (const [owner, count] of [[few, 5], [many, 200]] as const) {
        await db.query(
          `INSERT INTO collection_events (client_id, session_collection, ous)
           SELECT $1, true, ARRAY['OU-' || i, $3] FROM generate_series(1, $2) AS i`,
          [owner.id, count, OU.objectid],
        );
      }
      // Warm-up: whatever the app loads once is not part of a page's cost.
      await statements(`/events?client_id=eq:${few.id}&limit=1000`);
      await statements(`/events?client_id=eq:${many.id}&limit=1000`);
      const small = await statements(`/events?client_id=eq:${few.id}&limit=1000`);
      const large = await statements(`/events?client_id=eq:${many.id}&limit=1000`);
      expect([small.body.count, large.body.count, large.body.data.length]).toEqual([5, 200, 200]);
      expect(large.body.data[199].ous).toEqual([
        { objectid: 'OU-200', name: '', exists: false, distinguishedname: '', type: '' }, { ...OU, exists: true, type: 'OU' },
      ]);
      expect(small.count).toBeGreaterThan(0);
      expect(large.count).toBe(small.count);
    });
  });

  describe('access', () => {
    let event: { id: number };
    let readOnly: Caller;
    let user: Caller;

    beforeAll(async () => {
      event = await create();
      readOnly = (await userSession(t, admin, Roles.ReadOnly)).caller;
      user = (await userSession(t, admin, Roles.User)).caller;
    });

    it('answers 401 without credentials', async () => {
      const anonymous = new Caller(t);
      expect(errorMessage(await anonymous.get('/events'), 401)).toBe('not authenticated');
      expect(errorMessage(await anonymous.get(`/events/${event.id}`), 401)).toBe('not authenticated');
      expect(errorMessage(await anonymous.post('/events', eventBody(client.id)), 401)).toBe('not authenticated');
      expect(errorMessage(await anonymous.put(`/events/${event.id}`, eventBody(client.id)), 401)).toBe('not authenticated');
      expect(errorMessage(await anonymous.delete(`/events/${event.id}`), 401)).toBe('not authenticated');
    });

    it('answers 403 to reads without clients:Read', async () => {
      expect(errorMessage(await readOnly.get('/events'), 403)).toBe('not authorized');
      expect(errorMessage(await readOnly.get(`/events/${event.id}`), 403)).toBe('not authorized');
    });

    it('lets clients:Read read, and answers 403 to changes without clients:Manage', async () => {
      expect((await user.get(`/events/${event.id}`)).status).toBe(200);
      expect((await user.get('/events')).status).toBe(200);
      expect(errorMessage(await user.post('/events', eventBody(client.id)), 403)).toBe('not authorized');
      expect(errorMessage(await user.put(`/events/${event.id}`, eventBody(client.id)), 403)).toBe('not authorized');
      expect(errorMessage(await user.delete(`/events/${event.id}`), 403)).toBe('not authorized');
      expect((await admin.get(`/events/${event.id}`)).status).toBe(200);
    });
  });
});

describe('events in the community edition', () => {
  const communityAdmin = communityEditionAdmin();

  it('answers 404 on every events route', async () => {
    const body = eventBody('6f1c2d3e-4b5a-4c6d-8e7f-000000000001');
    for (const res of [
      await communityAdmin().get('/events'), await communityAdmin().post('/events', body), await communityAdmin().get('/events/1'),
      await communityAdmin().put('/events/1', body), await communityAdmin().delete('/events/1'),
    ]) {
      expect(errorMessage(res, 404)).toBe('resource not found');
    }
  });
});
