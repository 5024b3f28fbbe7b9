import { Injectable } from '@nestjs/common';
import { Database, type Row } from '@app/platform';
import {
  TagSearchReadModel, type SearchedMember, type SearchScope, type TagSearchResult,
} from '../application/tag-search.js';
import { containsPattern } from './like-patterns.js';
import { SELECTORS_VIEW, toSelector } from './pg-selector.store.js';
import { TAG_COLUMNS, toTag } from './row-mappers.js';

/** Ids of the tags a search scope covers ($1 the tag id or null, $2 the types). */
const SCOPE_TAGS = `(SELECT id FROM asset_group_tags WHERE CASE WHEN $1::int IS NULL THEN type = ANY($2::smallint[]) ELSE id = $1::int END)`;

function toMember(row: Row): SearchedMember {
  return {
    nodeId: String(row.node_id),
    objectId: String(row.object_id),
    environmentId: String(row.environment_id),
    primaryKind: String(row.primary_kind),
    name: String(row.name),
    tagId: Number(row.asset_group_tag_id),
  };
}

/** The tag search in PostgreSQL: three statements in one read-only unit of work. */
@Injectable()
export class PgTagSearch extends TagSearchReadModel {
  constructor(private readonly db: Database) {
    super();
  }

  search(text: string, scope: SearchScope, limit: number): Promise<TagSearchResult> {
    const pattern = containsPattern(text);
    return this.db.transaction(async (m) => {
      const tags: Row[] = await m.query(
        `SELECT ${TAG_COLUMNS} FROM asset_group_tags t WHERE t.type = ANY($1::smallint[]) AND t.name ILIKE $2 ORDER BY t.id LIMIT $3`,
        [scope.types, pattern, limit],
      );
      const selectors: Row[] = await m.query(
        `SELECT s.* FROM (${SELECTORS_VIEW}) s WHERE s.asset_group_tag_id IN ${SCOPE_TAGS} AND s.name ILIKE $3
          ORDER BY s.id LIMIT $4`,
        [scope.tagId, scope.types, pattern, limit],
      );
      // The node details are the same on every record of a node (evaluation writes them per node).
      const members: Row[] = await m.query(
        `SELECT r.node_id, r.asset_group_tag_id, min(r.object_id) AS object_id, min(r.name) AS name,
                min(r.primary_kind) AS primary_kind, min(r.environment_id) AS environment_id
           FROM asset_group_tag_member_records r
          WHERE r.asset_group_tag_id IN ${SCOPE_TAGS} AND (r.name ILIKE $3 OR r.object_id ILIKE $3)
          GROUP BY r.node_id, r.asset_group_tag_id
          ORDER BY min(r.name), r.node_id, r.asset_group_tag_id LIMIT $4`,
        [scope.tagId, scope.types, pattern, limit],
      );
      return { tags: tags.map(toTag), selectors: selectors.map(toSelector), members: members.map(toMember) };
    }, { readOnly: true });
  }
}
