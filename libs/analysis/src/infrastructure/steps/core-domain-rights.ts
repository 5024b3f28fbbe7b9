import { sql, type Sql } from '@app/platform';
import { derivedProperties, insertEdges } from './core-edges.js';
import { crossProduct, type RightHolder } from './core-cross-product.js';
import { membershipGraph } from './membership-load.js';
import { kindIds, type RunSql, type SqlStep, type StepContext } from './step.js';

/**
 * Principals holding GetChanges and right `second` on a collected domain, as a SELECT of (start_id, end_id = the
 * domain). Group expansion follows MemberOf only, as BloodHound's domain group expansions do.
 */
async function holdersOfBoth(query: RunSql, context: StepContext, second: string): Promise<Sql> {
  const ids = await kindIds(query, ['GetChanges', second, 'Domain']);
  const rows = await query(`
    SELECT e.end_id AS target, CASE WHEN e.kind_id = $1::int2 THEN 1 ELSE 2 END AS side, e.start_id AS principal
    FROM edge e JOIN node d ON d.id = e.end_id
    WHERE e.kind_id IN ($1::int2, $2::int2) AND d.kind_ids @> ARRAY[$3::int2]
      AND d.properties -> 'collected' = 'true'::jsonb`, [ids.get('GetChanges'), ids.get(second), ids.get('Domain')]);
  const holders: RightHolder[] = rows.map((r) => ({ target: Number(r.target), side: Number(r.side) as 1 | 2, principal: Number(r.principal) }));
  const { starts, ends } = crossProduct(await membershipGraph(query, context), holders);
  return sql`SELECT unnest(${starts}::int8[]) AS start_id, unnest(${ends}::int8[]) AS end_id`;
}

/** Step 5: principals holding GetChanges and GetChangesAll on a collected domain get DCSync to it. */
export const dcSync: SqlStep = {
  name: 'DCSync',
  async run(query, context) {
    const ids = await kindIds(query, ['DCSync']);
    return insertEdges(query, ids.get('DCSync')!, derivedProperties(context.now),
      await holdersOfBoth(query, context, 'GetChangesAll'));
  },
};

/**
 * Step 6: principals holding GetChanges and GetChangesInFilteredSet on a collected domain get SyncLAPSPassword to
 * every computer of that domain with `haslaps`.
 */
export const syncLapsPassword: SqlStep = {
  name: 'SyncLAPSPassword',
  async run(query, context) {
    const ids = await kindIds(query, ['SyncLAPSPassword', 'Computer']);
    const pairs = sql`
      SELECT s.start_id, c.id AS end_id FROM (${await holdersOfBoth(query, context, 'GetChangesInFilteredSet')}) s
      JOIN node d ON d.id = s.end_id
      JOIN node c ON c.kind_ids @> ARRAY[${ids.get('Computer')}::int2] AND c.properties -> 'haslaps' = 'true'::jsonb
        AND c.properties ->> 'domainsid' = coalesce(d.properties ->> 'domainsid', d.properties ->> 'objectid')`;
    return insertEdges(query, ids.get('SyncLAPSPassword')!, derivedProperties(context.now), pairs);
  },
};
