import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminCaller, Caller, createUser, Roles, selfId, userSession, UUID, type UserFields } from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

/** The users of this file, by label; `disabled` and `deleted` must never be listed. */
const FIXTURE: Record<string, UserFields> = {
  alice: { first_name: 'Alice', last_name: 'Liddell', email_address: 'alice@example.com' },
  bob: { first_name: 'Bob', email_address: 'bob@example.com' },
  pct: { first_name: '100%_sure', last_name: 'Percent', email_address: 'pct@example.com' },
  decoy: { first_name: '100xAsure', last_name: 'Decoy', email_address: 'decoy@example.com' },
  anon: {},
  disabled: { first_name: 'Disabled', last_name: 'Person', email_address: 'disabled@example.com', is_disabled: true },
  deleted: { first_name: 'Deleted', last_name: 'Person', email_address: 'deleted@example.com' },
};

describe('GET /api/v2/graph-users-minimal', () => {
  let t: TestApp;
  let admin: Caller;
  let reader: Caller;
  let uploader: Caller;
  /** label -> id and id -> label */
  const ids: Record<string, string> = {};
  const labels = new Map<string, string>();

  /** The labels of the users a query answers, in answer order. */
  async function listed(query = ''): Promise<string[]> {
    const res = await admin.get(`/graph-users-minimal${query}`);
    expect(res.status).toBe(200);
    return (res.body.data.users as { id: string }[]).map((user) => labels.get(user.id) ?? user.id);
  }

  async function badQuery(query: string): Promise<string> {
    return errorMessage(await admin.get(`/graph-users-minimal${query}`), 400);
  }

  function remember(label: string, id: string) {
    ids[label] = id;
    labels.set(id, label);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    remember('admin', await selfId(admin));
    for (const [label, fields] of Object.entries(FIXTURE)) remember(label, (await createUser(admin, fields)).id);
    expect((await admin.delete(`/bloodhound-users/${ids.deleted}`)).status).toBe(200);
    const r = await userSession(t, admin, Roles.ReadOnly, { first_name: 'Reader', last_name: 'Only', email_address: 'reader@example.com' });
    remember('reader', r.user.id);
    reader = r.caller;
    const u = await userSession(t, admin, Roles.UploadOnly, {
      first_name: 'Uploader', last_name: 'Only', email_address: 'uploader@example.com',
    });
    remember('uploader', u.user.id);
    uploader = u.caller;
  });
  afterAll(() => t.close());

  describe('access', () => {
    it('answers 401 not authenticated without credentials', async () => {
      expect(errorMessage(await new Caller(t).get('/graph-users-minimal'), 401)).toBe('not authenticated');
    });

    it('answers 403 not authorized without auth:ReadUsersMinimal (Upload-Only)', async () => {
      expect(errorMessage(await uploader.get('/graph-users-minimal'), 403)).toBe('not authorized');
    });

    it('lists users for a Read-Only user (auth:ReadUsersMinimal)', async () => {
      const res = await reader.get('/graph-users-minimal');
      expect(res.status).toBe(200);
      expect(res.body.data.users).toHaveLength(8);
    });
  });

  describe('success shape', () => {
    it('answers {id, first_name, last_name, email} with NullStrings and nothing else', async () => {
      const res = await admin.get(`/graph-users-minimal?id=eq:${ids.alice}`);
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({
        data: {
          users: [{
            id: ids.alice,
            first_name: { string: 'Alice', valid: true },
            last_name: { string: 'Liddell', valid: true },
            email: 'alice@example.com',
          }],
        },
      });
    });

    it('writes missing names as invalid NullStrings and a missing email as ""', async () => {
      const res = await admin.get(`/graph-users-minimal?id=eq:${ids.anon}`);
      expect(res.body.data.users).toStrictEqual([{
        id: ids.anon,
        first_name: { string: '', valid: false },
        last_name: { string: '', valid: false },
        email: '',
      }]);
    });

    it('lists live, enabled users by id, without disabled or deleted ones', async () => {
      const expected = ['admin', 'alice', 'bob', 'pct', 'decoy', 'anon', 'reader', 'uploader'].sort((a, b) =>
        ids[a] < ids[b] ? -1 : 1,
      );
      expect(await listed()).toEqual(expected);
      const res = await admin.get('/graph-users-minimal');
      for (const user of res.body.data.users as { id: string }[]) expect(user.id).toMatch(UUID);
    });

    it('drops a user once disabled', async () => {
      const user = await createUser(admin, { first_name: 'Soon Disabled' });
      expect(await listed('?first_name=eq:Soon Disabled')).toEqual([user.id]);
      expect((await admin.patch(`/bloodhound-users/${user.id}`, { is_disabled: true })).status).toBe(200);
      expect(await listed('?first_name=eq:Soon Disabled')).toEqual([]);
      expect((await admin.delete(`/bloodhound-users/${user.id}`)).status).toBe(200);
    });
  });

  describe('filters', () => {
    it('filters first_name with eq, neq and ~eq', async () => {
      expect(await listed('?first_name=eq:Alice')).toEqual(['alice']);
      expect(await listed('?first_name=~eq:LIC&sort_by=first_name')).toEqual(['alice']);
      expect(await listed('?first_name=neq:Alice&sort_by=first_name')).toEqual([
        'pct', 'decoy', 'admin', 'bob', 'reader', 'uploader',
      ]);
    });

    it('excludes NULLs with neq (a user without a last name is not "not Liddell")', async () => {
      expect(await listed('?last_name=neq:Liddell&sort_by=first_name')).toEqual([
        'pct', 'decoy', 'admin', 'reader', 'uploader',
      ]);
    });

    it('selects NULLs with eq:null and non-NULLs with neq:null', async () => {
      expect(await listed('?first_name=eq:null')).toEqual(['anon']);
      expect(await listed('?last_name=eq:null&sort_by=first_name')).toEqual(['bob', 'anon']);
      // The administrator has no email without ADMIN_EMAIL.
      expect(await listed('?email_address=neq:null&sort_by=email_address')).toEqual([
        'alice', 'bob', 'decoy', 'pct', 'reader', 'uploader',
      ]);
    });

    it('matches % and _ literally in ~eq', async () => {
      expect(await listed('?first_name=~eq:0%25_s')).toEqual(['pct']);
      expect(await listed('?first_name=~eq:0x')).toEqual(['decoy']);
      expect(await listed('?first_name=~eq:%25')).toEqual(['pct']);
      expect(await listed('?first_name=~eq:_')).toEqual(['pct']);
    });

    it('filters email_address case-insensitively with ~eq', async () => {
      expect(await listed('?email_address=~eq:ALICE@EXAMPLE')).toEqual(['alice']);
    });

    it('filters id with eq and neq', async () => {
      expect(await listed(`?id=eq:${ids.bob}`)).toEqual(['bob']);
      expect(await listed(`?id=eq:${ids.bob.toUpperCase()}`)).toEqual(['bob']);
      expect(await listed(`?id=neq:${ids.bob}&sort_by=first_name`)).toEqual([
        'pct', 'decoy', 'admin', 'alice', 'reader', 'uploader', 'anon',
      ]);
    });

    it('does not find disabled or deleted users even by id', async () => {
      expect(await listed(`?id=eq:${ids.disabled}`)).toEqual([]);
      expect(await listed(`?id=eq:${ids.deleted}`)).toEqual([]);
    });

    it('ANDs filters', async () => {
      expect(await listed('?last_name=eq:Only&first_name=neq:Reader')).toEqual(['uploader']);
    });
  });

  describe('filter errors', () => {
    it('answers 400 for an unknown operator', async () => {
      expect(await badQuery('?email_address=invalidPredicate:foo')).toBe(
        'there are errors in the query parameter filters specified',
      );
    });

    it('answers 400 for columns that cannot be filtered', async () => {
      expect(await badQuery('?principal_name=eq:admin')).toBe('the specified column cannot be filtered: principal_name');
      expect(await badQuery('?is_disabled=eq:true')).toBe('the specified column cannot be filtered: is_disabled');
      expect(await badQuery('?email=eq:x')).toBe('the specified column cannot be filtered: email');
    });

    it('answers 400 for operators the column does not support', async () => {
      expect(await badQuery('?first_name=gt:a')).toBe(
        'the specified filter predicate is not supported for this column: first_name gt',
      );
      expect(await badQuery(`?id=gt:${ids.alice}`)).toBe('the specified filter predicate is not supported for this column: id gt');
      expect(await badQuery('?id=~eq:abc')).toBe('the specified filter predicate is not supported for this column: id ~eq');
    });

    it('answers 400 for an id that is not a uuid', async () => {
      expect(await badQuery('?id=eq:abc')).toBe('there are errors in the query parameter filters specified');
      expect(await badQuery('?id=neq:1')).toBe('there are errors in the query parameter filters specified');
    });
  });

  describe('sort_by', () => {
    it('sorts by first_name ascending (NULLs last) and descending (NULLs first)', async () => {
      const ascending = ['pct', 'decoy', 'admin', 'alice', 'bob', 'reader', 'uploader', 'anon'];
      expect(await listed('?sort_by=first_name')).toEqual(ascending);
      expect(await listed('?sort_by=-first_name')).toEqual([...ascending].reverse());
    });

    it('sorts by several columns in order', async () => {
      expect(await listed('?sort_by=last_name&sort_by=first_name')).toEqual([
        'decoy', 'alice', 'reader', 'uploader', 'pct', 'admin', 'bob', 'anon',
      ]);
    });

    it('sorts by email_address and by id', async () => {
      // Users without an email (the administrator without ADMIN_EMAIL, anon) come last, in no set order.
      const byEmail = await listed('?sort_by=email_address');
      expect(byEmail.slice(0, 6)).toEqual(['alice', 'bob', 'decoy', 'pct', 'reader', 'uploader']);
      expect(byEmail.slice(6).sort()).toEqual(['admin', 'anon']);
      const byId = await listed('?sort_by=-id');
      expect(byId).toEqual([...byId].sort((a, b) => (ids[a] < ids[b] ? 1 : -1)));
    });

    it('answers 400 for columns that cannot be sorted', async () => {
      expect(await badQuery('?sort_by=deleted_at')).toBe('column format does not support sorting: deleted_at');
      expect(await badQuery('?sort_by=principal_name')).toBe('column format does not support sorting: principal_name');
      expect(await badQuery('?sort_by=-email')).toBe('column format does not support sorting: email');
    });

    it('answers 400 for an empty sort_by', async () => {
      expect(await badQuery('?sort_by=')).toBe('empty sort_by parameter supplied');
    });

    it('reports the sort error before the filter error', async () => {
      expect(await badQuery('?email_address=invalidPredicate:foo&sort_by=bogus')).toBe(
        'column format does not support sorting: bogus',
      );
    });
  });
});
