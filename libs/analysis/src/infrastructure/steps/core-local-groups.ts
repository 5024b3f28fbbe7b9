import { param, sql, type Sql } from '@app/platform';
import { derivedProperties, insertEdges } from './core-edges.js';
import { kindIds, type SqlStep } from './step.js';

/**
 * A computer's local group with a SID ending `suffix` found through its LocalToComputer edge (to a Computer), and
 * its direct members (MemberOfLocalGroup) that are users, groups or computers (`ids`: kind ids by name).
 */
function directMembers(ids: Map<string, number>, suffix: string): Sql {
  const principals = [ids.get('User'), ids.get('Group'), ids.get('Computer')];
  return sql`
    SELECT m.start_id, l.end_id FROM edge l
    JOIN node g ON g.id = l.start_id AND g.properties ->> 'objectid' LIKE '%' || ${suffix}::text
    JOIN node c ON c.id = l.end_id AND c.kind_ids @> ARRAY[${ids.get('Computer')}::int2]
    JOIN edge m ON m.end_id = l.start_id AND m.kind_id = ${ids.get('MemberOfLocalGroup')}::int2
    JOIN node p ON p.id = m.start_id AND p.kind_ids && ${principals}::int2[]
    WHERE l.kind_id = ${ids.get('LocalToComputer')}::int2`;
}

/** Step 8: direct members of a computer's Administrators, Remote Management Users and DCOM Users groups. */
function localGroupStep(kind: string, suffix: string): SqlStep {
  return {
    name: kind,
    async run(query, { now }) {
      const ids = await kindIds(query, [kind, 'LocalToComputer', 'Computer', 'MemberOfLocalGroup', 'User', 'Group']);
      return insertEdges(query, ids.get(kind)!, derivedProperties(now), directMembers(ids, suffix));
    },
  };
}

export const adminTo = localGroupStep('AdminTo', '-544');
export const canPSRemote = localGroupStep('CanPSRemote', '-580');
export const executeDcom = localGroupStep('ExecuteDCOM', '-562');

/*
 * Step 9 (`ids`: kind ids by name). Membership in a computer's RDP group is tested by walking up from each candidate
 * through domain groups (MemberOf: the same walk serves every computer, local groups do not nest) and then one hop
 * into that RDP group; the RDP group's own members are never listed (it may hold Domain Users on every computer).
 */
function canRdpPairs(ids: Map<string, number>): Sql {
  const membership = param([ids.get('MemberOf'), ids.get('MemberOfLocalGroup')]);
  const memberOf = param(ids.get('MemberOf'));
  return sql`
    WITH RECURSIVE rdp AS (
      SELECT l.start_id AS group_id, l.end_id AS computer_id FROM edge l
      JOIN node g ON g.id = l.start_id AND g.properties ->> 'objectid' LIKE '%-555'
      JOIN node c ON c.id = l.end_id AND c.kind_ids @> ARRAY[${ids.get('Computer')}::int2]
      WHERE l.kind_id = ${ids.get('LocalToComputer')}::int2
    ), holders AS (
      SELECT DISTINCT e.start_id AS principal, e.end_id AS computer_id FROM edge e
      JOIN rdp r ON r.computer_id = e.end_id WHERE e.kind_id = ${ids.get('RemoteInteractiveLogonRight')}::int2
    ), open_rdp AS (
      SELECT r.group_id, r.computer_id FROM rdp r
      JOIN holders h ON h.principal = r.group_id AND h.computer_id = r.computer_id
    ), closed_holders AS (
      SELECT h.* FROM holders h WHERE NOT EXISTS (SELECT 1 FROM open_rdp o WHERE o.computer_id = h.computer_id)
    ), holder_up (origin, node) AS (
      SELECT DISTINCT principal, principal FROM closed_holders
      UNION
      SELECT u.origin, m.end_id FROM holder_up u JOIN edge m ON m.start_id = u.node AND m.kind_id = ${memberOf}::int2
    ), in_rdp AS (
      SELECT DISTINCT h.computer_id, h.principal FROM closed_holders h
      JOIN holder_up u ON u.origin = h.principal
      JOIN rdp r ON r.computer_id = h.computer_id
      JOIN edge m ON m.start_id = u.node AND m.end_id = r.group_id AND m.kind_id = ANY(${membership}::int2[])
    ), down (root, member) AS (
      SELECT DISTINCT h.principal, m.start_id FROM closed_holders h
      JOIN node hn ON hn.id = h.principal AND hn.kind_ids && ${[ids.get('Group'), ids.get('ADLocalGroup')]}::int2[]
      JOIN edge m ON m.end_id = h.principal AND m.kind_id = ANY(${membership}::int2[])
      UNION
      SELECT d.root, m.start_id FROM down d
      JOIN edge m ON m.end_id = d.member AND m.kind_id = ANY(${membership}::int2[])
    ), candidates AS (
      SELECT DISTINCT h.computer_id, d.member FROM closed_holders h JOIN down d ON d.root = h.principal
      WHERE NOT EXISTS (SELECT 1 FROM in_rdp i WHERE i.computer_id = h.computer_id AND i.principal = h.principal)
    ), member_up (origin, node) AS (
      SELECT DISTINCT member, member FROM candidates
      UNION
      SELECT u.origin, m.end_id FROM member_up u JOIN edge m ON m.start_id = u.node AND m.kind_id = ${memberOf}::int2
    )
    SELECT m.start_id, o.computer_id AS end_id FROM open_rdp o
    JOIN edge m ON m.end_id = o.group_id AND m.kind_id = ${ids.get('MemberOfLocalGroup')}::int2
    JOIN node p ON p.id = m.start_id AND p.kind_ids && ${[ids.get('User'), ids.get('Group')]}::int2[]
    UNION
    SELECT principal, computer_id FROM in_rdp
    UNION
    SELECT c.member, c.computer_id FROM candidates c
    JOIN member_up u ON u.origin = c.member
    JOIN rdp r ON r.computer_id = c.computer_id
    JOIN edge m ON m.start_id = u.node AND m.end_id = r.group_id AND m.kind_id = ANY(${membership}::int2[])`;
}

/**
 * Step 9 (user rights always enforced): when a computer's Remote Desktop Users group (-555) holds
 * RemoteInteractiveLogonRight on it, its direct user and group members get CanRDP; otherwise a (transitive)
 * member of that group gets it only when it holds the right itself or through a group that holds it.
 */
export const canRdp: SqlStep = {
  name: 'CanRDP',
  async run(query, { now }) {
    const ids = await kindIds(query, [
      'CanRDP', 'LocalToComputer', 'Computer', 'MemberOf', 'MemberOfLocalGroup', 'RemoteInteractiveLogonRight', 'User',
      'Group', 'ADLocalGroup',
    ]);
    return insertEdges(query, ids.get('CanRDP')!, derivedProperties(now), canRdpPairs(ids));
  },
};
