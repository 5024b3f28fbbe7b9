import { Injectable } from '@nestjs/common';
import { Database } from '@app/platform';
import type { Tag } from '../domain/tag.js';
import { TagStore } from '../application/ports.js';
import { TAG_COLUMNS, toTag } from './row-mappers.js';

/** Asset group tags in PostgreSQL. */
@Injectable()
export class PgTagStore extends TagStore {
  constructor(private readonly db: Database) {
    super();
  }

  async list(): Promise<Tag[]> {
    const rows = await this.db.query<Record<string, unknown>>(`SELECT ${TAG_COLUMNS} FROM asset_group_tags t ORDER BY t.id`);
    return rows.map(toTag);
  }

  async get(id: number): Promise<Tag | null> {
    const [row] = await this.db.query<Record<string, unknown>>(`SELECT ${TAG_COLUMNS} FROM asset_group_tags t WHERE t.id = $1`, [id]);
    return row ? toTag(row) : null;
  }
}
