import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signed } from './support/auth.js';
import {
  asClient, clientRows, createClient, NO_INT64, NOT_FOUND, uniqueClientName, type TestClient, ZERO_JOB, ZERO_UUID,
} from './support/collection.js';
import { adminCaller, Caller, NULL_TIME, RFC3339, UUID, ZERO_TIME } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

// Create, read, update, delete and token rotation; the listing, access and the community edition are in collection-clients-listing.

const UNMARSHAL = 'error unmarshalling JSON payload';
const UNKNOWN_TOKEN = 'unable to validate request signature for client: resource not found';

const nullString = (value: string | null) => (value === null ? { string: '', valid: false } : { string: value, valid: true });

/** Every field of a wire Client as it is right after creation: `key` is the plain key there, "" everywhere else. */
function newClientShape(name: string, type: string, domainController: string | null, key: string | RegExp) {
  const timestamp = expect.stringMatching(RFC3339);
  return {
    id: expect.stringMatching(UUID),
    name,
    ip_address: '',
    hostname: '',
    configured_user: '',
    last_checkin: ZERO_TIME,
    events: [],
    token: {
      id: expect.stringMatching(UUID),
      created_at: timestamp,
      updated_at: timestamp,
      deleted_at: NULL_TIME,
      user_id: { uuid: ZERO_UUID, valid: false },
      name: { string: name, valid: true },
      key: typeof key === 'string' ? key : expect.stringMatching(key),
      hmac_method: 'hmac-sha2-256',
      last_access: ZERO_TIME,
    },
    current_job_id: NO_INT64,
    current_task_id: NO_INT64,
    current_job: ZERO_JOB,
    current_task: ZERO_JOB,
    completed_job_count: 0,
    completed_task_count: 0,
    domain_controller: nullString(domainController),
    issuer_address: { string: '', valid: false },
    issuer_address_override: { string: '', valid: false },
    version: '',
    user_sid: { string: '', valid: false },
    type,
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: NULL_TIME,
  };
}

