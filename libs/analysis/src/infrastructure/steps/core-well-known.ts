import { derivedProperties } from './core-edges.js';
import { kindIds, type SqlStep } from './step.js';

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

/** Collected domains ($1 Domain kind id) and their well-known groups ($2 the list above). */
const WANTED = `
  domains AS (
    SELECT id, properties ->> 'objectid' AS sid, properties ->> 'name' AS name FROM node
    WHERE kind_ids @> ARRAY[$1::int2] AND properties -> 'collected' = 'true'::jsonb
      AND jsonb_typeof(properties -> 'name') = 'string'
  ), wanted AS (
    SELECT d.id AS domain_id, d.sid, d.name AS domain, s.role, s.prefix || '@' || d.name AS name,
      CASE WHEN s.by = 'sid' THEN d.sid ELSE d.name END || s.suffix AS objectid
    FROM domains d CROSS JOIN jsonb_to_recordset($2::jsonb) AS s (role text, suffix text, prefix text, by text)
  )`;

// Existing nodes keep their properties and only gain the Group kind.
const ENSURE_GROUPS = `
  WITH ${WANTED}, written AS (
    INSERT INTO node (kind_ids, properties)
    SELECT DISTINCT ON (objectid) ARRAY(SELECT DISTINCT k FROM unnest(ARRAY[$3::int2, $4::int2]) AS k ORDER BY k),
      jsonb_build_object('name', name, 'objectid', objectid, 'domainsid', sid, 'domain', domain, 'lastseen', $5::text)
    FROM wanted ORDER BY objectid
    ON CONFLICT (graph_id, (properties ->> 'objectid')) DO UPDATE
      SET kind_ids = ARRAY(SELECT DISTINCT k FROM unnest(node.kind_ids || $3::int2) AS k ORDER BY k)
      WHERE NOT node.kind_ids @> ARRAY[$3::int2]
    RETURNING 1)
  SELECT count(*)::int AS n FROM written`;

// $3 MemberOf, $4 ClaimSpecialIdentity, $5 SameForestTrust, $6 CrossForestTrust, $7 edge properties.
const LINKS = `
  WITH ${WANTED}, ids AS (
    SELECT w.domain_id, w.role, n.id FROM wanted w JOIN node n ON n.graph_id = 1 AND n.properties ->> 'objectid' = w.objectid
  ), guests AS (
    SELECT d.id AS domain_id, g.id, g.properties -> 'enabled' = 'true'::jsonb AS enabled
    FROM domains d JOIN node g ON g.graph_id = 1 AND g.properties ->> 'objectid' = d.sid || '-501'
  ), trusting AS (
    SELECT DISTINCT t.end_id AS domain_id, t.start_id AS trusting_id FROM edge t
    JOIN domains a ON a.id = t.start_id JOIN domains b ON b.id = t.end_id
    WHERE t.kind_id IN ($5::int2, $6::int2)
  ), pairs (start_id, end_id, kind_id) AS (
    SELECT m.id, a.id, $3::int2 FROM ids m JOIN ids a ON a.domain_id = m.domain_id AND a.role = 'authusers'
      WHERE m.role IN ('domainusers', 'domaincomputers')
    UNION ALL SELECT a.id, e.id, $3::int2 FROM ids a JOIN ids e ON e.domain_id = a.domain_id AND e.role = 'everyone'
      WHERE a.role = 'authusers'
    UNION ALL SELECT e.id, s.id, $4::int2 FROM ids e JOIN ids s ON s.domain_id = e.domain_id AND s.role = 'special'
      WHERE e.role = 'everyone'
    UNION ALL SELECT g.id, e.id, $3::int2 FROM guests g JOIN ids e ON e.domain_id = g.domain_id AND e.role = 'everyone'
    UNION ALL SELECT e.id, g.id, $4::int2 FROM guests g JOIN ids e ON e.domain_id = g.domain_id AND e.role = 'everyone'
      WHERE g.enabled
    UNION ALL SELECT mine.id, theirs.id, $3::int2 FROM trusting t
      JOIN ids mine ON mine.domain_id = t.domain_id AND mine.role IN ('authusers', 'everyone')
      JOIN ids theirs ON theirs.domain_id = t.trusting_id AND theirs.role = mine.role
  ), written AS (
    INSERT INTO edge (start_id, end_id, kind_id, properties)
    SELECT DISTINCT start_id, end_id, kind_id, $7::jsonb FROM pairs WHERE start_id <> end_id
    ON CONFLICT (start_id, end_id, kind_id, graph_id) DO UPDATE SET properties = edge.properties || excluded.properties
    RETURNING 1)
  SELECT count(*)::int AS n FROM written`;

/**
 * Step 3 (`LinkWellKnownNodes`): for each collected domain, ensure its special groups exist and link them:
 * Domain Users and Domain Computers MemberOf Authenticated Users MemberOf Everyone, Everyone ClaimSpecialIdentity
 * each special identity, Guest MemberOf Everyone (and claimed by Everyone when enabled), and across a trust from a
 * collected trusting domain, Authenticated Users and Everyone MemberOf the trusting domain's ones.
 */
export const linkWellKnownNodes: SqlStep = {
  name: 'LinkWellKnownNodes',
  async run(sql, { now }) {
    const ids = await kindIds(sql, ['Domain', 'Group', 'Base', 'MemberOf', 'ClaimSpecialIdentity', 'SameForestTrust', 'CrossForestTrust']);
    const spec = JSON.stringify(WELL_KNOWN);
    const [nodes] = await sql(ENSURE_GROUPS, [ids.get('Domain'), spec, ids.get('Group'), ids.get('Base'), now]);
    const [edges] = await sql(LINKS, [
      ids.get('Domain'), spec, ids.get('MemberOf'), ids.get('ClaimSpecialIdentity'), ids.get('SameForestTrust'),
      ids.get('CrossForestTrust'), derivedProperties(now),
    ]);
    return Number(nodes.n) + Number(edges.n);
  },
};
