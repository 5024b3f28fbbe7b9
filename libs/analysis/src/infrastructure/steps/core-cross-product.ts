import { sql, type Sql } from '@app/platform';

/**
 * Principals that hold two rights on a target once group membership is expanded (BloodHound's
 * `CalculateCrossProductNodeSets`), as a SELECT of (start_id = principal, end_id = target).
 *
 * `holders` is a SELECT of (target_id, side, principal) with side 1 or 2: who holds each right directly.
 * Membership (kinds in `members`, an int2[] expression) is expanded transitively on both sides; a
 * principal in both expansions qualifies. Only the outermost qualifying principals get an edge: one covered by a
 * qualifying group it is (transitively) a member of gets none (it reaches the target through that group), unless
 * it holds one of the rights itself. Membership cycles never hide both of their groups.
 */
export function crossProduct(holders: Sql, members: Sql): Sql {
  return sql`
    WITH RECURSIVE holders AS (${holders}),
    expanded (target_id, side, principal) AS (
      SELECT target_id, side, principal FROM holders
      UNION
      SELECT x.target_id, x.side, m.start_id FROM expanded x
      JOIN edge m ON m.end_id = x.principal AND m.kind_id = ANY(${members})
    ), granted AS (
      SELECT target_id, principal FROM expanded GROUP BY target_id, principal HAVING count(DISTINCT side) = 2
    ), reach (target_id, root, member) AS (
      SELECT target_id, principal, principal FROM granted
      UNION
      SELECT r.target_id, r.root, m.start_id FROM reach r
      JOIN edge m ON m.end_id = r.member AND m.kind_id = ANY(${members})
    )
    SELECT g.principal AS start_id, g.target_id AS end_id FROM granted g
    WHERE EXISTS (SELECT 1 FROM holders h WHERE h.target_id = g.target_id AND h.principal = g.principal)
      OR NOT EXISTS (
        SELECT 1 FROM reach r
        WHERE r.target_id = g.target_id AND r.member = g.principal AND r.root <> g.principal
          AND NOT EXISTS (
            SELECT 1 FROM reach back WHERE back.target_id = g.target_id AND back.root = g.principal AND back.member = r.root))`;
}
