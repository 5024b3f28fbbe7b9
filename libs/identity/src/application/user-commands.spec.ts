import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Principal } from '@app/platform';
import { apiErrorOf } from '@app/platform/testing';
import { IdentityErrors } from './identity-errors.js';
import {
  InMemoryRoles, InMemorySsoProviders, InMemoryUsers, PlainTextHasher, RecordedPasswordNotices,
} from './testing/in-memory-identity.js';
import { UserCommands } from './user-commands.js';

const STRONG = 'Strong-Passw0rd!';


describe('UserCommands', () => {
  let users: InMemoryUsers;
  let notices: RecordedPasswordNotices;
  let commands: UserCommands;
  let adminId: string;
  let admin: Principal;

  beforeEach(async () => {
    const roles = new InMemoryRoles();
    users = new InMemoryUsers(roles);
    notices = new RecordedPasswordNotices();
    commands = new UserCommands(users, roles, new InMemorySsoProviders(), new PlainTextHasher(), notices);
    adminId = (await commands.create({ principalName: 'admin', roleIds: [1], secret: STRONG })).id;
    admin = { userId: adminId, via: 'session', ssoProviderId: null, permissions: new Set(['auth:ManageUsers', 'auth:ManageSelf']) };
  });

  it('creates a user with a hashed, non-expiring secret', async () => {
    const user = await commands.create({ principalName: 'jdoe', roleIds: [2], secret: STRONG });
    expect(user.roles.map((r) => r.id)).toEqual([2]);
    expect(user.authSecret!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(users.users.get(user.id)!.digest).toBe(`plain:${STRONG}`);
  });

  it('expires the secret at once when a reset is required', async () => {
    const user = await commands.create({ principalName: 'jdoe', secret: STRONG, needsPasswordReset: true });
    expect(user.authSecret!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a weak secret with every reason', async () => {
    const error = await apiErrorOf(commands.create({ principalName: 'jdoe', secret: 'weak' }));
    expect(error.status).toBe(400);
    expect(error.messages[0]).toBe(
      'Secret: must have at least 12 characters; Secret: must have at least 1 uppercase characters; ' +
        'Secret: must have at least 1 special characters; Secret: must have at least 1 numeric characters',
    );
  });

  it('refuses a user\'s text that breaks the user rules, on create and on update', async () => {
    const create = await apiErrorOf(commands.create({ principalName: 'erin', emailAddress: 'erin', roleIds: [2] }));
    expect([create.status, create.messages]).toEqual([400, ['email_address must be an email']]);
    expect(users.users.size).toBe(1);
    const update = await apiErrorOf(commands.update(admin, adminId, { principalName: '' }));
    expect([update.status, update.messages]).toEqual([400, ['principal should not be empty']]);
  });

  it('refuses more than one role and unknown roles', async () => {
    expect((await apiErrorOf(commands.create({ principalName: 'x', roleIds: [1, 2] }))).messages[0]).toBe(IdentityErrors.oneRole);
    expect((await apiErrorOf(commands.create({ principalName: 'x', roleIds: [99] }))).messages[0]).toBe(IdentityErrors.unknownRole);
  });

  it.each([
    [{ isDisabled: true }, IdentityErrors.disableSelf],
    [{ roleIds: [2] }, IdentityErrors.changeOwnRole],
    [{ ssoProviderId: 7 }, IdentityErrors.changeOwnSso],
  ])('refuses a self-update of %p', async (input, message) => {
    const error = await apiErrorOf(commands.update(admin, adminId, input));
    expect([error.status, error.messages[0]]).toEqual([400, message]);
  });

  it('lets an administrator disable someone else', async () => {
    const other = await commands.create({ principalName: 'other', roleIds: [2] });
    expect((await commands.update(admin, other.id, { isDisabled: true })).isDisabled).toBe(true);
  });

  it('refuses to delete oneself and answers 404 for unknown users', async () => {
    expect((await apiErrorOf(commands.delete(admin, adminId))).messages[0]).toBe(IdentityErrors.deleteSelf);
    expect((await apiErrorOf(commands.delete(admin, '00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it("needs the current secret to change one's own, and auth:ManageUsers for someone else's", async () => {
    const wrong = await apiErrorOf(commands.setSecret(admin, adminId, { secret: 'Another-Passw0rd!', currentSecret: 'nope' }));
    expect([wrong.status, wrong.messages[0]]).toEqual([403, IdentityErrors.invalidCurrentPassword]);
    await commands.setSecret(admin, adminId, { secret: 'Another-Passw0rd!', currentSecret: STRONG });
    expect(users.users.get(adminId)!.digest).toBe('plain:Another-Passw0rd!');

    const other = await commands.create({ principalName: 'other', secret: STRONG });
    const plain: Principal = { ...admin, userId: other.id, permissions: new Set(['auth:ManageSelf']) };
    const forbidden = await apiErrorOf(commands.setSecret(plain, adminId, { secret: 'Third-Passw0rd!' }));
    expect([forbidden.status, forbidden.messages[0]]).toEqual([403, 'not authorized']);
  });

  it('withdraws the initial password notice of the user whose secret was set, and only after it was set', async () => {
    const other = await commands.create({ principalName: 'other', secret: STRONG });
    await apiErrorOf(commands.setSecret(admin, adminId, { secret: 'Another-Passw0rd!', currentSecret: 'nope' }));
    await apiErrorOf(commands.setSecret(admin, other.id, { secret: 'weak' }));
    expect(notices.withdrawn).toEqual([]);

    await commands.setSecret(admin, adminId, { secret: 'Another-Passw0rd!', currentSecret: STRONG });
    await commands.setSecret(admin, other.id, { secret: 'Third-Passw0rd!' });
    expect(notices.withdrawn).toEqual(['admin', 'other']);
  });

  it("expires one's own secret, and someone else's only with auth:ManageUsers", async () => {
    const other = await commands.create({ principalName: 'other', secret: STRONG });
    const plain: Principal = { ...admin, userId: other.id, permissions: new Set(['auth:ManageSelf']) };
    const forbidden = await apiErrorOf(commands.expireSecret(plain, adminId));
    expect([forbidden.status, forbidden.messages[0]]).toEqual([403, 'not authorized']);
    expect(users.users.get(adminId)!.user.authSecret!.expiresAt.getTime()).toBeGreaterThan(Date.now());

    await commands.expireSecret(plain, other.id);
    expect(users.users.get(other.id)!.user.authSecret!.expiresAt.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    await commands.expireSecret(admin, adminId);
    expect(users.users.get(adminId)!.user.authSecret!.expiresAt.getTime()).toBeLessThan(Date.now());
  });

  it('answers 404 for an unknown user, 409 for an SSO user and 400 for a user without a secret on expiry', async () => {
    expect((await apiErrorOf(commands.expireSecret(admin, '00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    const sso = await commands.create({ principalName: 'sso', roleIds: [2] });
    await users.update(sso.id, { ssoProviderId: 7 });
    const conflict = await apiErrorOf(commands.expireSecret(admin, sso.id));
    expect([conflict.status, conflict.messages]).toEqual([409, [IdentityErrors.ssoUserExpireSecret]]);
    const secretless = await commands.create({ principalName: 'secretless', roleIds: [2] });
    const none = await apiErrorOf(commands.expireSecret(admin, secretless.id));
    expect([none.status, none.messages]).toEqual([400, [IdentityErrors.noSecret]]);
  });

  it('records that a user accepted the EULA', async () => {
    expect(users.users.get(adminId)!.user.eulaAccepted).toBe(false);
    await commands.acceptEula(adminId);
    expect(users.users.get(adminId)!.user.eulaAccepted).toBe(true);
  });
});
