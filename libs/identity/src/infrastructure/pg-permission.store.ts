import { Injectable } from '@nestjs/common';
import { applyListQuery, Database, type ListQuery, type Row } from '@app/platform';
import type { PermissionRecord } from '../domain/role.js';
import { PERMISSION_LIST } from '../application/list-specs.js';
import { PermissionStore } from '../application/ports.js';
import { toPermission } from './row-mappers.js';

/** The permissions table, one statement per read. */
@Injectable()
export class PgPermissionStore extends PermissionStore {
  constructor(private readonly db: Database) {
    super();
  }

  list(query: ListQuery): Promise<PermissionRecord[]> {
    return this.db.transaction(async (m) => {
      const qb = m.createQueryBuilder().select('x.*').from('permissions', 'x');
      const rows: Row[] = await applyListQuery(qb, PERMISSION_LIST, query).getRawMany();
      return rows.map(toPermission);
    }, { readOnly: true });
  }

  async find(id: number): Promise<PermissionRecord | null> {
    const [row] = await this.db.query<Row>('SELECT * FROM permissions WHERE id = $1', [id], { readOnly: true });
    return row ? toPermission(row) : null;
  }
}
