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
      if (pgErrorCode(error) === PgErrorCodes.uniqueViolation && pgConstraint(error) === 'asset_groups_name_key') {
        throw ApiError.conflict(AssetGroupsErrors.assetGroupNameUnique);
      }
      throw error;
    }
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
