import { Injectable } from '@nestjs/common';
import { ApiError, Database, pgConstraint, pgErrorCode, PgErrorCodes, type Row } from '@app/platform';
import { CustomNodeKindStore } from '../../application/custom-node-kinds.js';
import { GraphErrors } from '../../application/graph-errors.js';
import type { CustomNodeConfig, CustomNodeKind } from '../../domain/custom-node-kind.js';

const COLUMNS = 'id, kind_name, config';

function toKind(row: Row): CustomNodeKind {
  const config = row.config as { icon?: Partial<CustomNodeConfig['icon']> };
  return {
    id: Number(row.id),
    kindName: String(row.kind_name),
    config: { icon: { type: config.icon?.type ?? '', name: config.icon?.name ?? '', color: config.icon?.color ?? '' } },
  };
}

/** A kind name nobody can have stored (NUL is refused on create): look-ups by it find nothing. */
const storable = (kindName: string) => !kindName.includes('\u0000');

/** Custom node kinds in `custom_node_kinds` (migration CustomNodeKinds1732240001150). */
@Injectable()
export class PgCustomNodeKindStore extends CustomNodeKindStore {
  constructor(private readonly db: Database) {
    super();
  }

  async list(): Promise<CustomNodeKind[]> {
    return (await this.db.query<Row>(`SELECT ${COLUMNS} FROM custom_node_kinds ORDER BY id`, [], { readOnly: true })).map(toKind);
  }

  async get(kindName: string): Promise<CustomNodeKind | null> {
    if (!storable(kindName)) return null;
    const [row] = await this.db.query<Row>(`SELECT ${COLUMNS} FROM custom_node_kinds WHERE kind_name = $1`, [kindName], { readOnly: true });
    return row ? toKind(row) : null;
  }

  async create(kinds: { kindName: string; config: CustomNodeConfig }[]): Promise<CustomNodeKind[]> {
    try {
      const rows = await this.db.query<Row>(
        `INSERT INTO custom_node_kinds (kind_name, config)
         SELECT name, config FROM unnest($1::text[], $2::jsonb[]) WITH ORDINALITY AS k (name, config, n) ORDER BY n
         RETURNING ${COLUMNS}`,
        [kinds.map((k) => k.kindName), kinds.map((k) => JSON.stringify(k.config))],
      );
      return rows.map(toKind).sort((a, b) => a.id - b.id);
    } catch (error) {
      if (pgErrorCode(error) === PgErrorCodes.uniqueViolation && pgConstraint(error) === 'custom_node_kinds_kind_name_key') {
        throw ApiError.conflict(GraphErrors.customNodeDuplicate);
      }
      throw error;
    }
  }

  async update(kindName: string, config: CustomNodeConfig): Promise<CustomNodeKind | null> {
    if (!storable(kindName)) return null;
    const [row] = await this.db.query<Row>(
      // In a CTE: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
      `WITH updated AS (UPDATE custom_node_kinds SET config = $2::jsonb, updated_at = now() WHERE kind_name = $1 RETURNING ${COLUMNS})
       SELECT * FROM updated`,
      [kindName, JSON.stringify(config)],
    );
    return row ? toKind(row) : null;
  }

  async delete(kindName: string): Promise<boolean> {
    if (!storable(kindName)) return false;
    const rows = await this.db.query(`WITH deleted AS (DELETE FROM custom_node_kinds WHERE kind_name = $1 RETURNING id) SELECT id FROM deleted`, [kindName]);
    return rows.length > 0;
  }
}
