import { param, sql, type Sql } from '@app/platform';
import { derivedProperties } from './core-edges.js';
import { kindIds, runStatement, type SqlStep } from './step.js';

/**
 * The groups every collected domain has. Special identities are keyed by the domain's name
 * (`PHANTOM.CORP-S-1-1-0`, as SharpHound writes them); Domain Users and Domain Computers are real groups keyed by
 * the domain SID. Everyone claims every `special` identity.
 */
const WELL_KNOWN = [
  { role: 'everyone', suffix: '-S-1-1-0', prefix: 'EVERYONE', by: 'name' },
  { role: 'authusers', suffix: '-S-1-5-11', prefix: 'AUTHENTICATED USERS', by: 'name' },
  { role: 'domainusers', suffix: '-513', prefix: 'DOMAIN USERS', by: 'sid' },
  { role: 'domaincomputers', suffix: '-515', prefix: 'DOMAIN COMPUTERS', by: 'sid' },
  { role: 'special', suffix: '-S-1-5-2', prefix: 'NETWORK', by: 'name' },
  { role: 'special', suffix: '-S-1-5-15', prefix: 'THIS ORGANIZATION', by: 'name' },
  { role: 'special', suffix: '-S-1-5-65-1', prefix: 'THIS ORGANIZATION CERTIFICATE', by: 'name' },
  { role: 'special', suffix: '-S-1-18-1', prefix: 'AUTHENTICATION AUTHORITY ASSERTED IDENTITY', by: 'name' },
  { role: 'special', suffix: '-S-1-18-4', prefix: 'KEY TRUST', by: 'name' },
  { role: 'special', suffix: '-S-1-18-5', prefix: 'MFA KEY PROPERTY', by: 'name' },
  { role: 'special', suffix: '-S-1-64-10', prefix: 'NTLM AUTHENTICATION', by: 'name' },
  { role: 'special', suffix: '-S-1-64-14', prefix: 'SCHANNEL AUTHENTICATION', by: 'name' },
];

/** Collected domains (`ids`: kind ids by name) and their well-known groups (the list above). */
const wanted = (ids: Map<string, number>) => sql`
  domains AS (
    SELECT id, properties ->> 'objectid' AS sid, properties ->> 'name' AS name FROM node
    WHERE kind_ids @> ARRAY[${ids.get('Domain')}::int2] AND properties -> 'collected' = 'true'::jsonb
      AND jsonb_typeof(properties -> 'name') = 'string'
  ), wanted AS (
    SELECT d.id AS domain_id, d.sid, d.name AS domain, s.role, s.prefix || '@' || d.name AS name,
      CASE WHEN s.by = 'sid' THEN d.sid ELSE d.name END || s.suffix AS objectid
    FROM domains d CROSS JOIN jsonb_to_recordset(${JSON.stringify(WELL_KNOWN)}::jsonb)
      AS s (role text, suffix text, prefix text, by text)
  )`;

/** The well-known groups, seen at `now`: existing nodes keep their properties and only gain the Group kind. */
function ensureGroups(ids: Map<string, number>, now: string): Sql {
  const group = param(ids.get('Group'));
  return sql`
    WITH ${wanted(ids)}, written AS (
      INSERT INTO node (kind_ids, properties)
      SELECT DISTINCT ON (objectid)
        ARRAY(SELECT DISTINCT k FROM unnest(ARRAY[${group}::int2, ${ids.get('Base')}::int2]) AS k ORDER BY k),
        jsonb_build_object('name', name, 'objectid', objectid, 'domainsid', sid, 'domain', domain,
                           'lastseen', ${now}::text)
      FROM wanted ORDER BY objectid
      ON CONFLICT (graph_id, (properties ->> 'objectid')) DO UPDATE
        SET kind_ids = ARRAY(SELECT DISTINCT k FROM unnest(node.kind_ids || ${group}::int2) AS k ORDER BY k)
        WHERE NOT node.kind_ids @> ARRAY[${group}::int2]
      RETURNING 1)
    SELECT count(*)::int AS n FROM written`;
}

