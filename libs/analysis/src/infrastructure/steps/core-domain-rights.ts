import { param, sql, type Sql } from '@app/platform';
import { derivedProperties, insertEdges } from './core-edges.js';
import { crossProduct } from './core-cross-product.js';
import { kindIds, type SqlStep } from './step.js';

/**
 * Principals holding GetChanges and right `second` on a collected domain (`ids`: kind ids by name). Group expansion
 * follows MemberOf only, as BloodHound's domain group expansions do.
 */
function holdersOfBoth(ids: Map<string, number>, second: string): Sql {
  const first = param(ids.get('GetChanges'));
  const holders = sql`
    SELECT e.end_id AS target_id, CASE WHEN e.kind_id = ${first}::int2 THEN 1 ELSE 2 END AS side,
           e.start_id AS principal
    FROM edge e JOIN node d ON d.id = e.end_id
    WHERE e.kind_id IN (${first}::int2, ${ids.get(second)}::int2) AND d.kind_ids @> ARRAY[${ids.get('Domain')}::int2]
      AND d.properties -> 'collected' = 'true'::jsonb`;
  return crossProduct(holders, sql`ARRAY[${param(ids.get('MemberOf'))}::int2]`);
}

/** Step 5: principals holding GetChanges and GetChangesAll on a collected domain get DCSync to it. */
export const dcSync: SqlStep = {
  name: 'DCSync',
  async run(query, { now }) {
    const ids = await kindIds(query, ['DCSync', 'GetChanges', 'GetChangesAll', 'Domain', 'MemberOf']);
    return insertEdges(query, ids.get('DCSync')!, derivedProperties(now), holdersOfBoth(ids, 'GetChangesAll'));
  },
};

/**
 * Step 6: principals holding GetChanges and GetChangesInFilteredSet on a collected domain get SyncLAPSPassword to
 * every computer of that domain with `haslaps`.
 */
export const syncLapsPassword: SqlStep = {
  name: 'SyncLAPSPassword',
  async run(query, { now }) {
    const ids = await kindIds(query, [
      'SyncLAPSPassword', 'GetChanges', 'GetChangesInFilteredSet', 'Domain', 'MemberOf', 'Computer',
    ]);
    const pairs = sql`
      SELECT s.start_id, c.id AS end_id FROM (${holdersOfBoth(ids, 'GetChangesInFilteredSet')}) s
      JOIN node d ON d.id = s.end_id
      JOIN node c ON c.kind_ids @> ARRAY[${ids.get('Computer')}::int2] AND c.properties -> 'haslaps' = 'true'::jsonb
        AND c.properties ->> 'domainsid' = coalesce(d.properties ->> 'domainsid', d.properties ->> 'objectid')`;
    return insertEdges(query, ids.get('SyncLAPSPassword')!, derivedProperties(now), pairs);
  },
};
