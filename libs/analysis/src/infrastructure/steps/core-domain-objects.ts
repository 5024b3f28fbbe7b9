import { raw, sql } from '@app/platform';
import { derivedProperties, domainSid, insertEdges } from './core-edges.js';
import { kindIds, type SqlStep } from './step.js';

/**
 * Step 6 (`PostProtectAdminGroups`): in each collected domain, the AdminSDHolder container (a Container whose
 * distinguishedname starts `CN=ADMINSDHOLDER,CN=SYSTEM,`, the lowest id if there are several) gets
 * ProtectAdminGroups to every user, computer and group of that domain with `adminsdholderprotected`: SDProp stamps
 * the container's ACL on them hourly, so control of the container is control of them. `admincount` is not read.
 */
export const protectAdminGroups: SqlStep = {
  name: 'ProtectAdminGroups',
  async run(query, { now }) {
    const ids = await kindIds(query, ['ProtectAdminGroups', 'Domain', 'Container', 'User', 'Computer', 'Group']);
    // One pass over the nodes per side (hash joins on the domain SID), whatever the number of domains.
    const pairs = sql`
      WITH domain AS (
        SELECT DISTINCT ${raw(domainSid('d'))} AS sid FROM node d
        WHERE d.kind_ids @> ARRAY[${ids.get('Domain')}::int2] AND d.properties -> 'collected' = 'true'::jsonb
      ), holder AS (
        SELECT DISTINCT ON (domain.sid) domain.sid, c.id FROM domain
        JOIN node c ON c.properties ->> 'domainsid' = domain.sid AND c.kind_ids @> ARRAY[${ids.get('Container')}::int2]
          AND starts_with(c.properties ->> 'distinguishedname', 'CN=ADMINSDHOLDER,CN=SYSTEM,')
        ORDER BY domain.sid, c.id)
      SELECT holder.id AS start_id, p.id AS end_id FROM holder
      JOIN node p ON p.properties ->> 'domainsid' = holder.sid
        AND p.kind_ids && ARRAY[${ids.get('User')}, ${ids.get('Computer')}, ${ids.get('Group')}]::int2[]
        AND p.properties -> 'adminsdholderprotected' = 'true'::jsonb`;
    return insertEdges(query, ids.get('ProtectAdminGroups')!, derivedProperties(now), pairs);
  },
};

/**
 * Step 8 (`PostHasTrustKeys`): a collected domain D that trusts a domain T (a SameForestTrust or CrossForestTrust
 * edge D -> T) gets HasTrustKeys to T's inter-realm trust account: the user of T whose samaccountname is D's
 * netbios name and `$` (the lowest id if there are several). D's domain controllers hold that account's keys.
 * Neither the trust's type nor its SID filtering matters.
 */
export const hasTrustKeys: SqlStep = {
  name: 'HasTrustKeys',
  async run(query, { now }) {
    const ids = await kindIds(query, ['HasTrustKeys', 'Domain', 'User', 'SameForestTrust', 'CrossForestTrust']);
    const pairs = sql`
      WITH trust AS (
        SELECT DISTINCT d.id AS domain, (d.properties ->> 'netbios') || '$' AS account, ${raw(domainSid('t'))} AS sid
        FROM node d
        JOIN edge e ON e.start_id = d.id
          AND e.kind_id IN (${ids.get('SameForestTrust')}::int2, ${ids.get('CrossForestTrust')}::int2)
        JOIN node t ON t.id = e.end_id AND t.kind_ids @> ARRAY[${ids.get('Domain')}::int2]
        WHERE d.kind_ids @> ARRAY[${ids.get('Domain')}::int2] AND d.properties -> 'collected' = 'true'::jsonb
          AND d.properties ->> 'netbios' <> '')
      SELECT DISTINCT ON (trust.domain, trust.sid) trust.domain AS start_id, u.id AS end_id FROM trust
      JOIN node u ON u.properties ->> 'samaccountname' = trust.account AND u.properties ->> 'domainsid' = trust.sid
        AND u.kind_ids @> ARRAY[${ids.get('User')}::int2]
      ORDER BY trust.domain, trust.sid, u.id`;
    return insertEdges(query, ids.get('HasTrustKeys')!, derivedProperties(now), pairs);
  },
};