/** The links between the well-known groups, as edges with `properties`. */
function links(ids: Map<string, number>, properties: string): Sql {
  const memberOf = param(ids.get('MemberOf'));
  const claims = param(ids.get('ClaimSpecialIdentity'));
  return sql`
    WITH ${wanted(ids)}, ids AS (
      SELECT w.domain_id, w.role, n.id FROM wanted w
      JOIN node n ON n.graph_id = 1 AND n.properties ->> 'objectid' = w.objectid
    ), guests AS (
      SELECT d.id AS domain_id, g.id, g.properties -> 'enabled' = 'true'::jsonb AS enabled
      FROM domains d JOIN node g ON g.graph_id = 1 AND g.properties ->> 'objectid' = d.sid || '-501'
    ), trusting AS (
      SELECT DISTINCT t.end_id AS domain_id, t.start_id AS trusting_id FROM edge t
      JOIN domains a ON a.id = t.start_id JOIN domains b ON b.id = t.end_id
      WHERE t.kind_id IN (${ids.get('SameForestTrust')}::int2, ${ids.get('CrossForestTrust')}::int2)
    ), pairs (start_id, end_id, kind_id) AS (
      SELECT m.id, a.id, ${memberOf}::int2 FROM ids m JOIN ids a ON a.domain_id = m.domain_id AND a.role = 'authusers'
        WHERE m.role IN ('domainusers', 'domaincomputers')
      UNION ALL SELECT a.id, e.id, ${memberOf}::int2
        FROM ids a JOIN ids e ON e.domain_id = a.domain_id AND e.role = 'everyone'
        WHERE a.role = 'authusers'
      UNION ALL SELECT e.id, s.id, ${claims}::int2
        FROM ids e JOIN ids s ON s.domain_id = e.domain_id AND s.role = 'special'
        WHERE e.role = 'everyone'
      UNION ALL SELECT g.id, e.id, ${memberOf}::int2
        FROM guests g JOIN ids e ON e.domain_id = g.domain_id AND e.role = 'everyone'
      UNION ALL SELECT e.id, g.id, ${claims}::int2
        FROM guests g JOIN ids e ON e.domain_id = g.domain_id AND e.role = 'everyone'
        WHERE g.enabled
      UNION ALL SELECT mine.id, theirs.id, ${memberOf}::int2 FROM trusting t
        JOIN ids mine ON mine.domain_id = t.domain_id AND mine.role IN ('authusers', 'everyone')
        JOIN ids theirs ON theirs.domain_id = t.trusting_id AND theirs.role = mine.role
    ), written AS (
      INSERT INTO edge (start_id, end_id, kind_id, properties)
      SELECT DISTINCT start_id, end_id, kind_id, ${properties}::jsonb FROM pairs WHERE start_id <> end_id
      ON CONFLICT (start_id, end_id, kind_id, graph_id)
        DO UPDATE SET properties = edge.properties || excluded.properties
      RETURNING 1)
    SELECT count(*)::int AS n FROM written`;
}

/**
 * Step 3 (`LinkWellKnownNodes`): for each collected domain, ensure its special groups exist and link them:
 * Domain Users and Domain Computers MemberOf Authenticated Users MemberOf Everyone, Everyone ClaimSpecialIdentity
 * each special identity, Guest MemberOf Everyone (and claimed by Everyone when enabled), and across a trust from a
 * collected trusting domain, Authenticated Users and Everyone MemberOf the trusting domain's ones.
 */
export const linkWellKnownNodes: SqlStep = {
  name: 'LinkWellKnownNodes',
  async run(query, { now }) {
    const ids = await kindIds(query, [
      'Domain', 'Group', 'Base', 'MemberOf', 'ClaimSpecialIdentity', 'SameForestTrust', 'CrossForestTrust',
    ]);
    const [nodes] = await runStatement(query, ensureGroups(ids, now));
    const [edges] = await runStatement(query, links(ids, derivedProperties(now)));
    return Number(nodes.n) + Number(edges.n);
  },
};
