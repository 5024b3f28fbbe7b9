import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ApiError, applyListFilters, applyListQuery, Database, dateOf, optionalDate, optionalString, param, pgConstraint,
  pgErrorCode, PgErrorCodes, sql, type ListQuery, type Row,
} from '@app/platform';
import type { AutoCertify, Seed, SeedType, Selector, SelectorDraft, SelectorPatch } from '../domain/selector.js';
import { AssetGroupsErrors } from '../application/asset-groups-errors.js';
import { SELECTOR_LIST } from '../application/list-specs.js';
import { SelectorStore, type SelectorWithCounts } from '../application/ports.js';

/** A selector with its seeds (in id order) and its seed type, one row per selector. */
export const SELECTORS_VIEW = `
  SELECT s.id, s.asset_group_tag_id, s.name, s.description, s.auto_certify, s.is_default, s.allow_disable,
         s.disabled_at, s.disabled_by, s.created_at, s.created_by, s.updated_at, s.updated_by, s.last_evaluated_at,
         s.last_error, COALESCE(sd.seeds, '[]'::json) AS seeds, sd.seed_type
  FROM asset_group_tag_selectors s
  LEFT JOIN LATERAL (
    SELECT json_agg(json_build_object('id', x.id, 'type', x.type, 'value', x.value) ORDER BY x.id) AS seeds,
           min(x.type) AS seed_type
    FROM asset_group_tag_selector_seeds x WHERE x.selector_id = s.id
  ) sd ON true`;

/**
 * Members of a selector of the list (alias `s`), over the member records (none while disabled; revoked ones left
 * out when the tag requires certification); only nodes of the `:environments` when any are given.
 */
const MEMBER_COUNT = `(
  SELECT count(*) FROM asset_group_tag_member_records r
  WHERE r.selector_id = s.id
    AND (cardinality(CAST(:environments AS text[])) = 0 OR r.environment_id = ANY(CAST(:environments AS text[]))))`;

const SELECTOR_NAME_KEY = 'asset_group_tag_selectors_name_key';

export function toSelector(row: Row): SelectorWithCounts {
  const seeds = row.seeds as { id: number; type: number; value: string }[];
  return {
    id: Number(row.id),
    tagId: Number(row.asset_group_tag_id),
    name: String(row.name),
    description: String(row.description),
    autoCertify: Number(row.auto_certify) as AutoCertify,
    isDefault: Boolean(row.is_default),
    allowDisable: Boolean(row.allow_disable),
    disabledAt: optionalDate(row.disabled_at),
    disabledBy: optionalString(row.disabled_by),
    createdAt: dateOf(row.created_at),
    createdBy: String(row.created_by),
    updatedAt: dateOf(row.updated_at),
    updatedBy: String(row.updated_by),
    seeds: seeds.map((seed) => ({ id: Number(seed.id), type: Number(seed.type) as SeedType, value: seed.value })),
    lastError: optionalString(row.last_error),
    lastEvaluatedAt: optionalDate(row.last_evaluated_at),
    ...(row.member_count === undefined ? {} : { memberCount: Number(row.member_count) }),
  };
}

/** Selectors and their seeds in PostgreSQL: each read is one statement over SELECTORS_VIEW. */
@Injectable()
export class PgSelectorStore extends SelectorStore {
  constructor(private readonly db: Database) {
    super();
  }

  list(tagId: number, query: ListQuery, counts: { environments: string[] } | null) {
    return this.db.transaction(async (m) => {
      const qb = m.createQueryBuilder().select('s.*').addSelect('count(*) OVER ()', 'total_count')
        .from(`(${SELECTORS_VIEW})`, 's')
        .where('s.asset_group_tag_id = :tagId', { tagId });
      if (counts) qb.addSelect(MEMBER_COUNT, 'member_count').setParameter('environments', counts.environments);
      const rows = await applyListQuery(qb, SELECTOR_LIST, query).getRawMany<Row>();
      const count = rows.length > 0 ? Number(rows[0].total_count) : await this.countAll(m, tagId, query);
      return { items: rows.map(toSelector), count };
    });
  }

