import { adcsSql, insertEdges, is, isNot, rules, tempTable } from './adcs-sql.js';
import type { RunSql, SqlStep, StepContext } from './step.js';

const ENROLL_RIGHTS = '{GenericAll|Enroll|AllExtendedRights}';

/**
 * Inserts principal edges, keeping only the outermost qualifying principals: a principal is left out when a group
 * that counts for it gets the same edge, since the path through that group already shows it (as BloodHound keeps
 * the group rather than its members). `within` says which groups count: 'domain' those of pw_adcs_outer (its
 * groups plus Authenticated Users / Everyone for the domain), 'member' its MemberOf groups. Of principals that
 * count for each other (Authenticated Users and Everyone, builtin Users holding Authenticated Users, a MemberOf
 * cycle) the one with the lowest node id keeps the edge.
 */
function insertPrincipalEdges(
  sql: RunSql, context: StepContext, kind: string, within: 'domain' | 'member', select: string,
): Promise<number> {
  const counts = (inner: string, outer: string, end: string) => within === 'domain'
    ? `EXISTS (SELECT 1 FROM pw_adcs_outer o WHERE o.p = ${inner} AND o.d = ${end} AND o.g = ${outer})`
    : `EXISTS (SELECT 1 FROM pw_adcs_member o WHERE o.member = ${inner} AND o.grp = ${outer})`;
  return insertEdges(sql, context, kind, `
    WITH q AS MATERIALIZED (${select})
    SELECT q.start_id, q.end_id FROM q
    WHERE NOT EXISTS (
      SELECT 1 FROM q outer_edge
      WHERE outer_edge.end_id = q.end_id AND outer_edge.start_id <> q.start_id
        AND ${counts('q.start_id', 'outer_edge.start_id', 'q.end_id')}
        AND (outer_edge.start_id < q.start_id OR NOT ${counts('outer_edge.start_id', 'q.start_id', 'q.end_id')}))`);
}

/** A DC of the domain's forest (pw_adcs_forest) satisfies `condition` (over alias `dc`). */
const forestDc = (domain: string, condition: string): string => `EXISTS (
  SELECT 1 FROM pw_adcs_forest f
  JOIN edge dcfor ON dcfor.end_id = f.x AND dcfor.kind_id = {DCFor}
  JOIN node dc ON dc.id = dcfor.start_id AND {Computer} = ANY(dc.kind_ids)
  WHERE f.d = ${domain} AND ${condition})`;

/** GoldenCert: the computer hosting an enterprise CA that chains to and is trusted in the domain -> the domain. */
export const goldenCert: SqlStep = {
  name: 'GoldenCert',
  run: async (raw, context) => insertEdges(await adcsSql(raw), context, 'GoldenCert', `
    SELECT host.start_id, chain.domain AS end_id FROM edge host
    JOIN pw_adcs_chain chain ON chain.ca = host.end_id
    JOIN pw_adcs_ntauth nt ON nt.ca = chain.ca AND nt.domain = chain.domain
    WHERE host.kind_id = {HostsCAService}`),
};

/** ADCSESC1: enrolment rights on an ESC1 template published to a CA the principal enrols on, chained and trusted. */
export const esc1: SqlStep = {
  name: 'ADCSESC1',
  run: async (raw, context) => insertPrincipalEdges(await adcsSql(raw), context, 'ADCSESC1', 'domain', `
    SELECT DISTINCT r.p AS start_id, r.d AS end_id FROM pw_adcs_rights r
    JOIN node t ON t.id = r.t
    JOIN edge pub ON pub.start_id = r.t AND pub.kind_id = {PublishedTo}
    JOIN pw_adcs_chain chain ON chain.ca = pub.end_id AND chain.domain = r.d
    JOIN pw_adcs_ntauth nt ON nt.ca = pub.end_id AND nt.domain = r.d
    JOIN pw_adcs_enrol en ON en.p = r.p AND en.d = r.d AND en.c = pub.end_id
    WHERE r.kind_id = ANY(${ENROLL_RIGHTS}) AND ${rules.esc1('t')}`),
};

/** Enrolment on a CA that chains to and is trusted in the domain. */
const USABLE_CA = `SELECT en.p, en.d, en.c FROM pw_adcs_enrol en
  JOIN pw_adcs_chain chain ON chain.ca = en.c AND chain.domain = en.d
  JOIN pw_adcs_ntauth nt ON nt.ca = en.c AND nt.domain = en.d`;

