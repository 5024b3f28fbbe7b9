import { Injectable } from '@nestjs/common';
import { AD_PATHFINDING_EDGE_KINDS } from '@app/graph';
import type { NewPostureStat } from '@app/posture';
import { Database } from '@app/platform';
import { PostureCalculator } from '../application/ports.js';

interface PostureRow {
  domain_sid: string;
  exposure_index: number;
  tier_zero_count: number;
  critical_risk_count: number;
}

/**
 * Posture of a zone per collected domain (a Domain node with `collected = true`, keyed by its objectid, the domain
 * SID), in one statement. A node belongs to a domain by its `domainsid` (a Domain node: by its objectid); the zone
 * is the nodes carrying the tag's kind.
 * - tier_zero_count: zone members of the domain.
 * - exposure_index: round(100 × exposed ÷ principals), 0 without principals. Principals: enabled users and
 *   computers of the domain outside the zone; exposed: those with a path of traversable AD edges
 *   (AD_ATTACK_PATHS) to a zone member of the domain.
 * - critical_risk_count: distinct nodes outside the zone with a traversable edge straight into a zone member of
 *   the domain.
 * Reachability walks backwards from the zone members (a recursive CTE whose UNION drops nodes already reached),
 * so each node is visited once per domain whatever the number of paths.
 */
@Injectable()
export class PgPostureCalculator extends PostureCalculator {
  constructor(private readonly db: Database) {
    super();
  }

  async compute(tierZeroTagId: number): Promise<NewPostureStat[]> {
    const rows = await this.db.query<PostureRow>(POSTURE_SQL, [tierZeroTagId, AD_PATHFINDING_EDGE_KINDS], { readOnly: true });
    return rows.map((row) => ({
      domainSid: row.domain_sid,
      assetGroupTagId: tierZeroTagId,
      exposureIndex: Number(row.exposure_index),
      tierZeroCount: Number(row.tier_zero_count),
      criticalRiskCount: Number(row.critical_risk_count),
    }));
  }
}

const POSTURE_SQL = `
WITH RECURSIVE
  kinds AS (
    SELECT (SELECT kind_id FROM asset_group_tags WHERE id = $1) AS zone,
           (SELECT id FROM kind WHERE name = 'Domain') AS domain,
           ARRAY(SELECT id FROM kind WHERE name IN ('User', 'Computer'))::int2[] AS principal,
           ARRAY(SELECT id FROM kind WHERE name = ANY($2::text[]))::int2[] AS traversable
  ),
  domains AS (
    SELECT DISTINCT n.properties ->> 'objectid' AS sid
      FROM node n, kinds k
     WHERE n.kind_ids @> ARRAY[k.domain] AND n.properties -> 'collected' = 'true'::jsonb
  ),
  zone AS (
    SELECT n.id, d.sid
      FROM node n
      CROSS JOIN kinds k
      JOIN domains d ON d.sid = COALESCE(
        n.properties ->> 'domainsid',
        CASE WHEN n.kind_ids @> ARRAY[k.domain] THEN n.properties ->> 'objectid' END)
     WHERE n.kind_ids @> ARRAY[k.zone]
  ),
  reach (id, sid) AS (
    SELECT id, sid FROM zone
    UNION
    SELECT e.start_id, r.sid
      FROM reach r
      JOIN edge e ON e.end_id = r.id
      CROSS JOIN kinds k
     WHERE e.kind_id = ANY(k.traversable)
  ),
  principals AS (
    SELECT n.id, n.properties ->> 'domainsid' AS sid
      FROM node n
      CROSS JOIN kinds k
      JOIN domains d ON d.sid = n.properties ->> 'domainsid'
     WHERE n.kind_ids && k.principal
       AND n.properties -> 'enabled' = 'true'::jsonb
       AND NOT n.kind_ids @> ARRAY[k.zone]
  ),
  exposure AS (
    SELECT p.sid, count(*) AS total, count(r.id) AS exposed
      FROM principals p
      LEFT JOIN reach r ON r.id = p.id AND r.sid = p.sid
     GROUP BY p.sid
  ),
  critical AS (
    SELECT z.sid, count(DISTINCT e.start_id) AS risks
      FROM zone z
      JOIN edge e ON e.end_id = z.id
      JOIN node s ON s.id = e.start_id
      CROSS JOIN kinds k
     WHERE e.kind_id = ANY(k.traversable) AND NOT s.kind_ids @> ARRAY[k.zone]
     GROUP BY z.sid
  )
SELECT d.sid AS domain_sid,
       CASE WHEN COALESCE(x.total, 0) = 0 THEN 0 ELSE round(100.0 * x.exposed / x.total)::int END AS exposure_index,
       (SELECT count(*) FROM zone z WHERE z.sid = d.sid)::int AS tier_zero_count,
       COALESCE(c.risks, 0)::int AS critical_risk_count
  FROM domains d
  LEFT JOIN exposure x ON x.sid = d.sid
  LEFT JOIN critical c ON c.sid = d.sid
 ORDER BY d.sid`;
