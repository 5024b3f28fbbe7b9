import { param, sql, type Sql } from '@app/platform';
import { kindIds, runStatement, type SqlStep } from './step.js';

/*
 * Owns and WriteOwner edges from the raw ones, seen at `now` (`ids`: kind ids by name).
 * A domain enforces BlockOwnerImplicitRights when its dsheuristics has '1' at position 29. There, targets that are
 * computers, gMSAs or MSAs keep Owns only when the owner is Domain Admins / Enterprise Admins or a (transitive)
 * member of one, and lose WriteOwner.
 */
function owns(ids: Map<string, number>, now: string): Sql {
  const ownsRaw = param(ids.get('OwnsRaw'));
  return sql`
    WITH RECURSIVE enforced AS (
      SELECT DISTINCT coalesce(properties ->> 'domainsid', properties ->> 'objectid') AS sid FROM node
      WHERE kind_ids @> ARRAY[${ids.get('Domain')}::int2] AND substr(properties ->> 'dsheuristics', 29, 1) = '1'
    ), admins (id) AS (
      SELECT id FROM node WHERE EXISTS (SELECT 1 FROM enforced)
        AND (properties ->> 'objectid' LIKE '%-512' OR properties ->> 'objectid' LIKE '%-519')
      UNION
      SELECT m.start_id FROM admins a JOIN edge m ON m.end_id = a.id AND m.kind_id = ${ids.get('MemberOf')}::int2
    ), raw AS (
      SELECT e.start_id, e.end_id, e.kind_id, e.properties,
        coalesce(t.properties ->> 'domainsid' IN (SELECT sid FROM enforced), false) AS enforced,
        t.kind_ids @> ARRAY[${ids.get('Computer')}::int2] OR t.properties @> '{"gmsa": true}'
          OR t.properties @> '{"msa": true}' AS computer_like
      FROM edge e JOIN node t ON t.id = e.end_id
      WHERE e.kind_id IN (${ownsRaw}::int2, ${ids.get('WriteOwnerRaw')}::int2)
    ), written AS (
      INSERT INTO edge (start_id, end_id, kind_id, properties)
      SELECT start_id, end_id,
        CASE WHEN kind_id = ${ownsRaw}::int2 THEN ${ids.get('Owns')}::int2 ELSE ${ids.get('WriteOwner')}::int2 END,
        jsonb_build_object('isacl', true, 'isinherited', coalesce(properties -> 'isinherited', 'false'::jsonb))
          || jsonb_strip_nulls(jsonb_build_object('inheritancehash', properties -> 'inheritancehash'))
          || jsonb_build_object('lastseen', ${now}::text)
      FROM raw
      WHERE start_id <> end_id AND (NOT enforced OR NOT computer_like
        OR (kind_id = ${ownsRaw}::int2 AND start_id IN (SELECT id FROM admins)))
      ON CONFLICT (start_id, end_id, kind_id, graph_id)
        DO UPDATE SET properties = edge.properties || excluded.properties
      RETURNING 1)
    SELECT count(*)::int AS n FROM written`;
}

/**
 * Step 11 (`PostOwnsAndWriteOwner`): OwnsRaw becomes Owns and WriteOwnerRaw becomes WriteOwner, keeping the ACE's
 * isacl/isinherited/inheritancehash, except where BlockOwnerImplicitRights applies.
 */
export const ownsAndWriteOwner: SqlStep = {
  name: 'OwnsAndWriteOwner',
  async run(query, { now }) {
    const ids = await kindIds(query, [
      'OwnsRaw', 'WriteOwnerRaw', 'Owns', 'WriteOwner', 'Domain', 'Computer', 'MemberOf',
    ]);
    const [row] = await runStatement(query, owns(ids, now));
    return Number(row.n);
  },
};
