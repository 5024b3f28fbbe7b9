import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  attemptLogin, Caller, createOidcProvider, createUser, errorMessages, Roles, uniqueName,
  USER_SECRET, userSession, userAdminCallers, userShape, type WireUser,
} from './support/identity.js';
import { createTestApp, errorMessage, type TestApp } from './support/test-app.js';

const NEW_SECRET = 'Another-Secret-456?';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('/api/v2/bloodhound-users: update, delete and secrets', () => {
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

  describe('PATCH /api/v2/bloodhound-users/{user_id}', () => {
    it('changes only the fields given and answers the whole User', async () => {
      const user = await createUser(admin, { first_name: 'Old', last_name: 'Name', roles: [Roles.User], secret: USER_SECRET });
      const res = await admin.patch(`/bloodhound-users/${user.id}`, {
        first_name: 'New', email_address: 'new@example.com', roles: [Roles.Auditor],
      });
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({
        data: userShape({
          id: user.id, principal_name: user.principal_name, first_name: 'New', last_name: 'Name',
          email_address: 'new@example.com', roles: [Roles.Auditor], secret: {},
        }),
      });
      expect((await admin.get(`/bloodhound-users/${user.id}`)).body.data).toStrictEqual(res.body.data);
    });

    it('answers the unchanged User for an empty body', async () => {
      const user = await createUser(admin, { first_name: 'Same' });
      const res = await admin.patch(`/bloodhound-users/${user.id}`, {});
      expect(res.status).toBe(200);
      expect(res.body.data).toStrictEqual({ ...user, updated_at: expect.any(String) });
    });

    it('clears names with null and roles with []', async () => {
      const user = await createUser(admin, { first_name: 'F', last_name: 'L', roles: [Roles.User] });
      const res = await admin.patch(`/bloodhound-users/${user.id}`, { first_name: null, last_name: null, roles: [] });
      expect(res.body.data).toStrictEqual(userShape({ id: user.id, principal_name: user.principal_name }));
    });

    it('renames the principal: the user logs in under the new name only', async () => {
      const { user } = await userSession(t, admin, Roles.User);
      const renamed = uniqueName('renamed');
      expect((await admin.patch(`/bloodhound-users/${user.id}`, { principal: renamed })).body.data.principal_name).toBe(renamed);
      expect((await attemptLogin(t, renamed, USER_SECRET)).status).toBe(200);
      expect(errorMessage(await attemptLogin(t, user.principal_name, USER_SECRET), 401)).toBe('authentication is invalid');
    });

    it('disabling a user ends their sessions and refuses their logins; enabling lets them back', async () => {
      const { user, caller } = await userSession(t, admin, Roles.User);
      expect((await caller.get('/self')).status).toBe(200);
      expect((await admin.patch(`/bloodhound-users/${user.id}`, { is_disabled: true })).body.data.is_disabled).toBe(true);
      expect(errorMessage(await caller.get('/self'), 401)).toBe('Token Authorization failed.');
      expect(errorMessage(await attemptLogin(t, user.principal_name, USER_SECRET), 403)).toBe('user disabled');
      expect((await admin.patch(`/bloodhound-users/${user.id}`, { is_disabled: false })).body.data.is_disabled).toBe(false);
      expect((await attemptLogin(t, user.principal_name, USER_SECRET)).status).toBe(200);
    });

    it('binding a user to an SSO provider removes their secret', async () => {
      const provider = await createOidcProvider(admin);
      const user = await createUser(admin, { roles: [Roles.User], secret: USER_SECRET });
      const res = await admin.patch(`/bloodhound-users/${user.id}`, { sso_provider_id: provider.id });
      expect(res.status).toBe(200);
      expect(res.body.data).toStrictEqual(userShape({
        id: user.id, principal_name: user.principal_name, roles: [Roles.User], sso_provider_id: provider.id,
      }));
      expect(errorMessage(await attemptLogin(t, user.principal_name, USER_SECRET), 401)).toBe('authentication is invalid');
      const unbound = await admin.patch(`/bloodhound-users/${user.id}`, { sso_provider_id: null });
      expect(unbound.body.data.sso_provider_id).toEqual({ int32: 0, valid: false });
      expect(unbound.body.data.AuthSecret).toBeNull();
    });

    describe('on oneself', () => {
      it('answers 400 when disabling oneself', async () => {
        expect(errorMessage(await admin.patch(`/bloodhound-users/${adminId}`, { is_disabled: true }), 400)).toBe(
          'user attempted to disable themselves',
        );
      });

      it('answers 400 when changing or dropping one\'s own role', async () => {
        const patch = (roles: number[]) => admin.patch(`/bloodhound-users/${adminId}`, { roles });
        expect(errorMessage(await patch([Roles.User]), 400)).toBe('user attempted to change own role');
        expect(errorMessage(await patch([]), 400)).toBe('user attempted to change own role');
      });

      it('answers 400 when changing one\'s own SSO provider', async () => {
        const provider = await createOidcProvider(admin);
        expect(errorMessage(await admin.patch(`/bloodhound-users/${adminId}`, { sso_provider_id: provider.id }), 400)).toBe(
          'user attempted to change own SSO Provider',
        );
      });

      it('accepts values that change nothing, and other fields', async () => {
        const res = await admin.patch(`/bloodhound-users/${adminId}`, {
          is_disabled: false, roles: [Roles.Administrator], sso_provider_id: null, first_name: 'Admin',
        });
        expect(res.status).toBe(200);
        expect(res.body.data.roles.map((r: { id: number }) => r.id)).toEqual([Roles.Administrator]);
        expect(res.body.data.is_disabled).toBe(false);
      });
    });

    it('answers 409 for a taken principal name or email', async () => {
      const other = await createUser(admin, { email_address: 'taken-by-other@example.com' });
      const user = await createUser(admin);
      expect(errorMessage(await admin.patch(`/bloodhound-users/${user.id}`, { principal: other.principal_name.toUpperCase() }), 409))
        .toBe('principal name must be unique');
      expect(errorMessage(await admin.patch(`/bloodhound-users/${user.id}`, { email_address: 'taken-by-other@example.com' }), 409))
        .toBe('email must be unique');
    });

    it('answers 400 for more than one role, an unknown role or an unknown SSO provider', async () => {
      const user = await createUser(admin, { roles: [Roles.User] });
      const patch = (body: object) => admin.patch(`/bloodhound-users/${user.id}`, body);
      expect(errorMessages(await patch({ roles: [1, 2] }), 400)).toEqual(['a user can only have one role']);
      expect(errorMessages(await patch({ roles: [42] }), 400)).toEqual(['role id is invalid']);
      expect(errorMessages(await patch({ sso_provider_id: 4242 }), 400)).toEqual(['sso provider id is invalid']);
      expect((await admin.get(`/bloodhound-users/${user.id}`)).body.data.roles.map((r: { id: number }) => r.id)).toEqual([Roles.User]);
    });

    it.each([
      ['a null principal', { principal: null }, ['principal must be a string', 'principal should not be empty',
        'principal must be shorter than or equal to 1000 characters']],
      ['an empty principal', { principal: '' }, ['principal should not be empty']],
      ['a null is_disabled', { is_disabled: null }, ['is_disabled must be a boolean value']],
      ['a NUL in the first name', { first_name: '\u0000' }, ['first_name must not contain NUL characters']],
      ['a huge last name', { last_name: 'x'.repeat(1_000_000) }, ['last_name must be shorter than or equal to 1000 characters']],
      ['roles as an object', { roles: { 0: 1 } }, ['roles must be an array', 'each value in roles must be an integer number',
        'each value in roles must not be less than 1', 'each value in roles must not be greater than 2147483647']],
      ['an array body', [], ['Validation failed (object is expected)']],
    ])('answers 400 for %s', async (_, body, messages) => {
      const user = await createUser(admin);
      expect(errorMessages(await admin.patch(`/bloodhound-users/${user.id}`, body), 400)).toEqual(messages);
    });

    it('answers 400 for malformed JSON and non-JSON bodies', async () => {
      const user = await createUser(admin);
      expect(errorMessage(await admin.raw('patch', `/bloodhound-users/${user.id}`, '{"first_name": }'), 400)).toBe(
        'error unmarshalling JSON payload',
      );
      expect(errorMessage(await admin.raw('patch', `/bloodhound-users/${user.id}`, 'first_name=x', 'text/plain'), 400)).toBe(
        'content type must be application/json',
      );
    });

    it('answers 404 for an unknown or deleted user and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.patch(`/bloodhound-users/${UNKNOWN_ID}`, { first_name: 'x' }), 404)).toBe('resource not found');
      const user = await createUser(admin);
      await admin.delete(`/bloodhound-users/${user.id}`);
      expect(errorMessage(await admin.patch(`/bloodhound-users/${user.id}`, { first_name: 'x' }), 404)).toBe('resource not found');
      expect(errorMessage(await admin.patch('/bloodhound-users/not-a-uuid', { first_name: 'x' }), 400)).toBe('id is malformed');
    });

    it('answers 403 without auth:ManageUsers, even on oneself', async () => {
      expect(errorMessage(await auditor.patch(`/bloodhound-users/${adminId}`, { first_name: 'x' }), 403)).toBe('not authorized');
      const own = plainUser.user.id;
      expect(errorMessage(await plainUser.caller.patch(`/bloodhound-users/${own}`, { first_name: 'x' }), 403)).toBe('not authorized');
    });
  });

  describe('DELETE /api/v2/bloodhound-users/{user_id}', () => {
    it('answers 200 with an empty body; the user is gone, with their sessions', async () => {
      const { user, caller } = await userSession(t, admin, Roles.User);
      const res = await admin.delete(`/bloodhound-users/${user.id}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(errorMessage(await admin.get(`/bloodhound-users/${user.id}`), 404)).toBe('resource not found');
      expect(errorMessage(await caller.get('/self'), 401)).toBe('Token Authorization failed.');
      expect(errorMessage(await attemptLogin(t, user.principal_name, USER_SECRET), 401)).toBe('authentication is invalid');
    });

    it('answers 400 when deleting oneself', async () => {
      expect(errorMessage(await admin.delete(`/bloodhound-users/${adminId}`), 400)).toBe('User cannot delete themselves');
      expect((await admin.get('/self')).status).toBe(200);
    });

    it('answers 404 for an unknown or already deleted user and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.delete(`/bloodhound-users/${UNKNOWN_ID}`), 404)).toBe('resource not found');
      const user = await createUser(admin);
      expect((await admin.delete(`/bloodhound-users/${user.id}`)).status).toBe(200);
      expect(errorMessage(await admin.delete(`/bloodhound-users/${user.id}`), 404)).toBe('resource not found');
      expect(errorMessage(await admin.delete('/bloodhound-users/12'), 400)).toBe('id is malformed');
    });

    it('answers 403 without auth:ManageUsers', async () => {
      const user = await createUser(admin);
      expect(errorMessage(await auditor.delete(`/bloodhound-users/${user.id}`), 403)).toBe('not authorized');
      expect((await admin.get(`/bloodhound-users/${user.id}`)).status).toBe(200);
    });
  });

  describe('PUT /api/v2/bloodhound-users/{user_id}/secret', () => {
    it('changes one\'s own secret given the current one: 200, empty body; only the new secret logs in', async () => {
      const { user, caller } = await userSession(t, admin, Roles.User);
      const res = await caller.put(`/bloodhound-users/${user.id}/secret`, { current_secret: USER_SECRET, secret: NEW_SECRET });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect((await attemptLogin(t, user.principal_name, NEW_SECRET)).body.data.auth_expired).toBe(false);
      expect(errorMessage(await attemptLogin(t, user.principal_name, USER_SECRET), 401)).toBe('authentication is invalid');
    });

    it('answers 403 Invalid current password for a wrong or missing current secret', async () => {
      const { user, caller } = await userSession(t, admin, Roles.User);
      const put = (body: object) => caller.put(`/bloodhound-users/${user.id}/secret`, body);
      expect(errorMessage(await put({ current_secret: 'Wrong-Secret-123!', secret: NEW_SECRET }), 403)).toBe('Invalid current password');
      expect(errorMessage(await put({ secret: NEW_SECRET }), 403)).toBe('Invalid current password');
      expect((await attemptLogin(t, user.principal_name, USER_SECRET)).status).toBe(200);
    });

    it('lets auth:ManageUsers set another user\'s secret without the current one', async () => {
      const user = await createUser(admin, { roles: [Roles.User], secret: USER_SECRET });
      const res = await admin.put(`/bloodhound-users/${user.id}/secret`, { secret: NEW_SECRET });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect((await attemptLogin(t, user.principal_name, NEW_SECRET)).status).toBe(200);
    });

    it("ends the user's existing sessions when an administrator resets their secret, but not on a self-change", async () => {
      const { user, caller } = await userSession(t, admin, Roles.User);
      await caller.put(`/bloodhound-users/${user.id}/secret`, { current_secret: USER_SECRET, secret: NEW_SECRET }).expect(200);
      expect((await caller.get('/self')).status).toBe(200);
      await admin.put(`/bloodhound-users/${user.id}/secret`, { secret: 'Reset-By-Admin-789#' }).expect(200);
      expect(errorMessage(await caller.get('/self'), 401)).toBe('Token Authorization failed.');
    });

    it('gives a secret to a user who had none', async () => {
      const user = await createUser(admin, { roles: [Roles.User] });
      expect((await admin.put(`/bloodhound-users/${user.id}/secret`, { secret: NEW_SECRET })).status).toBe(200);
      const after = await admin.get(`/bloodhound-users/${user.id}`);
      expect(after.body.data.AuthSecret).toEqual(userShape({ principal_name: 'x', secret: {} }).AuthSecret);
    });

    it('with needs_password_reset, expires the secret: the user holds only auth:ManageSelf until changing it', async () => {
      const user = await createUser(admin, { roles: [Roles.User], secret: USER_SECRET });
      expect((await admin.put(`/bloodhound-users/${user.id}/secret`, { secret: NEW_SECRET, needs_password_reset: true })).status)
        .toBe(200);
      const session = await attemptLogin(t, user.principal_name, NEW_SECRET);
      expect(session.body.data.auth_expired).toBe(true);
      const caller = new Caller(t, session.body.data.session_token);
      expect(errorMessage(await caller.get('/graph-users-minimal'), 403)).toBe('not authorized');
      expect((await caller.get('/roles')).status).toBe(200);
      const third = 'Third-Secret-789#';
      expect((await caller.put(`/bloodhound-users/${user.id}/secret`, { current_secret: NEW_SECRET, secret: third })).status)
        .toBe(200);
      expect((await caller.get('/graph-users-minimal')).status).toBe(200);
      expect((await attemptLogin(t, user.principal_name, third)).body.data.auth_expired).toBe(false);
    });

    it('answers 400 naming every weakness of the new secret', async () => {
      const user = await createUser(admin);
      expect(errorMessages(await admin.put(`/bloodhound-users/${user.id}/secret`, { secret: 'alllowercaseletters' }), 400)).toEqual([
        'Secret: must have at least 1 uppercase characters; Secret: must have at least 1 special characters; ' +
          'Secret: must have at least 1 numeric characters',
      ]);
    });

    it('answers 400 for a user bound to an SSO provider', async () => {
      const provider = await createOidcProvider(admin);
      const user = await createUser(admin, { sso_provider_id: provider.id });
      expect(errorMessage(await admin.put(`/bloodhound-users/${user.id}/secret`, { secret: NEW_SECRET }), 400)).toBe(
        'Invalid operation, user is SSO',
      );
    });

    it('answers 403 for another user\'s secret without auth:ManageUsers', async () => {
      const user = await createUser(admin, { secret: USER_SECRET });
      const res = await plainUser.caller.put(`/bloodhound-users/${user.id}/secret`, { secret: NEW_SECRET });
      expect(errorMessage(res, 403)).toBe('not authorized');
      expect((await attemptLogin(t, user.principal_name, USER_SECRET)).status).toBe(200);
    });

    it('answers 403 for a role with neither auth:ManageSelf nor auth:ManageUsers (Upload-Only)', async () => {
      const { user, caller } = await userSession(t, admin, Roles.UploadOnly);
      const res = await caller.put(`/bloodhound-users/${user.id}/secret`, { current_secret: USER_SECRET, secret: NEW_SECRET });
      expect(errorMessage(res, 403)).toBe('not authorized');
    });

    it.each([
      ['no body', undefined, ['secret must be a string', 'secret should not be empty',
        'secret must be shorter than or equal to 1000 characters']],
      ['an empty secret', { secret: '' }, ['secret should not be empty']],
      ['a numeric secret', { secret: 1 }, ['secret must be a string', 'secret must be shorter than or equal to 1000 characters']],
      ['a huge secret', { secret: `Aa1!${'x'.repeat(2000)}` }, ['secret must be shorter than or equal to 1000 characters']],
      ['a numeric current secret', { secret: NEW_SECRET, current_secret: 5 }, ['current_secret must be a string',
        'current_secret must be shorter than or equal to 1000 characters']],
      ['needs_password_reset as a string', { secret: NEW_SECRET, needs_password_reset: 'true' },
        ['needs_password_reset must be a boolean value']],
    ])('answers 400 for %s', async (_, body, messages) => {
      const user = await createUser(admin);
      expect(errorMessages(await admin.put(`/bloodhound-users/${user.id}/secret`, body), 400)).toEqual(messages);
    });

    it('answers 400 for malformed JSON', async () => {
      const user = await createUser(admin);
      expect(errorMessage(await admin.raw('put', `/bloodhound-users/${user.id}/secret`, '{secret}'), 400)).toBe(
        'error unmarshalling JSON payload',
      );
    });

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      expect(errorMessage(await admin.put(`/bloodhound-users/${UNKNOWN_ID}/secret`, { secret: NEW_SECRET }), 404)).toBe(
        'resource not found',
      );
      expect(errorMessage(await admin.put('/bloodhound-users/xyz/secret', { secret: NEW_SECRET }), 400)).toBe('id is malformed');
    });

    it('answers 401 without credentials', async () => {
      expect(errorMessage(await new Caller(t).put(`/bloodhound-users/${adminId}/secret`, { secret: NEW_SECRET }), 401)).toBe(
        'not authenticated',
      );
    });
  });
});
