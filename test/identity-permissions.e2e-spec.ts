import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  adminCaller, attemptLogin, Caller, createOidcProvider, createUser, PERMISSION_IDS, permissionShape, Roles, SEEDED_ROLES,
  selfId, USER_SECRET, userSession, type WireUser,
} from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

// The small identity routes clients call: permissions, one role, the reference's minimal user listing, expiring a
// secret and accepting the EULA (with what login and /self then show).

const UNKNOWN_UUID = '00000000-0000-4000-8000-00000000dead';
/** Every seeded permission, by id (the reference's insert order). */
const ALL_PERMISSIONS = Object.entries(PERMISSION_IDS).sort(([, a], [, b]) => a - b).map(([p, id]) => permissionShape(id, p));

describe('identity: permissions, roles/{id}, bloodhound-users-minimal, secret expiry, EULA', () => {
  let t: TestApp;
  let admin: Caller;
  let adminId: string;
  let plain: { user: WireUser; caller: Caller };
  let uploader: Caller;
  let auditor: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminCaller(t);
    adminId = await selfId(admin);
    plain = await userSession(t, admin, Roles.User);
    uploader = (await userSession(t, admin, Roles.UploadOnly)).caller;
    auditor = (await userSession(t, admin, Roles.Auditor)).caller;
  });
  afterAll(() => t.close());

  describe('GET /api/v2/permissions', () => {
    const names = async (query: string) => {
      const res = await admin.get(`/permissions${query}`);
      expect(res.status).toBe(200);
      return (res.body.data.permissions as { authority: string; name: string }[]).map((p) => `${p.authority}:${p.name}`);
    };

    it('answers every seeded permission with every field, by id, unpaginated', async () => {
      const res = await plain.caller.get('/permissions');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { permissions: ALL_PERMISSIONS } });
    });

    it('filters on authority, name and id and sorts on any column, descending with "-"', async () => {
      expect(await names('?authority=eq:clients')).toEqual(['clients:Manage', 'clients:Tasking', 'clients:Read']);
      expect(await names('?authority=eq:auth&name=neq:ManageSelf&id=lt:9')).toEqual(['auth:CreateToken', 'auth:ManageProviders']);
      expect(await names('?authority=eq:graphdb&sort_by=-name')).toEqual(['graphdb:Write', 'graphdb:Read', 'graphdb:Mutate', 'graphdb:Ingest']);
      expect((await names('?sort_by=authority&sort_by=-id')).slice(0, 3)).toEqual(['app:WriteAppConfig', 'app:ReadAppConfig', 'audit_log:Read']);
    });

    it.each([
      ['an unknown sort column', '?sort_by=key', 'column format does not support sorting: key'],
      ['an empty sort_by', '?sort_by=', 'empty sort_by parameter supplied'],
      ['an unknown filter column', '?key=eq:x', 'the specified column cannot be filtered: key'],
      ['~eq on name (eq and neq only)', '?name=~eq:Manage', 'the specified filter predicate is not supported for this column: name ~eq'],
      ['an unknown operator', '?authority=like:auth', 'there are errors in the query parameter filters specified'],
    ])('answers 400 for %s', async (_case, query, message) => {
      expect(errorMessage(await admin.get(`/permissions${query}`), 400)).toBe(message);
    });

    it('answers 403 without auth:ManageSelf and 401 without credentials', async () => {
      expect(errorMessage(await uploader.get('/permissions'), 403)).toBe('not authorized');
      expect(errorMessage(await new Caller(t).get('/permissions'), 401)).toBe('not authenticated');
    });
  });

  describe('GET /api/v2/permissions/{permission_id}', () => {
    it('answers one permission', async () => {
      const res = await plain.caller.get('/permissions/8');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: permissionShape(8, 'auth:ManageSelf') });
    });

    it('answers 404 for an unknown id (the removed auth:ManageAppConfig included) and 400 for a malformed one', async () => {
      for (const id of ['6', '2147483647']) expect(errorMessage(await admin.get(`/permissions/${id}`), 404)).toBe('resource not found');
      for (const id of ['x', '-1', '1.5', '2147483648']) expect(errorMessage(await admin.get(`/permissions/${id}`), 400)).toBe('id is malformed');
    });
  });

  describe('GET /api/v2/roles/{role_id}', () => {
    it('answers the role with its permissions', async () => {
      for (const role of SEEDED_ROLES) {
        const res = await plain.caller.get(`/roles/${role.id}`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ data: role });
      }
    });

    it('answers 404 for an unknown id and 400 for a malformed one; 403 without auth:ManageSelf', async () => {
      expect(errorMessage(await admin.get('/roles/99'), 404)).toBe('resource not found');
      for (const id of ['admin', '0x1', '99999999999']) expect(errorMessage(await admin.get(`/roles/${id}`), 400)).toBe('id is malformed');
      expect(errorMessage(await uploader.get('/roles/1'), 403)).toBe('not authorized');
    });
  });

  describe('GET /api/v2/bloodhound-users-minimal', () => {
    let named: WireUser;
    let bare: WireUser;
    let disabled: WireUser;

    beforeAll(async () => {
      named = await createUser(admin, { first_name: 'Minnie', last_name: 'Mal', email_address: 'minnie@example.com' });
      bare = await createUser(admin, {});
      disabled = await createUser(admin, { first_name: 'Minnie', email_address: 'gone@example.com', is_disabled: true });
    });

    it('answers {id, email, first_name, last_name} as plain strings, "" for what a user lacks', async () => {
      const res = await auditor.get(`/bloodhound-users-minimal?id=eq:${named.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({
        data: { users: [{ id: named.id, email: 'minnie@example.com', first_name: 'Minnie', last_name: 'Mal' }] },
      });
      const empty = await admin.get(`/bloodhound-users-minimal?id=eq:${bare.id}`);
      expect(empty.body.data.users).toStrictEqual([{ id: bare.id, email: '', first_name: '', last_name: '' }]);
    });

    it('leaves disabled users out, and filters and sorts on principal_name as on the other columns', async () => {
      const minnies = await admin.get('/bloodhound-users-minimal?first_name=eq:Minnie');
      expect(minnies.body.data.users.map((u: { id: string }) => u.id)).toEqual([named.id]);
      const byPrincipal = await admin.get(`/bloodhound-users-minimal?principal_name=eq:${bare.principal_name}`);
      expect(byPrincipal.body.data.users.map((u: { id: string }) => u.id)).toEqual([bare.id]);
      const all = await admin.get('/bloodhound-users-minimal?sort_by=-principal_name');
      const ids = all.body.data.users.map((u: { id: string }) => u.id);
      expect(ids).not.toContain(disabled.id);
      expect(ids).toContain(adminId);
      expect(all.body).not.toHaveProperty('count');
    });

    it.each([
      ['an unknown sort column', '?sort_by=deleted_at', 'column format does not support sorting: deleted_at'],
      ['an unknown filter column', '?is_disabled=eq:true', 'the specified column cannot be filtered: is_disabled'],
      ['gt on a string column', '?first_name=gt:A', 'the specified filter predicate is not supported for this column: first_name gt'],
      ['a malformed uuid', '?id=eq:42', 'there are errors in the query parameter filters specified'],
    ])('answers 400 for %s', async (_case, query, message) => {
      expect(errorMessage(await admin.get(`/bloodhound-users-minimal${query}`), 400)).toBe(message);
    });

    it('needs auth:ReadUsersMinimal (compat part 1, the newest reference): a User has it, Upload-Only does not', async () => {
      expect((await plain.caller.get('/bloodhound-users-minimal')).status).toBe(200);
      expect(errorMessage(await uploader.get('/bloodhound-users-minimal'), 403)).toBe('not authorized');
      expect(errorMessage(await new Caller(t).get('/bloodhound-users-minimal'), 401)).toBe('not authenticated');
    });
  });

  describe('DELETE /api/v2/bloodhound-users/{user_id}/secret', () => {
    it("expires one's own secret: 200 with an empty body, then auth_expired and auth:ManageSelf only", async () => {
      const { user, caller } = await userSession(t, admin, Roles.User);
      const res = await caller.delete(`/bloodhound-users/${user.id}/secret`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      const shown = await admin.get(`/bloodhound-users/${user.id}`);
      expect(shown.body.data.AuthSecret.expires_at).toBe('0001-01-01T00:00:00.000Z');
      const login = await attemptLogin(t, user.principal_name, USER_SECRET);
      expect([login.status, login.body.data.auth_expired]).toEqual([200, true]);
      // The session it already had is limited too: the expiry is read on every request.
      expect(errorMessage(await caller.get('/available-domains'), 403)).toBe('not authorized');
      expect((await caller.get('/self')).status).toBe(200);
    });

    it("expires someone else's with auth:ManageUsers, and answers 403 without it", async () => {
      const other = await createUser(admin, { roles: [Roles.User], secret: USER_SECRET });
      expect(errorMessage(await plain.caller.delete(`/bloodhound-users/${other.id}/secret`), 403)).toBe('not authorized');
      expect((await attemptLogin(t, other.principal_name, USER_SECRET)).body.data.auth_expired).toBe(false);
      const res = await admin.delete(`/bloodhound-users/${other.id}/secret`);
      expect([res.status, res.text]).toEqual([200, '']);
      expect((await attemptLogin(t, other.principal_name, USER_SECRET)).body.data.auth_expired).toBe(true);
    });

    it('answers 409 user has SAML auth enabled for an SSO user, 400 for a user without a secret', async () => {
      const provider = await createOidcProvider(admin);
      const sso = await createUser(admin, { roles: [Roles.User], sso_provider_id: provider.id });
      expect(errorMessage(await admin.delete(`/bloodhound-users/${sso.id}/secret`), 409)).toBe('user has SAML auth enabled');
      const secretless = await createUser(admin, { roles: [Roles.User] });
      expect(errorMessage(await admin.delete(`/bloodhound-users/${secretless.id}/secret`), 400))
        .toBe('user does not have a secret auth provider registered');
    });

    it('answers 404 for an unknown user, 400 for a malformed id, 403 without auth:ManageSelf', async () => {
      expect(errorMessage(await admin.delete(`/bloodhound-users/${UNKNOWN_UUID}/secret`), 404)).toBe('resource not found');
      expect(errorMessage(await admin.delete('/bloodhound-users/42/secret'), 400)).toBe('id is malformed');
      expect(errorMessage(await uploader.delete(`/bloodhound-users/${UNKNOWN_UUID}/secret`), 403)).toBe('not authorized');
    });
  });

  describe('PUT /api/v2/accept-eula', () => {
    it('answers 202 with no body and records the acceptance: /self and login then show it', async () => {
      const { user, caller } = await userSession(t, admin, Roles.ReadOnly);
      expect((await caller.get('/self')).body.data.eula_accepted).toBe(false);
      expect((await attemptLogin(t, user.principal_name, USER_SECRET)).body.data.eula_accepted).toBe(false);
      // The JS client sends its request options as the body: any body is ignored.
      const res = await caller.put('/accept-eula', { headers: {} });
      expect([res.status, res.text]).toEqual([202, '']);
      expect((await caller.put('/accept-eula')).status).toBe(202);
      expect((await caller.get('/self')).body.data.eula_accepted).toBe(true);
      const login = await attemptLogin(t, user.principal_name, USER_SECRET);
      expect(login.body.data).toEqual({
        user_id: user.id, user_name: user.principal_name, auth_expired: false, eula_accepted: true, session_token: expect.any(String),
      });
    });

    it('is open to any user, even one with an expired password, and to no one unauthenticated', async () => {
      const { caller } = await userSession(t, admin, Roles.UploadOnly, { needs_password_reset: true });
      expect((await caller.put('/accept-eula')).status).toBe(202);
      expect(errorMessage(await new Caller(t).put('/accept-eula'), 401)).toBe('not authenticated');
    });
  });
});
