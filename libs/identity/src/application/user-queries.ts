import { Injectable } from '@nestjs/common';
import type { User } from '../domain/user.js';
import { UserStore } from './ports.js';

/** Read access to users for other modules (e.g. GET /api/v2/self, token owners). */
@Injectable()
export class UserQueries {
  constructor(private readonly users: UserStore) {}

  find(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  /** The id of the live user with this principal name (case-insensitive, as at login). */
  async idOfPrincipal(principalName: string): Promise<string | null> {
    return (await this.users.findCredentials(principalName))?.userId ?? null;
  }
}
