import { Injectable } from '@nestjs/common';
import {
  ApiError, applyListFilters, applyListQuery, Database, dateOf, optionalDate, pgConstraint, pgErrorCode, PgErrorCodes,
  type ListQuery, type Row,
} from '@app/platform';
import { AssetGroupsErrors } from '../application/asset-groups-errors.js';
import { ASSET_GROUP_LIST, ASSET_GROUP_MEMBER_LIST } from '../application/list-specs.js';
import {
  AssetGroupStore, type AssetGroup, type AssetGroupMember, type LegacySelector,
} from '../application/asset-group-queries.js';
import type { MemberCounts } from '../application/member-queries.js';

/** Unique constraints of asset_groups and the 409 each stands for. */
const UNIQUE_MESSAGES: Readonly<Record<string, string>> = {
  asset_groups_name_key: AssetGroupsErrors.assetGroupNameUnique,
  asset_groups_tag_key: AssetGroupsErrors.assetGroupTagUnique,
};

/** A unique violation of asset_groups as its 409; anything else as it was. */
function conflictOrSame(error: unknown): unknown {
  const message = pgErrorCode(error) === PgErrorCodes.uniqueViolation ? UNIQUE_MESSAGES[pgConstraint(error) ?? ''] : undefined;
  return message ? ApiError.conflict(message) : error;
}

/** Asset groups with their member counts and legacy selectors (one per seed), alias `x` outside. */
const ASSET_GROUPS_VIEW = `
  SELECT g.id, g.asset_group_tag_id, g.name, g.tag, g.system_group, g.created_at, g.updated_at, g.deleted_at,
         (SELECT count(DISTINCT r.node_id) FROM asset_group_tag_member_records r
           WHERE r.asset_group_tag_id = g.asset_group_tag_id)::bigint AS member_count,
         COALESCE((SELECT json_agg(json_build_object(
                     'id', sd.id, 'name', s.name, 'selector', sd.value, 'system_selector', s.is_default,
                     'created_at', s.created_at, 'updated_at', s.updated_at) ORDER BY sd.id)
                   FROM asset_group_tag_selectors s JOIN asset_group_tag_selector_seeds sd ON sd.selector_id = s.id
                   WHERE s.asset_group_tag_id = g.asset_group_tag_id), '[]'::json) AS selectors
  FROM asset_groups g`;

/**
 * One row per member node of the group's tag, over its member records (alias `x` outside). The node details are
 * the same on every record of a node (evaluation writes them per node); custom_member: some non-default selector
 * selected the node.
 */
const MEMBERS_VIEW = `
  SELECT r.node_id, g.id AS asset_group_id, max(r.object_id) AS object_id, max(r.primary_kind) AS primary_kind,
         max(r.environment_id) AS environment_id, max(r.environment_kind) AS environment_kind, max(r.name) AS name,
         bool_or(NOT r.is_default) AS custom_member,
         CASE WHEN bool_or(NOT r.is_default) THEN 'true' ELSE 'false' END AS custom_member_text
  FROM asset_groups g
  JOIN asset_group_tag_member_records r ON r.asset_group_tag_id = g.asset_group_tag_id
  WHERE g.id = :groupId
  GROUP BY g.id, r.node_id`;

interface SelectorJson {
  id: number;
  name: string;
  selector: string;
  system_selector: boolean;
  created_at: string;
  updated_at: string;
}

function toAssetGroup(row: Row): AssetGroup {
  const selectors = row.selectors as SelectorJson[];
  return {
    id: Number(row.id),
    tagId: Number(row.asset_group_tag_id),
    name: String(row.name),
    tag: String(row.tag),
    systemGroup: Boolean(row.system_group),
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: optionalDate(row.deleted_at),
    memberCount: Number(row.member_count),
    selectors: selectors.map((s): LegacySelector => ({
      id: Number(s.id), name: s.name, selector: s.selector, systemSelector: s.system_selector,
      createdAt: dateOf(s.created_at), updatedAt: dateOf(s.updated_at),
    })),
  };
}

function toMember(row: Row): AssetGroupMember {
  return {
    assetGroupId: Number(row.asset_group_id),
    nodeId: String(row.node_id),
    objectId: String(row.object_id),
    primaryKind: String(row.primary_kind),
    environmentId: String(row.environment_id),
    environmentKind: String(row.environment_kind),
    name: String(row.name),
    customMember: Boolean(row.custom_member),
  };
}