/**
 * ADCSESC3: an enrollment-agent template and a target template it can enrol on behalf of (EnrollOnBehalfOf), each
 * enrollable by the principal and published to a usable CA; a CA that restricts enrollment agents needs
 * DelegatedEnrollmentAgent on the target template.
 */
export const esc3: SqlStep = {
  name: 'ADCSESC3',
  async run(raw, context) {
    const sql = await adcsSql(raw);
    await tempTable(sql, 'pw_adcs_usable', USABLE_CA, 'p, d, c');
    await tempTable(sql, 'pw_adcs_agent', `
      SELECT DISTINCT r.p, r.d, r.t FROM pw_adcs_rights r
      JOIN node t ON t.id = r.t JOIN node p ON p.id = r.p
      JOIN edge pub ON pub.start_id = r.t AND pub.kind_id = {PublishedTo}
      JOIN pw_adcs_usable u ON u.p = r.p AND u.d = r.d AND u.c = pub.end_id
      WHERE r.kind_id = ANY(${ENROLL_RIGHTS}) AND ${isNot('t', 'requiresmanagerapproval')}
        AND ${rules.needsNoSignatures('t')} AND ${rules.fits('t', 'p')}
        AND EXISTS (SELECT 1 FROM edge eob WHERE eob.start_id = r.t AND eob.kind_id = {EnrollOnBehalfOf})`, 't, p, d');
    await tempTable(sql, 'pw_adcs_target', `
      SELECT DISTINCT r.p, r.d, r.t FROM pw_adcs_rights r
      JOIN node t ON t.id = r.t
      JOIN edge pub ON pub.start_id = r.t AND pub.kind_id = {PublishedTo}
      JOIN pw_adcs_usable u ON u.p = r.p AND u.d = r.d AND u.c = pub.end_id
      JOIN node c ON c.id = pub.end_id
      WHERE r.kind_id = ANY(${ENROLL_RIGHTS}) AND ${is('t', 'authenticationenabled')}
        AND ${isNot('t', 'requiresmanagerapproval')}
        AND EXISTS (SELECT 1 FROM edge eob WHERE eob.end_id = r.t AND eob.kind_id = {EnrollOnBehalfOf})
        AND (NOT ${rules.restrictsAgents('c')} OR EXISTS (
          SELECT 1 FROM pw_adcs_rights delegated WHERE delegated.p = r.p AND delegated.d = r.d AND delegated.t = r.t
            AND delegated.kind_id = {DelegatedEnrollmentAgent}))`, 't, p, d');
    return insertPrincipalEdges(sql, context, 'ADCSESC3', 'domain', `
      SELECT DISTINCT agent.p AS start_id, agent.d AS end_id FROM pw_adcs_agent agent
      JOIN edge eob ON eob.start_id = agent.t AND eob.kind_id = {EnrollOnBehalfOf}
      JOIN pw_adcs_target target ON target.t = eob.end_id AND target.p = agent.p AND target.d = agent.d`);
  },
};

/**
 * ADCSESC4: control of a template published to a CA the principal enrols on (trusted in the domain) whose chain
 * reaches the domain: full control, or GenericWrite / the PKI flags plus enrolment rights as esc4.ts states.
 */
export const esc4: SqlStep = {
  name: 'ADCSESC4',
  run: async (raw, context) => {
    const has = (kinds: string) => `EXISTS (SELECT 1 FROM pw_adcs_rights x
      WHERE x.p = reach.p AND x.d = reach.d AND x.t = reach.t AND x.kind_id = ANY(${kinds}))`;
    const enrol = has('{Enroll|AllExtendedRights}');
    const sigs = rules.signaturesOrSchemaOne('t');
    return insertPrincipalEdges(await adcsSql(raw), context, 'ADCSESC4', 'domain', `
      WITH reach AS (
        SELECT DISTINCT r.p, r.d, r.t, r.kind_id FROM pw_adcs_rights r
        JOIN edge pub ON pub.start_id = r.t AND pub.kind_id = {PublishedTo}
        JOIN pw_adcs_enrol en ON en.p = r.p AND en.d = r.d AND en.c = pub.end_id
        JOIN pw_adcs_ntauth nt ON nt.ca = pub.end_id AND nt.domain = r.d
        JOIN pw_adcs_chain chain ON chain.ca = pub.end_id AND chain.domain = r.d)
      SELECT DISTINCT reach.p AS start_id, reach.d AS end_id FROM reach JOIN node t ON t.id = reach.t
      WHERE reach.kind_id = ANY({GenericAll|Owns|OwnsRaw|WriteOwner|WriteOwnerRaw|WriteDacl})
        OR (reach.kind_id = {GenericWrite} AND ${enrol})
        OR (reach.kind_id = {WritePKINameFlag} AND ${enrol} AND ${isNot('t', 'requiresmanagerapproval')}
          AND ${is('t', 'authenticationenabled')} AND ${sigs})
        OR (reach.kind_id = {WritePKIEnrollmentFlag} AND ${enrol} AND ${is('t', 'authenticationenabled')} AND ${sigs}
          AND (${is('t', 'enrolleesuppliessubject')} OR ${has('{WritePKINameFlag}')}))`);
  },
};

