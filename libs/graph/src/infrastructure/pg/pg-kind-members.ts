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

/**
 * Makes the members exactly the nodes with the kind, in one statement that reads the current holders once (the
 * kind's GIN index) and hash-joins them with the members: only the differences are written, so an unchanged
 * membership costs one scan of the holders, not a probe per member. Holders that are no members lose the kind (and
 * the tag); members lacking the kind (or the tag) gain it. Nodes to gain are locked first, so `gains` (the kind
 * before the update) is the committed state. Answers the counts as `added` and `removed`.
 */
export function replaceMembers({ members, kindId, tag }: KindMembership): Sql {
  return sql`
    WITH member AS (
      SELECT DISTINCT unnest(${members}::bigint[]) AS id
    ), holder AS (
      SELECT id, ${holdsTag(tag)} AS tagged FROM node
      WHERE graph_id = ${GRAPH_ID} AND kind_ids @> ARRAY[${kindId}::int2]
    ), leaving AS (
      SELECT id FROM holder WHERE id NOT IN (SELECT id FROM member)
    ), joining AS (
      SELECT member.id FROM member LEFT JOIN holder ON holder.id = member.id
      WHERE holder.id IS NULL OR (${tag}::text IS NOT NULL AND NOT holder.tagged)
    ), removed AS (
      UPDATE node SET kind_ids = array_remove(kind_ids, ${kindId}::int2), properties = CASE
        WHEN NOT ${holdsTag(tag)} THEN properties
        WHEN ${TAGS} <@ ARRAY[${tag}::text] THEN properties - 'system_tags'
        ELSE properties || jsonb_build_object('system_tags', array_to_string(array_remove(${TAGS}, ${tag}::text), ' '))
        END
      FROM leaving WHERE node.id = leaving.id AND node.kind_ids @> ARRAY[${kindId}::int2]
      RETURNING 1
    ), target AS (
      SELECT node.id, NOT node.kind_ids @> ARRAY[${kindId}::int2] AS gains FROM node JOIN joining ON joining.id = node.id
      FOR UPDATE OF node
    ), added AS (
      UPDATE node SET kind_ids = ARRAY(SELECT DISTINCT k FROM unnest(kind_ids || ${kindId}::int2) AS k ORDER BY k),
        properties = CASE WHEN ${tag}::text IS NULL OR ${holdsTag(tag)} THEN properties
          ELSE properties || jsonb_build_object('system_tags', array_to_string(${TAGS} || ${tag}::text, ' ')) END
      FROM target WHERE node.id = target.id
      RETURNING target.gains
    )
    SELECT (SELECT count(*) FILTER (WHERE gains) FROM added)::int AS added, (SELECT count(*) FROM removed)::int AS removed`;
}
