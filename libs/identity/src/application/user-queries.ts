import { Injectable } from '@nestjs/common';
import { UUID_PATTERN } from '@app/platform';
import { shownName, type User } from '../domain/user.js';
import { UserStore } from './ports.js';

/** Read access to users for other modules (e.g. GET /api/v2/self, token owners). */
@Injectable()
export class UserQueries {
  constructor(private readonly users: UserStore) {}

  find(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  /**
   * How each of the given users (by id) is shown as the author of a record: their email, else their principal name
   * (shownName). Ids that are not live users (SYSTEM, deleted users) are left out: callers show the stored value.
   */
  async shownNamesOf(ids: string[]): Promise<Map<string, string>> {
    const userIds = [...new Set(ids)].filter((id) => UUID_PATTERN.test(id));
    const users = userIds.length === 0 ? [] : await this.users.findByIds(userIds);
    return new Map(users.map((u) => [u.id, shownName(u)]));
  }

  /** Which of the given ids (uuids, any case) are live users, i.e. not deleted: lower-cased. */
  async liveUserIds(ids: readonly string[]): Promise<Set<string>> {
    const userIds = [...new Set(ids.map((id) => id.toLowerCase()))].filter((id) => UUID_PATTERN.test(id));
    const users = userIds.length === 0 ? [] : await this.users.findByIds(userIds);
    return new Set(users.filter((u) => u.deletedAt === null).map((u) => u.id));
  }

  /** The id of the live user with this principal name (case-insensitive, as at login). */
  async idOfPrincipal(principalName: string): Promise<string | null> {
    return (await this.users.findCredentials(principalName))?.userId ?? null;
  }
}
