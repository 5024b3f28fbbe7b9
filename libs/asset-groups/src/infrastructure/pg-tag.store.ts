import { Injectable } from '@nestjs/common';
import {
  ApiError, applyListQuery, Database, param, pgConstraint, pgErrorCode, PgErrorCodes, raw, sql, type ListQuery,
  type Row,
} from '@app/platform';
import { TagType, type Tag } from '../domain/tag.js';
import { AssetGroupsErrors } from '../application/asset-groups-errors.js';
import { TAG_LIST } from '../application/list-specs.js';
import { TagStore } from '../application/ports.js';
import { TagWriter, type NewTag, type TagChanges } from '../application/tag-commands.js';
import { TagReadModel, type TagWithCounts } from '../application/tag-queries.js';
import { TAG_COLUMNS, toTag } from './row-mappers.js';

/** Unique constraints of asset_group_tags and the 409 each stands for (a fallback behind the use case's checks). */
const UNIQUE_MESSAGES: Readonly<Record<string, string>> = {
  asset_group_tags_kind_key: AssetGroupsErrors.tagNameUnique,
  asset_group_tags_glyph_key: AssetGroupsErrors.glyphUnique,
};

/** Distinct members of the tag `t`, over its member records (as the member lists count them). */
const MEMBER_COUNT = `(SELECT count(DISTINCT r.node_id) FROM asset_group_tag_member_records r WHERE r.asset_group_tag_id = t.id)`;
const SELECTOR_COUNT = '(SELECT count(*) FROM asset_group_tag_selectors s WHERE s.asset_group_tag_id = t.id)';

/** The tag list's read model (alias `x` outside); tags are never soft-deleted. */
const tagView = (counts: boolean) => `SELECT ${TAG_COLUMNS}, NULL::timestamptz AS deleted_at, NULL::text AS deleted_by
  ${counts ? `, ${SELECTOR_COUNT}::int AS selector_count, ${MEMBER_COUNT}::int AS member_count` : ''}
  FROM asset_group_tags t`;

/** Asset group tags in PostgreSQL: reads, the filtered list, and the writes under the tags' write lock. */
@Injectable()
export class PgTagStore extends TagStore implements TagWriter, TagReadModel {
  constructor(private readonly db: Database) {
    super();
  }

  async list(): Promise<Tag[]> {
    const rows = await this.db.query<Row>(`SELECT ${TAG_COLUMNS} FROM asset_group_tags t ORDER BY t.id`);
    return rows.map(toTag);
  }

  async get(id: number): Promise<Tag | null> {
    const [row] = await this.db.query<Row>(`SELECT ${TAG_COLUMNS} FROM asset_group_tags t WHERE t.id = $1`, [id]);
    return row ? toTag(row) : null;
  }

  listMatching(query: ListQuery, counts: boolean): Promise<TagWithCounts[]> {
    return this.db.transaction(async (m) => {
      const qb = m.createQueryBuilder().select('x.*').from(`(${tagView(counts)})`, 'x');
      const rows: Row[] = await applyListQuery(qb, TAG_LIST, query).getRawMany();
      return rows.map((row) => ({
        ...toTag(row),
        ...(counts ? { counts: { selectors: Number(row.selector_count), members: Number(row.member_count) } } : {}),
      }));
    }, { readOnly: true });
  }

  exclusively<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(async (m) => {
      // Blocks other tag writes (and itself), not reads: positions, limits and names stay as read until commit.
      await m.query('LOCK TABLE asset_group_tags IN SHARE ROW EXCLUSIVE MODE');
      return work();
    });
  }

  create(tag: NewTag, actor: string): Promise<Tag> {
    return this.write(async () => {
      if (tag.type === TagType.Tier && tag.position !== null) {
        await this.db.query('UPDATE asset_group_tags SET position = position + 1 WHERE type = $1 AND position >= $2', [
          TagType.Tier, tag.position,
        ]);
      }
      const by = param(actor);
      const { text, values } = sql`
        INSERT INTO asset_group_tags AS t
          (type, kind_id, name, description, position, require_certify, analysis_enabled, glyph, created_by, updated_by)
        VALUES (${tag.type}, ${tag.kindId}, ${tag.name}, ${tag.description}, ${tag.position}, ${tag.requireCertify},
                ${tag.analysisEnabled}, ${tag.glyph}, ${by}, ${by})
        RETURNING ${raw(TAG_COLUMNS)}`.toQuery();
      const [row] = await this.db.query<Row>(text, values);
      return toTag(row);
    });
  }

  update(id: number, changes: TagChanges, actor: string): Promise<Tag> {
    return this.write(async () => {
      if (changes.position !== undefined) {
        // The tiers between the old and the new position move one step towards the gap the tag leaves.
        const to = param(changes.position);
        const { text, values } = sql`
          UPDATE asset_group_tags o SET position = o.position + CASE WHEN ${to}::int < c.position THEN 1 ELSE -1 END
          FROM asset_group_tags c
          WHERE c.id = ${id} AND o.type = ${TagType.Tier} AND o.id <> c.id
            AND o.position BETWEEN least(c.position, ${to}::int) AND greatest(c.position, ${to}::int)`.toQuery();
        await this.db.query(text, values);
      }
      // A CTE, so the driver answers the returned rows (a bare UPDATE answers [rows, count]).
      const { text, values } = sql`
        WITH updated AS (UPDATE asset_group_tags t SET
          name = COALESCE(${changes.name ?? null}::text, t.name),
          kind_id = COALESCE(${changes.kindId ?? null}::smallint, t.kind_id),
          description = COALESCE(${changes.description ?? null}::text, t.description),
          position = COALESCE(${changes.position ?? null}::int, t.position),
          require_certify = COALESCE(${changes.requireCertify ?? null}::boolean, t.require_certify),
          analysis_enabled = COALESCE(${changes.analysisEnabled ?? null}::boolean, t.analysis_enabled),
          glyph = CASE WHEN ${changes.glyph !== undefined}::boolean THEN ${changes.glyph ?? null}::text
                       ELSE t.glyph END,
          updated_at = now(), updated_by = ${actor}
        WHERE t.id = ${id}
        RETURNING ${raw(TAG_COLUMNS)})
        SELECT * FROM updated`.toQuery();
      const [row] = await this.db.query<Row>(text, values);
      if (!row) throw ApiError.notFound();
      return toTag(row);
    });
  }

  delete(id: number): Promise<void> {
    return this.db.transaction(async (m) => {
      // A CTE, so the driver answers the returned rows (a bare DELETE answers [rows, count]).
      const [deleted] = await m.query(
        'WITH deleted AS (DELETE FROM asset_group_tags WHERE id = $1 RETURNING type, position) SELECT * FROM deleted', [id],
      );
      if (deleted && Number(deleted.type) === TagType.Tier && deleted.position !== null) {
        await m.query('UPDATE asset_group_tags SET position = position - 1 WHERE type = $1 AND position > $2', [
          TagType.Tier, deleted.position,
        ]);
      }
    });
  }

  /** One unit of work whose unique violations answer the 409 of their constraint. */
  private async write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(() => work());
    } catch (error) {
      const message = pgErrorCode(error) === PgErrorCodes.uniqueViolation ? UNIQUE_MESSAGES[pgConstraint(error) ?? ''] : undefined;
      if (message) throw ApiError.conflict(message);
      throw error;
    }
  }
}