/**
 * ADCSESC6a / 6b: enrolment on a CA with `isuserspecifiessanenabled` (trusted in the domain) and on a template
 * published to it whose chain reaches the domain; 6a: no security extension; 6b: schannel, and a DC of the forest
 * maps certificates by UPN.
 */
function esc6(kind: 'ADCSESC6a' | 'ADCSESC6b'): SqlStep {
  const template = kind === 'ADCSESC6a'
    ? `${is('t', 'nosecurityextension')} AND ${is('t', 'authenticationenabled')}`
    : rules.schannel('t');
  const dc = kind === 'ADCSESC6b' ? `AND ${forestDc('r.d', rules.upnMapping('dc'))}` : '';
  return {
    name: kind,
    run: async (raw, context) => insertPrincipalEdges(await adcsSql(raw), context, kind, 'domain', `
      SELECT DISTINCT r.p AS start_id, r.d AS end_id FROM pw_adcs_rights r
      JOIN node t ON t.id = r.t JOIN node p ON p.id = r.p
      JOIN edge pub ON pub.start_id = r.t AND pub.kind_id = {PublishedTo}
      JOIN node c ON c.id = pub.end_id
      JOIN pw_adcs_enrol en ON en.p = r.p AND en.d = r.d AND en.c = pub.end_id
      JOIN pw_adcs_ntauth nt ON nt.ca = pub.end_id AND nt.domain = r.d
      JOIN pw_adcs_chain chain ON chain.ca = pub.end_id AND chain.domain = r.d
      WHERE r.kind_id = ANY(${ENROLL_RIGHTS}) AND ${is('c', 'isuserspecifiessanenabled')}
        AND ${isNot('t', 'requiresmanagerapproval')} AND ${rules.signaturesOrSchemaOne('t')} AND ${template}
        AND ${rules.fits('t', 'p')} ${dc}`),
  };
}

const esc9Template = `${isNot('t', 'requiresmanagerapproval')} AND ${is('t', 'authenticationenabled')}
  AND ${is('t', 'nosecurityextension')} AND ${isNot('t', 'enrolleesuppliessubject')} AND ${rules.needsNoSignatures('t')}`;
const esc10Template = `${isNot('t', 'requiresmanagerapproval')} AND ${rules.schannel('t')}
  AND ${isNot('t', 'enrolleesuppliessubject')} AND ${rules.needsNoSignatures('t')}`;

/**
 * ADCSESC9a/9b/10a/10b (attacker -> domain): control (GenericAll|GenericWrite|Owns|WriteOwner|WriteDacl) of a
 * victim (a: user or computer; b: computer) that can enrol on a variant template published to a CA it also
 * enrols on, chained to and trusted in the domain, with a forest DC that has weak certificate binding (ESC9) or
 * UPN certificate mapping (ESC10).
 */
