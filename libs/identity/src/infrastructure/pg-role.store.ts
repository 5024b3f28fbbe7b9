import { Injectable } from '@nestjs/common';
import { applyListQuery, Database, type ListQuery, type Row } from '@app/platform';
import type { Role } from '../domain/role.js';
import { ROLE_LIST } from '../application/list-specs.js';
import { RoleStore } from '../application/ports.js';
import { ROLES_VIEW } from './read-models.js';
import { toRole } from './row-mappers.js';

/** Roles with their permissions, one statement per list. */
@Injectable()
export class PgRoleStore extends RoleStore {
  constructor(private readonly db: Database) {
    super();
  }

  list(query: ListQuery): Promise<Role[]> {
    return this.db.transaction(async (m) => {
      const qb = m.createQueryBuilder().select('x.role', 'role').from(`(${ROLES_VIEW})`, 'x');
      const rows = await applyListQuery(qb, ROLE_LIST, query).getRawMany();
      return rows.map((row) => toRole(row.role));
    });
  }

  async find(id: number): Promise<Role | null> {
    const [row] = await this.db.query<Row>(`SELECT x.role FROM (${ROLES_VIEW}) x WHERE x.id = $1`, [id]);
    return row ? toRole(row.role as Row) : null;
  }

  async existing(ids: number[]): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>('SELECT id FROM roles WHERE id = ANY($1::int[])', [ids]);
    return rows.map((row) => row.id);
  }
}
