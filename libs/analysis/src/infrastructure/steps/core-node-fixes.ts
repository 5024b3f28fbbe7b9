import { param, sql } from '@app/platform';
import { kindIds, runStatement, type SqlStep } from './step.js';

/** SID endings of well-known groups that must carry the Group kind (`packages/go/analysis/ad/ad.go`). */
const GROUP_SID_PATTERN = '(-527|-526|1-5-9|-512|-516|-518|-519|-544|-551)$';

/** Step 1: a well-known group seen only as an ACE principal or a stub gets the Group kind. */
export const fixWellKnownNodeTypes: SqlStep = {
  name: 'FixWellKnownNodeTypes',
  async run(query) {
    const ids = await kindIds(query, ['Group', 'ADLocalGroup']);
    const group = param(ids.get('Group'));
    const [row] = await runStatement(query, sql`
      WITH changed AS (
        UPDATE node SET kind_ids = ARRAY(SELECT DISTINCT k FROM unnest(kind_ids || ${group}::int2) AS k ORDER BY k)
        WHERE NOT kind_ids && ARRAY[${group}::int2, ${ids.get('ADLocalGroup')}::int2]
          AND (properties ->> 'objectid') ~ ${GROUP_SID_PATTERN}
        RETURNING 1)
      SELECT count(*)::int AS n FROM changed`);
    return Number(row.n);
  },
};

/**
 * Step 2: a node without a name (an edge endpoint never collected) whose objectid minus its last `-` part is a
 * known domain's SID is named `(<DOMAIN>) <objectid>` and gets that `domainsid`.
 */
export const runDomainAssociations: SqlStep = {
  name: 'RunDomainAssociations',
  async run(query) {
    const ids = await kindIds(query, ['Domain']);
    const [row] = await query(
      `WITH domains AS (
         SELECT DISTINCT ON (properties ->> 'objectid') properties ->> 'objectid' AS sid, properties ->> 'name' AS name
         FROM node WHERE kind_ids @> ARRAY[$1::int2] AND jsonb_typeof(properties -> 'name') = 'string'
         ORDER BY properties ->> 'objectid', id
       ), changed AS (
         UPDATE node n SET properties = n.properties || jsonb_build_object(
           'name', '(' || d.name || ') ' || (n.properties ->> 'objectid'), 'domainsid', d.sid)
         FROM domains d
         WHERE n.properties ->> 'name' IS NULL AND position('-' IN n.properties ->> 'objectid') > 0
           AND d.sid = regexp_replace(n.properties ->> 'objectid', '-[^-]*$', '')
         RETURNING 1)
       SELECT count(*)::int AS n FROM changed`,
      [ids.get('Domain')],
    );
    return Number(row.n);
  },
};