/** The legacy asset groups in PostgreSQL (views of the seeded tags). */
@Injectable()
export class PgAssetGroupStore extends AssetGroupStore {
  constructor(private readonly db: Database) {
    super();
  }

  list(query: ListQuery): Promise<AssetGroup[]> {
    return this.db.transaction(async (m) => {
      const qb = m.createQueryBuilder().select('x.*').from(`(${ASSET_GROUPS_VIEW})`, 'x');
      const rows: Row[] = await applyListQuery(qb, ASSET_GROUP_LIST, query).getRawMany();
      return rows.map(toAssetGroup);
    }, { readOnly: true });
  }

  async get(id: number): Promise<AssetGroup | null> {
    const [row] = await this.db.query<Row>(`SELECT x.* FROM (${ASSET_GROUPS_VIEW}) x WHERE x.id = $1`, [id], {
      readOnly: true,
    });
    return row ? toAssetGroup(row) : null;
  }

  async rename(id: number, name: string): Promise<AssetGroup | null> {
    try {
      return await this.db.transaction(async (m) => {
        const [renamed] = await m.query(
          'WITH renamed AS (UPDATE asset_groups SET name = $2, updated_at = now() WHERE id = $1 RETURNING id) SELECT id FROM renamed',
          [id, name],
        );
        return renamed ? this.get(id) : null;
      });
    } catch (error) {
      throw conflictOrSame(error);
    }
  }

  async conflictOf(name: string, tag: string): Promise<'name' | 'tag' | null> {
    const [row] = await this.db.query<{ name_taken: boolean; tag_taken: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM asset_groups WHERE name = $1) AS name_taken,
              EXISTS (SELECT 1 FROM asset_groups WHERE tag = $2) AS tag_taken`,
      [name, tag],
    );
    return row.name_taken ? 'name' : row.tag_taken ? 'tag' : null;
  }

  async create(tagId: number, name: string, tag: string): Promise<AssetGroup> {
    try {
      return await this.db.transaction(async (m) => {
        const [{ id }] = await m.query('INSERT INTO asset_groups (asset_group_tag_id, name, tag) VALUES ($1, $2, $3) RETURNING id', [
          tagId, name, tag,
        ]);
        return (await this.get(Number(id)))!;
      });
    } catch (error) {
      throw conflictOrSame(error);
    }
  }

  async delete(id: number): Promise<void> {
    await this.db.query('DELETE FROM asset_groups WHERE id = $1', [id]);
  }

  memberCounts(id: number, query: ListQuery): Promise<MemberCounts> {
    return this.db.transaction(async (m) => {
      const qb = m.createQueryBuilder().select('x.primary_kind', 'primary_kind').addSelect('count(*)', 'count')
        .from(`(${MEMBERS_VIEW})`, 'x').setParameter('groupId', id);
      const rows: Row[] = await applyListFilters(qb, ASSET_GROUP_MEMBER_LIST, query)
        .groupBy('x.primary_kind').orderBy('x.primary_kind').getRawMany();
      const byKind: Record<string, number> = {};
      for (const row of rows) byKind[String(row.primary_kind)] = Number(row.count);
      return { total: Object.values(byKind).reduce((sum, n) => sum + n, 0), byKind };
    }, { readOnly: true });
  }

  members(id: number, query: ListQuery): Promise<{ items: AssetGroupMember[]; count: number }> {
    return this.db.transaction(async (m) => {
      const page = m.createQueryBuilder().select('x.*').from(`(${MEMBERS_VIEW})`, 'x').setParameter('groupId', id);
      const rows: Row[] = await applyListQuery(page, ASSET_GROUP_MEMBER_LIST, query).getRawMany();
      const counter = m.createQueryBuilder().select('count(*)', 'count').from(`(${MEMBERS_VIEW})`, 'x').setParameter('groupId', id);
      const { count } = (await applyListFilters(counter, ASSET_GROUP_MEMBER_LIST, query).getRawOne()) as { count: string };
      return { items: rows.map(toMember), count: Number(count) };
    }, { readOnly: true });
  }
}
