import { Injectable } from '@nestjs/common';
import {
  ApiError, applyListFilters, applyListQuery, Database, joinSql, optionalDate, optionalNumber, pgConstraint,
  pgErrorCode, PgErrorCodes, raw, sql, type ListQuery, type ListSpec, type Row,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import type { User } from '../domain/user.js';
import { USER_LIST } from '../application/list-specs.js';
import {
  UserStore, type MinimalUser, type NewUser, type Page, type StoredCredentials, type UserAccess, type UserPatch,
} from '../application/ports.js';
import { USERS_VIEW } from './read-models.js';
import { toUser } from './row-mappers.js';

const PATCH_COLUMNS: Record<string, string> = {
  principalName: 'principal_name', firstName: 'first_name', lastName: 'last_name', emailAddress: 'email_address',
  ssoProviderId: 'sso_provider_id', isDisabled: 'is_disabled',
};

/** Users in PostgreSQL: each read is one statement over USERS_VIEW. */
@Injectable()
export class PgUserStore extends UserStore {
  constructor(private readonly db: Database) {
    super();
  }

  list(query: ListQuery): Promise<Page<User>> {
    return this.db.transaction(async (m) => {
      const qb = m.createQueryBuilder().select('x.*').addSelect('count(*) OVER ()', 'total_count').from(`(${USERS_VIEW})`, 'x');
      const rows = await applyListQuery(qb, USER_LIST, query).getRawMany();
      const count = rows.length > 0 ? Number(rows[0].total_count) : await this.countAll(m, query);
      return { items: rows.map(toUser), count };
    });
  }

  private async countAll(m: EntityManager, query: ListQuery): Promise<number> {
    const qb = m.createQueryBuilder().select('count(*)', 'count').from(`(${USERS_VIEW})`, 'x');
    const [row] = await applyListFilters(qb, USER_LIST, query).getRawMany();
    return Number(row.count);
  }

  listMinimal(spec: ListSpec, query: ListQuery): Promise<MinimalUser[]> {
    return this.db.transaction(async (m) => {
      const qb = m.createQueryBuilder()
        .select(['x.id AS id', 'x.first_name AS first_name', 'x.last_name AS last_name', 'x.email_address AS email_address'])
        .from('users', 'x')
        .where('x.deleted_at IS NULL AND NOT x.is_disabled');
      const rows = await applyListQuery(qb, spec, query).getRawMany();
      return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, emailAddress: r.email_address }));
    });
  }

  async findById(id: string): Promise<User | null> {
    const [row] = await this.db.query<Row>(`SELECT x.* FROM (${USERS_VIEW}) x WHERE x.id = $1`, [id]);
    return row ? toUser(row) : null;
  }

  async findByIds(ids: string[]): Promise<User[]> {
    const rows = await this.db.query<Row>(
      `SELECT x.* FROM (${USERS_VIEW}) x WHERE x.id = ANY($1::uuid[]) ORDER BY x.id`, [ids],
    );
    return rows.map(toUser);
  }

  async findAccess(id: string): Promise<UserAccess | null> {
    const [row] = await this.db.query<Row>(
      `SELECT u.id, u.principal_name, u.is_disabled, u.sso_provider_id, u.sessions_valid_after, s.expires_at,
         ARRAY(SELECT DISTINCT p.authority || ':' || p.name FROM users_roles ur
               JOIN roles_permissions rp ON rp.role_id = ur.role_id JOIN permissions p ON p.id = rp.permission_id
               WHERE ur.user_id = u.id) AS permissions
       FROM users u LEFT JOIN auth_secrets s ON s.user_id = u.id AND s.deleted_at IS NULL
       WHERE u.id = $1 AND u.deleted_at IS NULL`,
      [id],
    );
    if (!row) return null;
    return {
      id: String(row.id),
      principalName: String(row.principal_name),
      isDisabled: Boolean(row.is_disabled),
      ssoProviderId: optionalNumber(row.sso_provider_id),
      secretExpiresAt: optionalDate(row.expires_at),
      sessionsValidAfter: optionalDate(row.sessions_valid_after),
      permissions: row.permissions as string[],
    };
  }

  async findCredentials(principalName: string): Promise<StoredCredentials | null> {
    const [row] = await this.db.query<Row>(
      `SELECT u.id, u.principal_name, u.is_disabled, u.eula_accepted, s.digest, s.expires_at FROM users u
       LEFT JOIN auth_secrets s ON s.user_id = u.id AND s.deleted_at IS NULL
       WHERE lower(u.principal_name) = lower($1) AND u.deleted_at IS NULL`,
      [principalName],
    );
    if (!row) return null;
    return {
      userId: String(row.id),
      principalName: String(row.principal_name),
      isDisabled: Boolean(row.is_disabled),
      eulaAccepted: Boolean(row.eula_accepted),
      digest: (row.digest as string | null) ?? null,
      expiresAt: optionalDate(row.expires_at),
    };
  }

  async create(user: NewUser, onConflict: 'fail' | 'ignore' = 'fail'): Promise<string | null> {
    try {
      return await this.db.transaction(async (m) => {
        const { text, values } = sql`
          INSERT INTO users (principal_name, first_name, last_name, email_address, sso_provider_id, is_disabled)
          VALUES (${user.principalName}, ${user.firstName}, ${user.lastName}, ${user.emailAddress},
                  ${user.ssoProviderId}, ${user.isDisabled}) RETURNING id`.toQuery();
        const [row] = await m.query(text, values);
        await m.query('INSERT INTO users_roles (user_id, role_id) SELECT $1, unnest($2::int[])', [row.id, user.roleIds]);
        if (user.secret) await this.writeSecret(m, row.id, user.secret);
        return String(row.id);
      });
    } catch (error) {
      if (onConflict === 'ignore' && pgErrorCode(error) === PgErrorCodes.uniqueViolation) return null;
      throw uniqueViolationToConflict(error);
    }
  }

  async update(id: string, patch: UserPatch): Promise<void> {
    const entries = Object.entries(patch).filter(([key, value]) => Object.hasOwn(PATCH_COLUMNS, key) && value !== undefined);
    try {
      await this.db.transaction(async (m) => {
        if (entries.length > 0) {
          const sets = joinSql(entries.map(([key, value]) => sql`${raw(PATCH_COLUMNS[key])} = ${value}`), ', ');
          // Disabling voids every session issued so far, also once the user is enabled again.
          const voidSessions = raw(patch.isDisabled === true ? ', sessions_valid_after = now()' : '');
          const { text, values } = sql`UPDATE users SET ${sets}${voidSessions}, updated_at = now()
            WHERE id = ${id} AND deleted_at IS NULL`.toQuery();
          await m.query(text, values);
        }
        if (patch.roleIds) {
          await m.query('DELETE FROM users_roles WHERE user_id = $1', [id]);
          await m.query('INSERT INTO users_roles (user_id, role_id) SELECT $1, unnest($2::int[])', [id, patch.roleIds]);
        }
        // A user signs in with a secret or through an SSO provider, never both: binding drops the secret.
        if (typeof patch.ssoProviderId === 'number') await m.query('DELETE FROM auth_secrets WHERE user_id = $1', [id]);
      });
    } catch (error) {
      throw uniqueViolationToConflict(error);
    }
  }

  async softDelete(id: string): Promise<void> {
    await this.db.query('UPDATE users SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL', [id]);
  }

  async setSecret(
    id: string, secret: { digest: string; digestMethod: string; expiresAt: Date }, options: { voidSessions?: boolean } = {},
  ): Promise<void> {
    await this.db.transaction(async (m) => {
      await this.writeSecret(m, id, secret);
      if (options.voidSessions) await m.query('UPDATE users SET sessions_valid_after = now() WHERE id = $1', [id]);
    });
  }

  private async writeSecret(m: EntityManager, userId: string, secret: { digest: string; digestMethod: string; expiresAt: Date }) {
    await m.query(
      `INSERT INTO auth_secrets (user_id, digest, digest_method, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET digest = EXCLUDED.digest, digest_method = EXCLUDED.digest_method,
         expires_at = EXCLUDED.expires_at, deleted_at = NULL, updated_at = now()`,
      [userId, secret.digest, secret.digestMethod, secret.expiresAt],
    );
  }

  async expireSecret(id: string, at: Date): Promise<void> {
    await this.db.query(
      'UPDATE auth_secrets SET expires_at = $2, updated_at = now() WHERE user_id = $1 AND deleted_at IS NULL', [id, at],
    );
  }

  async recordLogin(id: string): Promise<void> {
    await this.db.query('UPDATE users SET last_login = now() WHERE id = $1', [id]);
  }

  async acceptEula(id: string): Promise<void> {
    await this.db.query(
      'UPDATE users SET eula_accepted = true, updated_at = now() WHERE id = $1 AND deleted_at IS NULL AND NOT eula_accepted', [id],
    );
  }
}

function uniqueViolationToConflict(error: unknown): unknown {
  if (pgErrorCode(error) !== PgErrorCodes.uniqueViolation) return error;
  const constraint = pgConstraint(error);
  if (constraint === 'users_email_address_key') return ApiError.conflict('email must be unique');
  if (constraint === 'users_principal_name_key') return ApiError.conflict('principal name must be unique');
  return ApiError.conflict('unique constraint was violated');
}