describe('collection clients (/api/v2/clients)', () => {
  let t: TestApp;
  let admin: Caller;
  const rows = clientRows();
  const { sql, insertJob, insertEvent } = rows;

  beforeAll(async () => {
    // No background scheduler ticks, as in collection-clients-listing.
    t = await createTestApp();
    admin = await adminCaller(t);
    await rows.connect(t);
  });
  afterAll(async () => {
    await rows.end();
    await t.close();
  });

  describe('POST /clients', () => {
    it('answers 201 with every field of the client, its token holding the plain key (40 bytes, base64)', async () => {
      const name = uniqueClientName('create');
      const res = await admin.post('/clients', { name: `  ${name}  `, type: 'azurehound', domain_controller: 'dc01.corp.local' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ data: newClientShape(name, 'azurehound', 'dc01.corp.local', /^[A-Za-z0-9+/]{54}==$/) });
      expect(Buffer.from(res.body.data.token.key, 'base64')).toHaveLength(40);
    });

    it('stores the key only encrypted', async () => {
      const created = await createClient(admin);
      const [row] = await sql('SELECT encrypted_key FROM collection_client_tokens WHERE id = $1', [created.token.id]);
      expect(row.encrypted_key).toMatch(/^v1:/);
      expect(row.encrypted_key).not.toContain(created.token.key);
    });

    it('reads a missing, null or blank domain_controller as none, and ignores unknown fields', async () => {
      for (const fields of [{}, { domain_controller: null }, { domain_controller: '  ' }, { events: [{ rrule: 'x' }], provided_identifier: 'x' }]) {
        const name = uniqueClientName('dc');
        const res = await admin.post('/clients', { name, type: 'sharphound', ...fields });
        expect(res.status).toBe(201);
        expect(res.body.data.domain_controller).toEqual({ string: '', valid: false });
        expect(res.body.data.events).toEqual([]);
      }
    });

    it('keeps issuer_address and issuer_address_override, trimmed; blank or null is none', async () => {
      const res = await admin.post('/clients', {
        name: uniqueClientName('issuer'), type: 'sharphound', issuer_address: ' https://issuer.corp.local ', issuer_address_override: ' ',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        issuer_address: { string: 'https://issuer.corp.local', valid: true }, issuer_address_override: { string: '', valid: false },
      });
      const shown = await admin.get(`/clients/${res.body.data.id}`);
      expect(shown.body.data.issuer_address).toEqual({ string: 'https://issuer.corp.local', valid: true });
    });

    it.each([
      ['a missing name', { type: 'sharphound' }, 'name is required'],
      ['an empty name', { name: '', type: 'sharphound' }, 'name is required'],
      ['a blank name', { name: ' \t ', type: 'sharphound' }, 'name is required'],
      ['a name over 250 characters', { name: 'n'.repeat(251), type: 'sharphound' }, 'name is limited to 250 characters'],
      ['a name with NUL', { name: 'a\u0000b', type: 'sharphound' }, 'name must not contain NUL characters'],
      ['a missing type', { name: 'x' }, 'type must be one of sharphound, azurehound'],
      ['an unknown type', { name: 'x', type: 'openhound' }, 'type must be one of sharphound, azurehound'],
      ['a domain_controller with NUL', { name: 'x', type: 'sharphound', domain_controller: 'dc\u0000' }, 'domain_controller must not contain NUL characters'],
      ['a domain_controller over 255 characters', { name: 'x', type: 'sharphound', domain_controller: 'd'.repeat(256) }, 'domain_controller is limited to 255 characters'],
      ['a name that is not a string', { name: 5, type: 'sharphound' }, UNMARSHAL],
      ['a type that is not a string', { name: 'x', type: 1 }, UNMARSHAL],
      ['a domain_controller that is not a string', { name: 'x', type: 'sharphound', domain_controller: ['dc'] }, UNMARSHAL],
      ['an issuer_address over 2048 characters', { name: 'x', type: 'sharphound', issuer_address: 'a'.repeat(2049) }, 'issuer_address is limited to 2048 characters'],
      ['an issuer_address_override with NUL', { name: 'x', type: 'sharphound', issuer_address_override: 'a\u0000' }, 'issuer_address_override must not contain NUL characters'],
      ['an issuer_address that is not a string', { name: 'x', type: 'sharphound', issuer_address: 1 }, UNMARSHAL],
      ['a body that is not an object', ['x'], UNMARSHAL],
    ])('answers 400 for %s', async (_case, body, message) => {
      expect(errorMessage(await admin.post('/clients', body), 400)).toBe(message);
    });

    it('answers 400 for malformed JSON, another content type, and no body', async () => {
      expect(errorMessage(await admin.raw('post', '/clients', '{"name":'), 400)).toBe(UNMARSHAL);
      expect(errorMessage(await admin.raw('post', '/clients', 'name=x', 'text/plain'), 400)).toBe('content type must be application/json');
      expect(errorMessage(await admin.post('/clients'), 400)).toBe(UNMARSHAL);
    });

    it('answers 409 for the name of a live client, whatever its case; a deleted client frees its name', async () => {
      const first = await createClient(admin);
      const res = await admin.post('/clients', { name: first.name.toUpperCase(), type: 'azurehound' });
      expect(errorMessage(res, 409)).toBe('client name must be unique');
      expect((await admin.delete(`/clients/${first.id}`)).status).toBe(200);
      expect((await admin.post('/clients', { name: first.name, type: 'sharphound' })).status).toBe(201);
    });
  });

  describe('GET /clients/{client_id}', () => {
    it('answers the client with every field, its key never shown', async () => {
      const created = await createClient(admin, { domain_controller: 'dc9' });
      const res = await admin.get(`/clients/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { ...created.body, token: { ...(created.body.token as object), key: '' } } });
    });

    it('shows check-in fields, the running job and the next ready job, the figures and the events', async () => {
      const created = await createClient(admin);
      await sql(
        `UPDATE collection_clients SET ip_address = '10.1.2.3', hostname = 'host-1', configured_user = 'CORP\\svc',
           version = 'v2.6.0', user_sid = 'S-1-5-21-9', last_checkin = '2025-02-03T04:05:06.789Z' WHERE id = $1`,
        [created.id],
      );
      const eventId = await insertEvent(created.id, ['OU-UNKNOWN-1']);
      const running = await insertJob(created.id, 1, { eventId, domains: ['S-1-5-21-UNKNOWN'] });
      const ready = await insertJob(created.id, 0);
      await insertJob(created.id, 2);
      await insertJob(created.id, 5, { eventId });
      await insertJob(created.id, 3);

      const res = await admin.get(`/clients/${created.id}`);
      expect(res.status).toBe(200);
      const client = res.body.data;
      expect(client).toMatchObject({
        ip_address: '10.1.2.3', hostname: 'host-1', configured_user: 'CORP\\svc', version: 'v2.6.0',
        user_sid: { string: 'S-1-5-21-9', valid: true }, last_checkin: '2025-02-03T04:05:06.789Z',
        current_job_id: { int64: running, valid: true }, current_task_id: { int64: ready, valid: true },
        completed_job_count: 3, completed_task_count: 2,
      });
      expect(client.current_job).toMatchObject({
        id: running, client_id: created.id, client_name: created.name, event_id: { int32: eventId, valid: true }, status: 1,
        start_time: '2025-01-10T00:01:00.000Z', session_collection: true, domain_results: [],
        domains: [{ objectid: 'S-1-5-21-UNKNOWN', name: '', exists: false, type: '' }],
      });
      expect(client.current_task).toMatchObject({ id: ready, client_id: created.id, status: 0, event_id: { int32: 0, valid: false } });
      expect(client.events).toEqual([expect.objectContaining({
        id: eventId, client_id: created.id, session_collection: true,
        ous: [{ objectid: 'OU-UNKNOWN-1', name: '', exists: false, distinguishedname: '', type: '' }],
      })]);

      const bare = await admin.get(`/clients/${created.id}?hydrate_ous=false&hydrate_domains=false`);
      expect(bare.body.data.events[0].ous).toEqual(['OU-UNKNOWN-1']);
      expect(bare.body.data.current_job.domains).toEqual(['S-1-5-21-UNKNOWN']);
    });

    it('answers 404 for an unknown client and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.get('/clients/6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01'), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.get('/clients/not-a-uuid'), 400)).toBe('id is malformed');
    });
  });

  describe('PUT /clients/{client_id}', () => {
    it('changes only the fields given and answers the client', async () => {
      const created = await createClient(admin, { domain_controller: 'dc01' });
      const name = uniqueClientName('renamed');
      const renamed = await admin.put(`/clients/${created.id}`, { name: ` ${name} `, type: 'azurehound' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({
        id: created.id, name, type: 'sharphound', domain_controller: { string: 'dc01', valid: true },
        token: { id: created.token.id, key: '', name: { string: name, valid: true } },
      });

      const cleared = await admin.put(`/clients/${created.id}`, { domain_controller: null });
      expect(cleared.body.data).toMatchObject({ name, domain_controller: { string: '', valid: false } });
      const unchanged = await admin.put(`/clients/${created.id}`, {});
      expect(unchanged.status).toBe(200);
      expect(unchanged.body.data).toMatchObject({ name, domain_controller: { string: '', valid: false } });
      expect((await admin.get(`/clients/${created.id}`)).body.data.name).toBe(name);
    });

    it('sets and clears issuer_address and issuer_address_override, each only when given', async () => {
      const created = await createClient(admin);
      const set = await admin.put(`/clients/${created.id}`, { issuer_address: 'https://a.corp', issuer_address_override: 'https://b.corp' });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({
        issuer_address: { string: 'https://a.corp', valid: true }, issuer_address_override: { string: 'https://b.corp', valid: true },
      });
      const cleared = await admin.put(`/clients/${created.id}`, { issuer_address_override: null });
      expect(cleared.body.data).toMatchObject({
        issuer_address: { string: 'https://a.corp', valid: true }, issuer_address_override: { string: '', valid: false },
      });
    });

    it('refuses what create refuses, and a live name of another client (409)', async () => {
      const a = await createClient(admin);
      const b = await createClient(admin);
      expect(errorMessage(await admin.put(`/clients/${a.id}`, { name: '  ' }), 400)).toBe('name is required');
      expect(errorMessage(await admin.put(`/clients/${a.id}`, { name: 7 }), 400)).toBe(UNMARSHAL);
      expect(errorMessage(await admin.put(`/clients/${a.id}`, []), 400)).toBe(UNMARSHAL);
      expect(errorMessage(await admin.put(`/clients/${a.id}`, { name: b.name.toUpperCase() }), 409)).toBe('client name must be unique');
      expect((await admin.put(`/clients/${a.id}`, { name: a.name.toUpperCase() })).status).toBe(200);
    });

    it('answers 404 for an unknown client and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.put('/clients/6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01', { name: 'x' }), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.put('/clients/1234', { name: 'x' }), 400)).toBe('id is malformed');
    });
  });

  describe('DELETE /clients/{client_id}', () => {
    it('answers 200 with an empty body, revokes the token, deletes events and READY jobs, cancels the RUNNING job; finished jobs stay', async () => {
      const created = await createClient(admin);
      expect((await asClient(t, created, 'GET', '/collectors/sharphound')).status).toBe(200);
      const eventId = await insertEvent(created.id);
      const ready = await insertJob(created.id, 0, { eventId });
      const running = await insertJob(created.id, 1);
      const done = await insertJob(created.id, 2);

      const res = await admin.delete(`/clients/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');

      expect(errorMessage(await admin.get(`/clients/${created.id}`), 404)).toBe(NOT_FOUND);
      expect((await admin.get(`/clients?id=eq:${created.id}`)).body).toMatchObject({ count: 0, data: [] });
      const deleted = await admin.get(`/clients?id=eq:${created.id}&deleted_at=neq:null`);
      expect(deleted.body.count).toBe(1);
      expect(deleted.body.data[0].deleted_at).toEqual({ time: expect.stringMatching(RFC3339), valid: true });
      expect(deleted.body.data[0].events).toEqual([]);

      expect(errorMessage(await asClient(t, created, 'GET', '/collectors/sharphound'), 401)).toBe(UNKNOWN_TOKEN);
      const [event] = await sql('SELECT deleted_at FROM collection_events WHERE id = $1', [eventId]);
      expect(event.deleted_at).not.toBeNull();
      const jobs = await sql('SELECT id FROM collection_jobs WHERE client_id = $1 ORDER BY id', [created.id]);
      expect(jobs.map((j) => Number(j.id))).toEqual([running, done]);
      expect(await sql('SELECT id FROM collection_jobs WHERE id = $1', [ready])).toEqual([]);
      // The running job can no longer be ended by its client: canceled at once, with the reason.
      const [canceled] = await sql('SELECT status, status_message, end_time FROM collection_jobs WHERE id = $1', [running]);
      expect([canceled.status, canceled.status_message, canceled.end_time === null]).toEqual([3, 'canceled: the client was deleted', false]);
      const [finished] = await sql('SELECT status FROM collection_jobs WHERE id = $1', [done]);
      expect(finished.status).toBe(2);
      const tokens = await sql('SELECT deleted_at FROM collection_client_tokens WHERE client_id = $1', [created.id]);
      expect(tokens.every((token) => token.deleted_at !== null)).toBe(true);
    });

    it('answers 404 for an unknown or already deleted client and 400 for a malformed id', async () => {
      const created = await createClient(admin);
      expect((await admin.delete(`/clients/${created.id}`)).status).toBe(200);
      expect(errorMessage(await admin.delete(`/clients/${created.id}`), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.delete('/clients/xyz'), 400)).toBe('id is malformed');
    });
  });

  describe('PUT /clients/{client_id}/token', () => {
    it('answers the new token with its key; the old key stops working at once and the new one works', async () => {
      const created = await createClient(admin);
      expect((await asClient(t, created, 'GET', '/collectors/sharphound')).status).toBe(200);

      const res = await admin.put(`/clients/${created.id}/token`);
      expect(res.status).toBe(200);
      const timestamp = expect.stringMatching(RFC3339);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(UUID), created_at: timestamp, updated_at: timestamp, deleted_at: NULL_TIME,
          user_id: { uuid: ZERO_UUID, valid: false }, name: { string: created.name, valid: true },
          key: expect.stringMatching(/^[A-Za-z0-9+/]{54}==$/), hmac_method: 'hmac-sha2-256', last_access: ZERO_TIME,
        },
      });
      const rotated: TestClient = { ...created, token: { id: res.body.data.id, key: res.body.data.key } };
      expect(rotated.token.id).not.toBe(created.token.id);
      expect(rotated.token.key).not.toBe(created.token.key);

      expect(errorMessage(await asClient(t, created, 'GET', '/collectors/sharphound'), 401)).toBe(UNKNOWN_TOKEN);
      // Even the old token id with the new key: the old token is gone, not re-keyed.
      const mixed = { id: created.token.id, key: rotated.token.key };
      expect(errorMessage(await signed(t, mixed, 'GET', '/api/v2/collectors/sharphound'), 401)).toBe(UNKNOWN_TOKEN);
      expect((await asClient(t, rotated, 'GET', '/collectors/sharphound')).status).toBe(200);

      const shown = (await admin.get(`/clients/${created.id}`)).body.data.token;
      expect(shown).toMatchObject({ id: rotated.token.id, key: '' });
      expect(shown.last_access).toMatch(RFC3339);
      expect(shown.last_access).not.toBe(ZERO_TIME);
    });

    it('answers 404 for an unknown or deleted client and 400 for a malformed id', async () => {
      const created = await createClient(admin);
      await admin.delete(`/clients/${created.id}`);
      expect(errorMessage(await admin.put(`/clients/${created.id}/token`), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.put('/clients/6f1c8a52-2b1e-4c55-9a53-2d7f3c1b9e01/token'), 404)).toBe(NOT_FOUND);
      expect(errorMessage(await admin.put('/clients/bad/token'), 400)).toBe('id is malformed');
    });
  });
});