function esc9Or10(kind: 'ADCSESC9a' | 'ADCSESC9b' | 'ADCSESC10a' | 'ADCSESC10b'): SqlStep {
  const esc9 = kind.startsWith('ADCSESC9');
  const variantA = kind.endsWith('a');
  const template = `${esc9 ? esc9Template : esc10Template}
    AND ${variantA ? rules.upnOrSpn('t') : is('t', 'subjectaltrequiredns')}`;
  const victims = variantA ? '{User|Computer}' : '{Computer}';
  const dc = esc9 ? rules.weakBinding('dc') : rules.upnMapping('dc');
  return {
    name: kind,
    run: async (raw, context) => insertEdges(await adcsSql(raw), context, kind, `
      WITH victim AS (
        SELECT DISTINCT ctl.start_id AS a, ctl.end_id AS v FROM edge ctl
        JOIN node v ON v.id = ctl.end_id AND v.kind_ids && ${victims}
        WHERE ctl.kind_id = ANY({GenericAll|GenericWrite|Owns|WriteOwner|WriteDacl})),
      published AS (
        SELECT DISTINCT m.member AS v, pub.end_id AS c, chain.domain AS d FROM pw_adcs_member m
        JOIN node vn ON vn.id = m.member
        JOIN edge r ON r.start_id = m.grp AND r.kind_id = ANY(${ENROLL_RIGHTS})
        JOIN node t ON t.id = r.end_id AND {CertTemplate} = ANY(t.kind_ids)
        JOIN edge pub ON pub.start_id = t.id AND pub.kind_id = {PublishedTo}
        JOIN node c ON c.id = pub.end_id AND {EnterpriseCA} = ANY(c.kind_ids)
        JOIN pw_adcs_chain chain ON chain.ca = c.id
        WHERE m.member IN (SELECT v FROM victim) AND ${template}
          AND (NOT ${rules.plainUser('vn')} OR ${rules.validForUser('t')})),
      enrolled AS (
        SELECT DISTINCT m.member AS v, e.end_id AS c FROM pw_adcs_member m
        JOIN edge e ON e.start_id = m.grp AND e.kind_id = {Enroll}
        WHERE m.member IN (SELECT v FROM victim))
      SELECT DISTINCT victim.a AS start_id, published.d AS end_id FROM victim
      JOIN published ON published.v = victim.v
      JOIN enrolled ON enrolled.v = published.v AND enrolled.c = published.c
      JOIN pw_adcs_ntauth nt ON nt.ca = published.c AND nt.domain = published.d
      WHERE ${forestDc('published.d', dc)}`),
  };
}

/**
 * ADCSESC13 (principal -> group): enrolment on a template (issued without approval or signatures, authenticating)
 * whose issuance policy is linked to the group (ExtendedByPolicy, OIDGroupLink), published to a CA the principal
 * enrols on that chains to and is trusted in a domain containing the group.
 */
export const esc13: SqlStep = {
  name: 'ADCSESC13',
  run: async (raw, context) => insertPrincipalEdges(await adcsSql(raw), context, 'ADCSESC13', 'member', `
    WITH policy AS (
      SELECT DISTINCT ebp.start_id AS t, link.end_id AS g FROM edge ebp
      JOIN node ip ON ip.id = ebp.end_id AND {IssuancePolicy} = ANY(ip.kind_ids)
      JOIN edge link ON link.start_id = ip.id AND link.kind_id = {OIDGroupLink}
      WHERE ebp.kind_id = {ExtendedByPolicy}),
    template AS (
      SELECT DISTINCT m.member AS p, t.id AS t, pub.end_id AS c, chain.domain AS d FROM pw_adcs_member m
      JOIN node p ON p.id = m.member
      JOIN edge r ON r.start_id = m.grp AND r.kind_id = ANY(${ENROLL_RIGHTS})
      JOIN node t ON t.id = r.end_id AND {CertTemplate} = ANY(t.kind_ids)
      JOIN edge pub ON pub.start_id = t.id AND pub.kind_id = {PublishedTo}
      JOIN node c ON c.id = pub.end_id AND {EnterpriseCA} = ANY(c.kind_ids)
      JOIN pw_adcs_chain chain ON chain.ca = c.id
      WHERE t.id IN (SELECT t FROM policy) AND ${is('t', 'authenticationenabled')}
        AND ${isNot('t', 'requiresmanagerapproval')} AND ${rules.needsNoSignatures('t')} AND ${rules.fits('t', 'p')}),
    contained AS (
      WITH RECURSIVE up(g, x) AS (
        SELECT DISTINCT g, g FROM policy
        UNION
        SELECT up.g, e.start_id FROM up JOIN edge e ON e.end_id = up.x AND e.kind_id = {Contains})
      SELECT g, x FROM up)
    SELECT DISTINCT template.p AS start_id, policy.g AS end_id FROM template
    JOIN policy ON policy.t = template.t
    JOIN contained ON contained.g = policy.g AND contained.x = template.d
    JOIN pw_adcs_ntauth nt ON nt.ca = template.c AND nt.domain = template.d
    JOIN pw_adcs_member m ON m.member = template.p
    JOIN edge en ON en.start_id = m.grp AND en.kind_id = {Enroll} AND en.end_id = template.c`),
};

export const escSteps: SqlStep[] = [
  goldenCert, esc1, esc3, esc4, esc6('ADCSESC6a'), esc6('ADCSESC6b'),
  esc9Or10('ADCSESC9a'), esc9Or10('ADCSESC9b'), esc9Or10('ADCSESC10a'), esc9Or10('ADCSESC10b'), esc13,
];
