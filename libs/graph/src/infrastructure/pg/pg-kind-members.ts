import { raw, sql, type Sql, type SqlParam } from '@app/platform';
import { GRAPH_ID as GRAPH_ROW } from './pg-sql-parts.js';

const GRAPH_ID = raw(GRAPH_ROW);

/** A kind membership change: the member node ids, the kind, and the system tag (null for none) that goes with it. */
export interface KindMembership {
  members: string[];
  kindId: SqlParam;
  tag: SqlParam;
}

// `system_tags` is space-separated text: its tokens are the non-empty pieces; a written value is the tokens joined by
// single spaces, and removing the last token removes the property. Only nodes that lose the kind lose the tag.
const TAGS = raw(`array_remove(string_to_array(coalesce(properties ->> 'system_tags', ''), ' '), '')`);
const holdsTag = (tag: SqlParam) => sql`coalesce(${tag}::text = ANY(${TAGS}), false)`;

/** Nodes that hold the kind but are no members lose it (and the tag). */
export function removeMembers({ members, kindId, tag }: KindMembership): Sql {
  return sql`
    WITH changed AS (
      UPDATE node SET kind_ids = array_remove(kind_ids, ${kindId}::int2), properties = CASE
        WHEN NOT ${holdsTag(tag)} THEN properties
        WHEN ${TAGS} <@ ARRAY[${tag}::text] THEN properties - 'system_tags'
        ELSE properties || jsonb_build_object('system_tags', array_to_string(array_remove(${TAGS}, ${tag}::text), ' '))
        END
      WHERE graph_id = ${GRAPH_ID} AND kind_ids @> ARRAY[${kindId}::int2] AND id <> ALL(${members}::bigint[])
      RETURNING 1)
    SELECT count(*)::int AS n FROM changed`;
}

/**
 * Members gain the kind (and the tag). The members to change are locked first, so `gains` (the kind before the
 * update) is the committed state.
 */
export function addMembers({ members, kindId, tag }: KindMembership): Sql {
  return sql`
    WITH target AS (
      SELECT id, NOT kind_ids @> ARRAY[${kindId}::int2] AS gains FROM node
      WHERE id = ANY(${members}::bigint[])
        AND (NOT kind_ids @> ARRAY[${kindId}::int2] OR (${tag}::text IS NOT NULL AND NOT ${holdsTag(tag)}))
      FOR UPDATE
    ), changed AS (
      UPDATE node SET kind_ids = ARRAY(SELECT DISTINCT k FROM unnest(kind_ids || ${kindId}::int2) AS k ORDER BY k),
        properties = CASE WHEN ${tag}::text IS NULL OR ${holdsTag(tag)} THEN properties
          ELSE properties || jsonb_build_object('system_tags', array_to_string(${TAGS} || ${tag}::text, ' ')) END
      FROM target WHERE node.id = target.id
      RETURNING target.gains)
    SELECT count(*) FILTER (WHERE gains)::int AS n FROM changed`;
}
