import { Injectable } from '@nestjs/common';
import { ApiError, Permissions, type Principal } from '@app/platform';
import { passwordProblems } from '../domain/password-policy.js';
import type { User } from '../domain/user.js';
import { IdentityErrors } from './identity-errors.js';
import {
  InitialPasswordNotice, PasswordHasher, RoleStore, SsoProviderStore, UserStore, type UserPatch,
} from './ports.js';
import { checkUserText } from './user-rules.js';

/** A secret that never expires in practice: "needs_password_reset: false". */
const NEVER = new Date('9999-12-31T00:00:00Z');
/** "needs_password_reset: true" expires the secret at the zero time, as the reference does. */
const EXPIRED = new Date('0001-01-01T00:00:00Z');

export interface UserInput {
  principalName?: string;
  firstName?: string | null;
  lastName?: string | null;
  emailAddress?: string | null;
  roleIds?: number[];
  ssoProviderId?: number | null;
  isDisabled?: boolean;
}

/** Create, update, delete users and set their secrets, with the reference's self-protection rules. */
@Injectable()
export class UserCommands {
  constructor(
    private readonly users: UserStore,
    private readonly roles: RoleStore,
    private readonly providers: SsoProviderStore,
    private readonly hasher: PasswordHasher,
    private readonly initialPassword: InitialPasswordNotice,
  ) {}

  async create(input: UserInput & { principalName: string; secret?: string; needsPasswordReset?: boolean }): Promise<User> {
    checkUserText(input);
    await this.checkReferences(input);
    if (input.secret && input.ssoProviderId) throw ApiError.badRequest(IdentityErrors.secretAndSso);
    const secret = input.secret ? await this.digest(input.secret, input.needsPasswordReset ?? false) : null;
    const id = await this.users.create({
      principalName: input.principalName,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      emailAddress: input.emailAddress ?? null,
      ssoProviderId: input.ssoProviderId ?? null,
      isDisabled: input.isDisabled ?? false,
      roleIds: input.roleIds ?? [],
      secret,
    });
    return (await this.users.findById(id!))!;
  }

  async update(actor: Principal, id: string, input: UserInput): Promise<User> {
    checkUserText(input);
    const user = await this.existing(id);
    if (actor.userId === id) {
      if (input.isDisabled === true) throw ApiError.badRequest(IdentityErrors.disableSelf);
      if (input.roleIds && !sameSet(input.roleIds, user.roles.map((r) => r.id))) {
        throw ApiError.badRequest(IdentityErrors.changeOwnRole);
      }
      if (input.ssoProviderId !== undefined && input.ssoProviderId !== user.ssoProviderId) {
        throw ApiError.badRequest(IdentityErrors.changeOwnSso);
      }
    }
    await this.checkReferences(input);
    await this.users.update(id, input as UserPatch);
    return (await this.users.findById(id))!;
  }

  async delete(actor: Principal, id: string): Promise<void> {
    if (actor.userId === id) throw ApiError.badRequest(IdentityErrors.deleteSelf);
    await this.existing(id);
    await this.users.softDelete(id);
  }

  /**
   * Changing one's own secret needs the current one; another user's needs auth:ManageUsers. A generated bootstrap
   * password handed out for this user is withdrawn: it no longer logs in.
   */
  async setSecret(actor: Principal, id: string, input: { secret: string; currentSecret?: string; needsPasswordReset?: boolean }) {
    const { self, user } = await this.secretHolder(actor, id);
    if (user.ssoProviderId !== null) throw ApiError.badRequest(IdentityErrors.ssoUserSecret);
    if (self) {
      const stored = await this.users.findCredentials(user.principalName);
      const ok = stored?.digest && input.currentSecret !== undefined && (await this.hasher.verify(stored.digest, input.currentSecret));
      if (!ok) throw ApiError.forbidden(IdentityErrors.invalidCurrentPassword);
    }
    // A reset by someone else (an administrator, the CLI) also ends the sessions an intruder may hold.
    await this.users.setSecret(id, await this.digest(input.secret, input.needsPasswordReset ?? false), { voidSessions: !self });
    this.initialPassword.withdraw(user.principalName);
  }

  /**
   * Expires a user's secret now (the reference's zero time): their next login answers auth_expired, and until they
   * change it they may only manage themselves. The same self/other rules as setSecret; an SSO user has no secret (409).
   */
  async expireSecret(actor: Principal, id: string): Promise<void> {
    const { user } = await this.secretHolder(actor, id);
    if (user.ssoProviderId !== null) throw ApiError.conflict(IdentityErrors.ssoUserExpireSecret);
    // The reference dereferences the missing secret (a 500); there is nothing to expire.
    if (user.authSecret === null) throw ApiError.badRequest(IdentityErrors.noSecret);
    await this.users.expireSecret(id, EXPIRED);
  }

  /** Records that the user accepted the EULA (nothing is gated on it). */
  async acceptEula(id: string): Promise<void> {
    await this.existing(id);
    await this.users.acceptEula(id);
  }

  /** The user whose secret the actor acts on: their own, or anyone's with auth:ManageUsers (else 403); 404 if none. */
  private async secretHolder(actor: Principal, id: string): Promise<{ self: boolean; user: User }> {
    const self = actor.userId === id;
    if (!self && !actor.permissions.has(Permissions.AuthManageUsers)) throw ApiError.forbidden();
    return { self, user: await this.existing(id) };
  }

  private async digest(secret: string, needsReset: boolean) {
    const problems = passwordProblems(secret);
    if (problems.length > 0) throw ApiError.badRequest(problems.join('; '));
    return { digest: await this.hasher.hash(secret), digestMethod: this.hasher.method, expiresAt: needsReset ? EXPIRED : NEVER };
  }

  private async existing(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw ApiError.notFound();
    return user;
  }

  private async checkReferences(input: UserInput): Promise<void> {
    if (input.roleIds) {
      if (input.roleIds.length > 1) throw ApiError.badRequest(IdentityErrors.oneRole);
      const found = await this.roles.existing(input.roleIds);
      if (found.length !== input.roleIds.length) throw ApiError.badRequest(IdentityErrors.unknownRole);
    }
    if (input.ssoProviderId !== undefined && input.ssoProviderId !== null && !(await this.providers.find(input.ssoProviderId))) {
      throw ApiError.badRequest(IdentityErrors.unknownSsoProvider);
    }
  }
}

function sameSet(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