  private async countAll(m: EntityManager, tagId: number, query: ListQuery): Promise<number> {
    const qb = m.createQueryBuilder().select('count(*)', 'count').from(`(${SELECTORS_VIEW})`, 's')
      .where('s.asset_group_tag_id = :tagId', { tagId });
    const [row] = await applyListFilters(qb, SELECTOR_LIST, query).getRawMany<{ count: string }>();
    return Number(row.count);
  }

  async get(id: number): Promise<Selector | null> {
    const [row] = await this.db.query<Row>(`SELECT s.* FROM (${SELECTORS_VIEW}) s WHERE s.id = $1`, [id]);
    return row ? toSelector(row) : null;
  }

  async ofTag(tagId: number): Promise<Selector[]> {
    const rows = await this.db.query<Row>(
      `SELECT s.* FROM (${SELECTORS_VIEW}) s WHERE s.asset_group_tag_id = $1 ORDER BY s.id`, [tagId],
    );
    return rows.map(toSelector);
  }

  create(tagId: number, draft: SelectorDraft, actor: string): Promise<Selector> {
    return this.writing(() => this.db.transaction(async (m) => {
      const by = param(actor);
      const { text, values } = sql`
        INSERT INTO asset_group_tag_selectors
          (asset_group_tag_id, name, description, auto_certify, created_by, updated_by)
        VALUES (${tagId}, ${draft.name}, ${draft.description}, ${draft.autoCertify}, ${by}, ${by})
        RETURNING id`.toQuery();
      const [{ id }] = await m.query(text, values);
      await this.insertSeeds(m, Number(id), draft.seeds);
      return (await this.get(Number(id)))!;
    }));
  }

  update(id: number, patch: SelectorPatch, actor: string): Promise<Selector> {
    return this.writing(() => this.db.transaction(async (m) => {
      // Fixed SQL: each optional field is a parameter that is null when the patch leaves it alone.
      const disabled = param(patch.disabled ?? null);
      const by = param(actor);
      const { text, values } = sql`
        UPDATE asset_group_tag_selectors SET
          name = COALESCE(${patch.name ?? null}, name),
          description = COALESCE(${patch.description ?? null}, description),
          auto_certify = COALESCE(${patch.autoCertify ?? null}, auto_certify),
          disabled_at = CASE WHEN ${disabled}::boolean IS NULL THEN disabled_at
                             WHEN ${disabled} THEN COALESCE(disabled_at, now()) END,
          disabled_by = CASE WHEN ${disabled}::boolean IS NULL THEN disabled_by
                             WHEN ${disabled} THEN COALESCE(disabled_by, ${by}) END,
          updated_at = now(), updated_by = ${by}
        WHERE id = ${id}`.toQuery();
      await m.query(text, values);
      if (patch.seeds) {
        await m.query('DELETE FROM asset_group_tag_selector_seeds WHERE selector_id = $1', [id]);
        await this.insertSeeds(m, id, patch.seeds);
      }
      // Gone since the use case read it (its tag or itself deleted meanwhile).
      const updated = await this.get(id);
      if (!updated) throw ApiError.notFound();
      return updated;
    }));
  }

  async delete(id: number): Promise<void> {
    await this.db.query('DELETE FROM asset_group_tag_selectors WHERE id = $1', [id]);
  }

  async recordFailure(id: number, message: string): Promise<void> {
    await this.db.query('UPDATE asset_group_tag_selectors SET last_error = $2 WHERE id = $1', [id, message]);
  }

  private async insertSeeds(m: EntityManager, selectorId: number, seeds: Seed[]): Promise<void> {
    await m.query(
      `INSERT INTO asset_group_tag_selector_seeds (selector_id, type, value)
       SELECT $1, s.type, s.value FROM unnest($2::smallint[], $3::text[]) WITH ORDINALITY AS s(type, value, n) ORDER BY s.n`,
      [selectorId, seeds.map((seed) => seed.type), seeds.map((seed) => seed.value)],
    );
  }

  /**
   * A write whose constraint failures are client answers: a duplicate name is 409; a missing parent (the tag, or
   * the selector, deleted after the use case checked it) is 404 `resource not found`.
   */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === PgErrorCodes.uniqueViolation && pgConstraint(error) === SELECTOR_NAME_KEY) {
        throw ApiError.conflict(AssetGroupsErrors.selectorNameUnique);
      }
      if (code === PgErrorCodes.foreignKeyViolation) throw ApiError.notFound();
      throw error;
    }
  }
}
