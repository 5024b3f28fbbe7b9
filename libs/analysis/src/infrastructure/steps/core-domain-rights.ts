import { derivedProperties, insertEdges } from './core-edges.js';
import { crossProduct } from './core-cross-product.js';
import { kindIds, type SqlStep } from './step.js';

/** Direct holders of right $3 (side 1) and right $4 (side 2) on collected domains ($5 the Domain kind id). */
const DOMAIN_RIGHT_HOLDERS = `
  SELECT e.end_id AS target_id, CASE WHEN e.kind_id = $3::int2 THEN 1 ELSE 2 END AS side, e.start_id AS principal
  FROM edge e JOIN node d ON d.id = e.end_id
  WHERE e.kind_id IN ($3::int2, $4::int2) AND d.kind_ids @> ARRAY[$5::int2]
    AND d.properties -> 'collected' = 'true'::jsonb`;

/** Group expansion follows MemberOf ($6) only, as BloodHound's domain group expansions do. */
const HOLDERS_OF_BOTH = crossProduct(DOMAIN_RIGHT_HOLDERS, 'ARRAY[$6::int2]');

/** Step 5: principals holding GetChanges and GetChangesAll on a collected domain get DCSync to it. */
export const dcSync: SqlStep = {
  name: 'DCSync',
  async run(sql, { now }) {
    const ids = await kindIds(sql, ['DCSync', 'GetChanges', 'GetChangesAll', 'Domain', 'MemberOf']);
    return insertEdges(sql, ids.get('DCSync')!, derivedProperties(now), HOLDERS_OF_BOTH, [
      ids.get('GetChanges'), ids.get('GetChangesAll'), ids.get('Domain'), ids.get('MemberOf'),
    ]);
  },
};

/**
 * Step 6: principals holding GetChanges and GetChangesInFilteredSet on a collected domain get SyncLAPSPassword to
 * every computer of that domain ($7 Computer kind) with `haslaps`.
 */
export const syncLapsPassword: SqlStep = {
  name: 'SyncLAPSPassword',
  async run(sql, { now }) {
    const ids = await kindIds(sql, ['SyncLAPSPassword', 'GetChanges', 'GetChangesInFilteredSet', 'Domain', 'MemberOf', 'Computer']);
    const pairs = `
      SELECT s.start_id, c.id AS end_id FROM (${HOLDERS_OF_BOTH}) s
      JOIN node d ON d.id = s.end_id
      JOIN node c ON c.kind_ids @> ARRAY[$7::int2] AND c.properties -> 'haslaps' = 'true'::jsonb
        AND c.properties ->> 'domainsid' = coalesce(d.properties ->> 'domainsid', d.properties ->> 'objectid')`;
    return insertEdges(sql, ids.get('SyncLAPSPassword')!, derivedProperties(now), pairs, [
      ids.get('GetChanges'), ids.get('GetChangesInFilteredSet'), ids.get('Domain'), ids.get('MemberOf'), ids.get('Computer'),
    ]);
  },
};
