import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  attemptLogin, Caller, createOidcProvider, createUser, errorMessages, Roles, uniqueName,
  USER_SECRET, userAdminCallers, userShape, type WireUser,
} from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const MALFORMED_IDS = ['abc', '123', `${UNKNOWN_ID}0`, '00000000000000000000000000000000'];

describe('/api/v2/bloodhound-users: create and read', () => {
  let t: TestApp;
  let admin: Caller;
  let adminId: string;
  /** A user with auth:ReadUsers but not auth:ManageUsers. */
  let auditor: Caller;
  /** A user with auth:ManageSelf only among the auth permissions. */
  let plainUser: { user: WireUser; caller: Caller };

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, adminId, auditor, plainUser } = await userAdminCallers(t));
  });
  afterAll(() => t.close());

  describe('POST /api/v2/bloodhound-users', () => {
    it('answers 201 with every field of the new User, and no digest anywhere', async () => {
      const res = await admin.post('/bloodhound-users', {
        principal: 'jdoe', first_name: 'Jane', last_name: 'Doe', email_address: 'jane@example.com', roles: [Roles.ReadOnly],
        secret: USER_SECRET, needs_password_reset: false,
      });
      expect(res.status).toBe(201);
      expect(res.body).toStrictEqual({
        data: userShape({
          principal_name: 'jdoe', first_name: 'Jane', last_name: 'Doe', email_address: 'jane@example.com',
          roles: [Roles.ReadOnly], secret: { expires_at: '9999-12-31T00:00:00.000Z' },
        }),
      });
      expect(res.text).not.toMatch(/"digest"|\$argon2/);
      expect(errorMessage(await admin.post('/bloodhound-users', { principal: 'jdoe' }), 409)).toBe('principal name must be unique');
    });

    it('writes the fields it was not given as invalid wrappers, no roles and AuthSecret null', async () => {
      const res = await admin.post('/bloodhound-users', { principal: 'bare' });
      expect(res.status).toBe(201);
      expect(res.body).toStrictEqual({ data: userShape({ principal_name: 'bare' }) });
    });

    it('treats null names and an empty secret as absent', async () => {
      const res = await admin.post('/bloodhound-users', { principal: 'nulls', first_name: null, email_address: null, secret: '' });
      expect(res.status).toBe(201);
      expect(res.body.data).toStrictEqual(userShape({ principal_name: 'nulls' }));
    });

    it('stores the user: GET answers the same User', async () => {
      const created = await createUser(admin, { first_name: 'Stored', roles: [Roles.PowerUser], secret: USER_SECRET });
      const res = await admin.get(`/bloodhound-users/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({ data: created });
    });

    it('lets the user log in with the secret, unexpired', async () => {
      const user = await createUser(admin, { roles: [Roles.User], secret: USER_SECRET });
      const res = await attemptLogin(t, user.principal_name, USER_SECRET);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        user_id: user.id, user_name: user.principal_name, auth_expired: false, eula_accepted: false, session_token: expect.any(String),
      });
      const after = await admin.get(`/bloodhound-users/${user.id}`);
      expect(after.body.data).toStrictEqual(
        userShape({ id: user.id, principal_name: user.principal_name, roles: [Roles.User], secret: {}, logged_in: true }),
      );
    });

    it('expires the secret at once with needs_password_reset', async () => {
      const user = await createUser(admin, { roles: [Roles.User], secret: USER_SECRET, needs_password_reset: true });
      expect(user).toStrictEqual(userShape({
        id: user.id, principal_name: user.principal_name, roles: [Roles.User], secret: { expires_at: '0001-01-01T00:00:00.000Z' },
      }));
      const res = await attemptLogin(t, user.principal_name, USER_SECRET);
      expect(res.status).toBe(200);
      expect(res.body.data.auth_expired).toBe(true);
    });

    it('creates a disabled user, who cannot log in', async () => {
      const user = await createUser(admin, { roles: [Roles.User], secret: USER_SECRET, is_disabled: true });
      expect(user.is_disabled).toBe(true);
      expect(errorMessage(await attemptLogin(t, user.principal_name, USER_SECRET), 403)).toBe('user disabled');
    });

    it('creates a user bound to an SSO provider, without a secret', async () => {
      const provider = await createOidcProvider(admin);
      const user = await createUser(admin, { principal: 'sso-user', sso_provider_id: provider.id, roles: [Roles.ReadOnly] });
      expect(user).toStrictEqual(
        userShape({ principal_name: 'sso-user', sso_provider_id: provider.id, roles: [Roles.ReadOnly] }),
      );
    });

    it('answers 409 for a principal name taken by a live user, ignoring case', async () => {
      await createUser(admin, { principal: 'Taken' });
      expect(errorMessage(await admin.post('/bloodhound-users', { principal: 'tAKEN' }), 409)).toBe('principal name must be unique');
    });

    it('answers 409 for an email address taken by a live user, ignoring case', async () => {
      await createUser(admin, { email_address: 'dup@example.com' });
      const res = await admin.post('/bloodhound-users', { principal: uniqueName(), email_address: 'DUP@example.com' });
      expect(errorMessage(res, 409)).toBe('email must be unique');
    });

    it('frees the principal name and email of a deleted user', async () => {
      const user = await createUser(admin, { principal: 'reborn', email_address: 'reborn@example.com' });
      expect((await admin.delete(`/bloodhound-users/${user.id}`)).status).toBe(200);
      const again = await createUser(admin, { principal: 'reborn', email_address: 'reborn@example.com' });
      expect(again.id).not.toBe(user.id);
    });

    it('answers 400 naming every weakness of the secret, joined by "; "', async () => {
      const res = await admin.post('/bloodhound-users', { principal: uniqueName(), secret: 'short' });
      expect(errorMessages(res, 400)).toEqual([
        'Secret: must have at least 12 characters; Secret: must have at least 1 uppercase characters; ' +
          'Secret: must have at least 1 special characters; Secret: must have at least 1 numeric characters',
      ]);
      const lower = await admin.post('/bloodhound-users', { principal: uniqueName(), secret: 'ALL-UPPER-CASE-123' });
      expect(errorMessages(lower, 400)).toEqual(['Secret: must have at least 1 lowercase characters']);
    });

    it('answers 400 for a secret with control characters', async () => {
      const res = await admin.post('/bloodhound-users', { principal: uniqueName(), secret: 'Correct-Horse\n9-Battery' });
      expect(errorMessages(res, 400)).toEqual(['Secret: cannot contain control characters (tabs, newline, etc.)']);
    });

    it('answers 400 for a secret together with an SSO provider', async () => {
      const provider = await createOidcProvider(admin);
      const res = await admin.post('/bloodhound-users', { principal: uniqueName(), secret: USER_SECRET, sso_provider_id: provider.id });
      expect(errorMessage(res, 400)).toBe('a user may have a secret or an SSO provider, not both');
    });

    it('answers 400 for more than one role, an unknown role or an unknown SSO provider', async () => {
      const post = (fields: object) => admin.post('/bloodhound-users', { principal: uniqueName(), ...fields });
      expect(errorMessages(await post({ roles: [1, 2] }), 400)).toEqual(['a user can only have one role']);
      // A huge list is refused with the same message without validating every item: the bad one at its end is not seen.
      expect(errorMessages(await post({ roles: [...new Array(100_000).fill(1), 'x'] }), 400)).toEqual(['a user can only have one role']);
      expect(errorMessages(await post({ roles: [99] }), 400)).toEqual(['role id is invalid']);
      expect(errorMessages(await post({ sso_provider_id: 77 }), 400)).toEqual(['sso provider id is invalid']);
    });

    it.each([
      ['no principal', {}, ['principal must be a string', 'principal should not be empty',
        'principal must be shorter than or equal to 1000 characters']],
      ['an empty principal', { principal: '' }, ['principal should not be empty']],
      ['a numeric principal', { principal: 5 }, ['principal must be a string',
        'principal must be shorter than or equal to 1000 characters']],
      ['a principal over 1000 characters', { principal: 'x'.repeat(1001) },
        ['principal must be shorter than or equal to 1000 characters']],
      ['a NUL in the principal', { principal: 'a\u0000b' }, ['principal must not contain NUL characters']],
      ['a NUL in a name', { principal: 'ok', last_name: 'a\u0000b' }, ['last_name must not contain NUL characters']],
      ['a first name over 1000 characters', { principal: 'ok', first_name: 'x'.repeat(100_000) },
        ['first_name must be shorter than or equal to 1000 characters']],
      ['a first name that is an object', { principal: 'ok', first_name: { a: 1 } }, ['first_name must be a string',
        'first_name must be shorter than or equal to 1000 characters']],
      ['an invalid email', { principal: 'ok', email_address: 'nope' }, ['email_address must be an email']],
      ['roles that are not an array', { principal: 'ok', roles: 2 }, ['roles must be an array']],
      ['a role id that is a string', { principal: 'ok', roles: ['1'] }, ['each value in roles must be an integer number',
        'each value in roles must not be less than 1', 'each value in roles must not be greater than 2147483647']],
      ['a role id of 0', { principal: 'ok', roles: [0] }, ['each value in roles must not be less than 1']],
      ['a role id beyond int32', { principal: 'ok', roles: [2147483648] },
        ['each value in roles must not be greater than 2147483647']],
      ['a fractional role id', { principal: 'ok', roles: [1.5] }, ['each value in roles must be an integer number']],
      ['an SSO provider id beyond int32', { principal: 'ok', sso_provider_id: 99999999999 },
        ['sso_provider_id must not be greater than 2147483647']],
      ['an SSO provider id that is a string', { principal: 'ok', sso_provider_id: '1' },
        ['sso_provider_id must be an integer number', 'sso_provider_id must not be less than 1',
          'sso_provider_id must not be greater than 2147483647']],
      ['is_disabled as a string', { principal: 'ok', is_disabled: 'yes' }, ['is_disabled must be a boolean value']],
      ['is_disabled null', { principal: 'ok', is_disabled: null }, ['is_disabled must be a boolean value']],
      ['needs_password_reset as a number', { principal: 'ok', needs_password_reset: 1 },
        ['needs_password_reset must be a boolean value']],
      ['a numeric secret', { principal: 'ok', secret: 123456789012 }, ['secret must be a string',
        'secret must be shorter than or equal to 1000 characters']],
      ['an array body', [{ principal: 'ok' }], ['principal must be a string', 'principal should not be empty',
        'principal must be shorter than or equal to 1000 characters']],
    ])('answers 400 for %s', async (_, body, messages) => {
      expect(errorMessages(await admin.post('/bloodhound-users', body), 400)).toEqual(messages);
    });

    it.each([
      ['malformed JSON', '{"principal":', 'application/json', 'error unmarshalling JSON payload'],
      ['a JSON string', '"jdoe"', 'application/json', 'error unmarshalling JSON payload'],
      ['JSON null', 'null', 'application/json', 'error unmarshalling JSON payload'],
      ['a form body', 'principal=jdoe', 'application/x-www-form-urlencoded', 'content type must be application/json'],
      ['a text body', 'jdoe', 'text/plain', 'content type must be application/json'],
    ])('answers 400 for %s', async (_, body, type, message) => {
      expect(errorMessages(await admin.raw('post', '/bloodhound-users', body, type), 400)).toEqual([message]);
    });

    it('answers 401 without credentials and 403 without auth:ManageUsers', async () => {
      expect(errorMessage(await new Caller(t).post('/bloodhound-users', { principal: 'x' }), 401)).toBe('not authenticated');
      expect(errorMessage(await auditor.post('/bloodhound-users', { principal: 'x' }), 403)).toBe('not authorized');
      expect(errorMessage(await plainUser.caller.post('/bloodhound-users', { principal: 'x' }), 403)).toBe('not authorized');
    });
  });

  describe('GET /api/v2/bloodhound-users', () => {
    /** Five users sharing the last name Pager, by principal name. */
    const pagers: WireUser[] = [];

    beforeAll(async () => {
      for (const name of ['pager-c', 'pager-a', 'pager-e', 'pager-b', 'pager-d']) {
        pagers.push(await createUser(admin, { principal: name, last_name: 'Pager', email_address: `${name}@example.com` }));
      }
      await admin.patch(`/bloodhound-users/${pagers[1].id}`, { is_disabled: true });
    });

    async function names(query: string): Promise<string[]> {
      const res = await admin.get(`/bloodhound-users${query}`);
      expect(res.status).toBe(200);
      return (res.body.data.users as WireUser[]).map((u) => u.principal_name);
    }

    async function badQuery(query: string): Promise<string[]> {
      return errorMessages(await admin.get(`/bloodhound-users${query}`), 400);
    }

    it('answers the paginated envelope {count, skip, limit, data: {users}} with full Users', async () => {
      const res = await admin.get('/bloodhound-users?last_name=eq:Pager&sort_by=principal_name');
      expect(res.status).toBe(200);
      const current = await Promise.all(pagers.map(async (p) => (await admin.get(`/bloodhound-users/${p.id}`)).body.data));
      current.sort((a, b) => (a.principal_name < b.principal_name ? -1 : 1));
      expect(res.body).toStrictEqual({ count: 5, skip: 0, limit: 100, data: { users: current } });
    });

    it('pages with skip and limit, count being the total of matching users', async () => {
      const page = await admin.get('/bloodhound-users?last_name=eq:Pager&sort_by=principal_name&skip=1&limit=2');
      expect(page.body.count).toBe(5);
      expect(page.body.skip).toBe(1);
      expect(page.body.limit).toBe(2);
      expect(page.body.data.users.map((u: WireUser) => u.principal_name)).toEqual(['pager-b', 'pager-c']);
    });

    it('answers an empty page with the true count when skip passes the end', async () => {
      const res = await admin.get('/bloodhound-users?last_name=eq:Pager&skip=50');
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({ count: 5, skip: 50, limit: 100, data: { users: [] } });
    });

    it('clamps a limit above 1000 and reports the limit applied; limit 0 means the default', async () => {
      const big = await admin.get('/bloodhound-users?limit=5000&last_name=eq:Pager');
      expect(big.body).toMatchObject({ count: 5, skip: 0, limit: 1000 });
      const zero = await admin.get('/bloodhound-users?limit=0&last_name=eq:Pager');
      expect(zero.body).toMatchObject({ count: 5, skip: 0, limit: 100 });
    });

    it('answers 400 for negative or malformed skip and limit', async () => {
      expect(await badQuery('?limit=-1')).toEqual(['query parameter "limit" is malformed: invalid limit: -1']);
      expect(await badQuery('?skip=-1')).toEqual(['query parameter "skip" is malformed: invalid skip: -1']);
      expect(await badQuery('?skip=x')).toEqual([
        'query parameter "skip" is malformed: error converting skip value x to int: strconv.Atoi: parsing "x": invalid syntax',
      ]);
      expect(await badQuery('?limit=1.5')).toEqual([
        'query parameter "limit" is malformed: error converting limit value 1.5 to int: strconv.Atoi: parsing "1.5": invalid syntax',
      ]);
      expect(await badQuery('?skip=99999999999999999999')).toEqual([
        'query parameter "skip" is malformed: error converting skip value 99999999999999999999 to int: ' +
          'strconv.Atoi: parsing "99999999999999999999": value out of range',
      ]);
    });

    it('orders by id by default', async () => {
      const res = await admin.get('/bloodhound-users?last_name=eq:Pager');
      const ids = (res.body.data.users as WireUser[]).map((u) => u.id);
      expect(ids).toEqual([...ids].sort());
    });

    it('sorts by principal_name descending and by several columns', async () => {
      expect(await names('?last_name=eq:Pager&sort_by=-principal_name')).toEqual([
        'pager-e', 'pager-d', 'pager-c', 'pager-b', 'pager-a',
      ]);
      expect(await names('?last_name=eq:Pager&sort_by=last_name&sort_by=-email_address')).toEqual([
        'pager-e', 'pager-d', 'pager-c', 'pager-b', 'pager-a',
      ]);
    });

    it('filters by strings, booleans, uuid, NULL and timestamps', async () => {
      expect(await names('?principal_name=~eq:PAGER-&is_disabled=eq:true')).toEqual(['pager-a']);
      expect(await names('?last_name=eq:Pager&is_disabled=false&sort_by=principal_name')).toEqual([
        'pager-b', 'pager-c', 'pager-d', 'pager-e',
      ]);
      expect(await names(`?id=eq:${pagers[0].id}`)).toEqual(['pager-c']);
      expect(await names('?last_name=eq:Pager&last_login=neq:null')).toEqual([]);
      expect(await names('?last_name=eq:Pager&created_at=lt:2000-01-01T00:00:00Z')).toEqual([]);
      expect(await names('?principal_name=eq:admin')).toEqual(['admin']);
    });

    it('answers 400 for misused filters', async () => {
      expect(await badQuery('?principal_name=like:x')).toEqual(['there are errors in the query parameter filters specified']);
      expect(await badQuery('?roles=eq:1')).toEqual(['the specified column cannot be filtered: roles']);
      expect(await badQuery('?first_name=lt:b')).toEqual([
        'the specified filter predicate is not supported for this column: first_name lt',
      ]);
      expect(await badQuery('?is_disabled=gt:true')).toEqual([
        'the specified filter predicate is not supported for this column: is_disabled gt',
      ]);
      expect(await badQuery('?is_disabled=eq:maybe')).toEqual(['there are errors in the query parameter filters specified']);
      expect(await badQuery('?id=eq:abc')).toEqual(['there are errors in the query parameter filters specified']);
      expect(await badQuery('?last_login=gt:2020-13-01T00:00:00Z')).toEqual([
        'there are errors in the query parameter filters specified',
      ]);
    });

    it('answers 400 for misused sort_by, before any filter error', async () => {
      expect(await badQuery('?sort_by=bogus')).toEqual(['column format does not support sorting: bogus']);
      expect(await badQuery('?sort_by=deleted_at')).toEqual(['column format does not support sorting: deleted_at']);
      expect(await badQuery('?sort_by=')).toEqual(['empty sort_by parameter supplied']);
      expect(await badQuery('?roles=eq:1&sort_by=bogus')).toEqual(['column format does not support sorting: bogus']);
    });

    it('does not list deleted users', async () => {
      const user = await createUser(admin, { last_name: 'Gone' });
      expect(await names('?last_name=eq:Gone')).toEqual([user.principal_name]);
      await admin.delete(`/bloodhound-users/${user.id}`);
      expect(await names('?last_name=eq:Gone')).toEqual([]);
    });

    it('is open to auth:ReadUsers (Auditor), not to a User', async () => {
      expect((await auditor.get('/bloodhound-users')).status).toBe(200);
      expect(errorMessage(await plainUser.caller.get('/bloodhound-users'), 403)).toBe('not authorized');
      expect(errorMessage(await new Caller(t).get('/bloodhound-users'), 401)).toBe('not authenticated');
    });
  });

  describe('GET /api/v2/bloodhound-users/{user_id}', () => {
    it('answers the User, also for an upper-case id', async () => {
      const user = await createUser(admin, { first_name: 'Upper' });
      const res = await admin.get(`/bloodhound-users/${user.id.toUpperCase()}`);
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({ data: user });
    });

    it('answers the bootstrap admin as seeded, without an email when ADMIN_EMAIL is unset', async () => {
      const res = await admin.get(`/bloodhound-users/${adminId}`);
      expect(res.body.data).toStrictEqual(userShape({
        id: adminId, principal_name: 'admin', first_name: 'Admin', last_name: 'User', email_address: null,
        roles: [Roles.Administrator], secret: { expires_at: '9999-12-31T00:00:00.000Z' }, logged_in: true,
      }));
    });

    it('answers 404 for an unknown or deleted user', async () => {
      expect(errorMessage(await admin.get(`/bloodhound-users/${UNKNOWN_ID}`), 404)).toBe('resource not found');
      const user = await createUser(admin);
      await admin.delete(`/bloodhound-users/${user.id}`);
      expect(errorMessage(await admin.get(`/bloodhound-users/${user.id}`), 404)).toBe('resource not found');
    });

    it.each(MALFORMED_IDS)('answers 400 id is malformed for %s', async (id) => {
      expect(errorMessage(await admin.get(`/bloodhound-users/${id}`), 400)).toBe('id is malformed');
    });

    it('is open to auth:ReadUsers (Auditor), not to a User', async () => {
      expect((await auditor.get(`/bloodhound-users/${adminId}`)).status).toBe(200);
      expect(errorMessage(await plainUser.caller.get(`/bloodhound-users/${adminId}`), 403)).toBe('not authorized');
    });
  });
});
