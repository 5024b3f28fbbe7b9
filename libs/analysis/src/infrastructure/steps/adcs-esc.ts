import type { NodeSet } from '../../domain/membership/index.js';
import { adcsPrincipals, type AdcsPrincipals, ENROLL_RIGHTS, type TemplateRight } from './adcs-membership.js';
import { adcsSql, insertEdges, is, isNot, rules } from './adcs-sql.js';
import type { RunSql, SqlStep, StepContext } from './step.js';

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

const sigs = rules.signaturesOrSchemaOne('t');
const esc9Template = `${isNot('t', 'requiresmanagerapproval')} AND ${is('t', 'authenticationenabled')}
  AND ${is('t', 'nosecurityextension')} AND ${isNot('t', 'enrolleesuppliessubject')} AND ${rules.needsNoSignatures('t')}`;
const esc10Template = `${isNot('t', 'requiresmanagerapproval')} AND ${rules.schannel('t')}
  AND ${isNot('t', 'enrolleesuppliessubject')} AND ${rules.needsNoSignatures('t')}`;

/**
 * Every template published to an enterprise CA that chains to and is trusted in a domain, as (t, c, d), with the
 * template and CA conditions of each ESC pattern evaluated (few rows: templates x CAs x domains).
 */
const PUBLISHED = `
  SELECT t.id AS t, ca.id AS c, chain.domain AS d, ${rules.validForUser('t')} AS valid_for_user,
    ${rules.esc1('t')} AS esc1,
    (${isNot('t', 'requiresmanagerapproval')} AND ${rules.needsNoSignatures('t')}
      AND EXISTS (SELECT 1 FROM edge eob WHERE eob.start_id = t.id AND eob.kind_id = {EnrollOnBehalfOf})) AS agent,
    (${is('t', 'authenticationenabled')} AND ${isNot('t', 'requiresmanagerapproval')}
      AND EXISTS (SELECT 1 FROM edge eob WHERE eob.end_id = t.id AND eob.kind_id = {EnrollOnBehalfOf})) AS target,
    ${rules.restrictsAgents('ca')} AS restricts,
    (${isNot('t', 'requiresmanagerapproval')} AND ${is('t', 'authenticationenabled')} AND ${sigs}) AS name_flag,
    (${is('t', 'authenticationenabled')} AND ${sigs}) AS enrollment_flag,
    ${is('t', 'enrolleesuppliessubject')} AS supplies_subject,
    (${is('ca', 'isuserspecifiessanenabled')} AND ${isNot('t', 'requiresmanagerapproval')} AND ${sigs}
      AND ${is('t', 'nosecurityextension')} AND ${is('t', 'authenticationenabled')}) AS esc6a,
    (${is('ca', 'isuserspecifiessanenabled')} AND ${isNot('t', 'requiresmanagerapproval')} AND ${sigs}
      AND ${rules.schannel('t')} AND ${forestDc('chain.domain', rules.upnMapping('dc'))}) AS esc6b,
    (${esc9Template} AND ${rules.upnOrSpn('t')} AND ${forestDc('chain.domain', rules.weakBinding('dc'))}) AS esc9a,
    (${esc9Template} AND ${is('t', 'subjectaltrequiredns')} AND ${forestDc('chain.domain', rules.weakBinding('dc'))}) AS esc9b,
    (${esc10Template} AND ${rules.upnOrSpn('t')} AND ${forestDc('chain.domain', rules.upnMapping('dc'))}) AS esc10a,
    (${esc10Template} AND ${is('t', 'subjectaltrequiredns')} AND ${forestDc('chain.domain', rules.upnMapping('dc'))}) AS esc10b,
    (${is('t', 'authenticationenabled')} AND ${isNot('t', 'requiresmanagerapproval')}
      AND ${rules.needsNoSignatures('t')}) AS esc13
  FROM node t
  JOIN edge pub ON pub.start_id = t.id AND pub.kind_id = {PublishedTo}
  JOIN node ca ON ca.id = pub.end_id AND {EnterpriseCA} = ANY(ca.kind_ids)
  JOIN pw_adcs_chain chain ON chain.ca = ca.id
  JOIN pw_adcs_ntauth nt ON nt.ca = ca.id AND nt.domain = chain.domain
  WHERE {CertTemplate} = ANY(t.kind_ids)`;

type Flag = 'valid_for_user' | 'esc1' | 'agent' | 'target' | 'restricts' | 'name_flag' | 'enrollment_flag'
  | 'supplies_subject' | 'esc6a' | 'esc6b' | 'esc9a' | 'esc9b' | 'esc10a' | 'esc10b' | 'esc13';
interface Published { t: number; c: number; d: number; is: (flag: Flag) => boolean }

async function published(sql: RunSql): Promise<Published[]> {
  return (await sql(PUBLISHED)).map((row) => ({
    t: Number(row.t), c: Number(row.c), d: Number(row.d), is: (flag: Flag) => row[flag] === true,
  }));
}

/** Qualifying principals, a set per end node (a domain, or a group for ESC13). */
class PerEnd {
  readonly sets = new Map<number, NodeSet>();
  constructor(private readonly principals: AdcsPrincipals) {}

  add(end: number, set: NodeSet): void {
    const current = this.sets.get(end);
    if (current) current.or(set);
    else this.sets.set(end, set);
  }

  of(end: number): NodeSet {
    return this.sets.get(end) ?? this.principals.none();
  }
}

/**
 * Inserts principal edges, keeping only the outermost qualifying principals: a principal is left out when a group
 * that counts for it gets the same edge, since the path through that group already shows it (as BloodHound keeps
 * the group rather than its members). `within` says which groups count: 'domain' its groups plus those of the
 * Authenticated Users / Everyone groups of its domain and of the target domain, 'member' its MemberOf groups. Of
 * principals that count for each other (Authenticated Users and Everyone, builtin Users holding Authenticated
 * Users, a MemberOf cycle) the one with the lowest node id keeps the edge.
 */
function insertPrincipalEdges(
  sql: RunSql, context: StepContext, kind: string, within: 'domain' | 'member', qualifying: PerEnd,
): Promise<number> {
  const principals = adcsPrincipals(context);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [end, set] of qualifying.sets) {
    const kept = within === 'domain' ? principals.outermost(set, end) : principals.outermostByMembership(set);
    for (const start of kept) {
      starts.push(start);
      ends.push(end);
    }
  }
  return insertEdges(sql, context, kind, `SELECT unnest($2::int8[]) AS start_id, unnest($3::int8[]) AS end_id`,
    [starts, ends]);
}

/** ADCSESC1: enrolment rights on an ESC1 template published to a CA the principal enrols on, chained and trusted. */
export const esc1: SqlStep = {
  name: 'ADCSESC1',
  async run(raw, context) {
    const sql = await adcsSql(raw);
    const m = adcsPrincipals(context);
    const qualifying = new PerEnd(m);
    for (const p of (await published(sql)).filter((row) => row.is('esc1'))) {
      qualifying.add(p.d, m.counting(m.holders(p.t, ENROLL_RIGHTS), p.d).and(m.counting(m.holders(p.c, ['Enroll']), p.d)));
    }
    return insertPrincipalEdges(sql, context, 'ADCSESC1', 'domain', qualifying);
  },
};

/**
 * ADCSESC3: an enrollment-agent template and a target template it can enrol on behalf of (EnrollOnBehalfOf), each
 * enrollable by the principal and published to a usable CA; a CA that restricts enrollment agents needs
 * DelegatedEnrollmentAgent on the target template.
 */
export const esc3: SqlStep = {
  name: 'ADCSESC3',
  async run(raw, context) {
    const sql = await adcsSql(raw);
    const m = adcsPrincipals(context);
    const rows = await published(sql);
    const agents = new Map<string, NodeSet>();
    const targets = new Map<string, NodeSet>();
    const union = (map: Map<string, NodeSet>, key: string, set: NodeSet) => {
      const current = map.get(key);
      if (current) current.or(set);
      else map.set(key, set);
    };
    for (const p of rows) {
      const enrol = m.counting(m.holders(p.c, ['Enroll']), p.d);
      const rights = () => m.counting(m.holders(p.t, ENROLL_RIGHTS), p.d);
      if (p.is('agent')) union(agents, `${p.t}:${p.d}`, rights().and(m.fitting(p.is('valid_for_user'))).and(enrol));
      if (p.is('target')) {
        const delegated = p.is('restricts') ? m.counting(m.holders(p.t, ['DelegatedEnrollmentAgent']), p.d) : m.all();
        union(targets, `${p.t}:${p.d}`, rights().and(enrol).and(delegated));
      }
    }
    const onBehalf = await sql(`SELECT start_id, end_id FROM edge WHERE kind_id = {EnrollOnBehalfOf}`);
    const qualifying = new PerEnd(m);
    for (const [key, agent] of agents) {
      const [t, d] = key.split(':');
      for (const eob of onBehalf.filter((row) => String(row.start_id) === t)) {
        const target = targets.get(`${eob.end_id}:${d}`);
        if (target) qualifying.add(Number(d), agent.clone().and(target));
      }
    }
    return insertPrincipalEdges(sql, context, 'ADCSESC3', 'domain', qualifying);
  },
};

const FULL_CONTROL: TemplateRight[] = ['GenericAll', 'Owns', 'OwnsRaw', 'WriteOwner', 'WriteOwnerRaw', 'WriteDacl'];

/**
 * ADCSESC4: control of a template published to a CA the principal enrols on (trusted in the domain) whose chain
 * reaches the domain: full control, or GenericWrite / the PKI flags plus enrolment rights as esc4.ts states.
 */
export const esc4: SqlStep = {
  name: 'ADCSESC4',
  async run(raw, context) {
    const sql = await adcsSql(raw);
    const m = adcsPrincipals(context);
    const usable = new Map<string, { t: number; d: number; row: Published; enrol: NodeSet }>();
    for (const p of await published(sql)) {
      const key = `${p.t}:${p.d}`;
      const enrol = m.counting(m.holders(p.c, ['Enroll']), p.d);
      const current = usable.get(key);
      if (current) current.enrol.or(enrol);
      else usable.set(key, { t: p.t, d: p.d, row: p, enrol });
    }
    const qualifying = new PerEnd(m);
    for (const { t, d, row, enrol } of usable.values()) {
      const has = (kinds: TemplateRight[]) => m.counting(m.holders(t, kinds), d);
      const enrolment = has(['Enroll', 'AllExtendedRights']);
      const control = has(FULL_CONTROL).or(has(['GenericWrite']).and(enrolment));
      if (row.is('name_flag')) control.or(has(['WritePKINameFlag']).and(enrolment));
      if (row.is('enrollment_flag')) {
        const flag = has(['WritePKIEnrollmentFlag']).and(enrolment);
        control.or(row.is('supplies_subject') ? flag : flag.and(has(['WritePKINameFlag'])));
      }
      qualifying.add(d, control.and(enrol));
    }
    return insertPrincipalEdges(sql, context, 'ADCSESC4', 'domain', qualifying);
  },
};

/**
 * ADCSESC6a / 6b: enrolment on a CA with `isuserspecifiessanenabled` (trusted in the domain) and on a template
 * published to it whose chain reaches the domain; 6a: no security extension; 6b: schannel, and a DC of the forest
 * maps certificates by UPN.
 */
function esc6(kind: 'ADCSESC6a' | 'ADCSESC6b'): SqlStep {
  const flag = kind === 'ADCSESC6a' ? 'esc6a' : 'esc6b';
  return {
    name: kind,
    async run(raw, context) {
      const sql = await adcsSql(raw);
      const m = adcsPrincipals(context);
      const qualifying = new PerEnd(m);
      for (const p of (await published(sql)).filter((row) => row.is(flag))) {
        qualifying.add(p.d, m.counting(m.holders(p.t, ENROLL_RIGHTS), p.d).and(m.fitting(p.is('valid_for_user')))
          .and(m.counting(m.holders(p.c, ['Enroll']), p.d)));
      }
      return insertPrincipalEdges(sql, context, kind, 'domain', qualifying);
    },
  };
}

/**
 * ADCSESC9a/9b/10a/10b (attacker -> domain): control (GenericAll|GenericWrite|Owns|WriteOwner|WriteDacl) of a
 * victim (a: user or computer; b: computer) that can enrol, through its own groups, on a variant template
 * published to a CA it also enrols on, chained to and trusted in the domain, with a forest DC that has weak
 * certificate binding (ESC9) or UPN certificate mapping (ESC10).
 */
function esc9Or10(kind: 'ADCSESC9a' | 'ADCSESC9b' | 'ADCSESC10a' | 'ADCSESC10b'): SqlStep {
  const flag = kind.replace('ADCSESC', 'esc') as Flag;
  const victims = kind.endsWith('a') ? '{User|Computer}' : '{Computer}';
  return {
    name: kind,
    async run(raw, context) {
      const sql = await adcsSql(raw);
      const m = adcsPrincipals(context);
      const victimIds: number[] = [];
      const domains: number[] = [];
      const perDomain = new PerEnd(m);
      for (const p of (await published(sql)).filter((row) => row.is(flag))) {
        perDomain.add(p.d, m.members(m.holders(p.t, ENROLL_RIGHTS)).and(m.fitting(p.is('valid_for_user')))
          .and(m.members(m.holders(p.c, ['Enroll']))));
      }
      for (const [d, set] of perDomain.sets) {
        for (const v of m.idsOf(set)) {
          victimIds.push(v);
          domains.push(d);
        }
      }
      return insertEdges(sql, context, kind, `
        SELECT DISTINCT ctl.start_id, v.d AS end_id FROM unnest($2::int8[], $3::int8[]) AS v(id, d)
        JOIN edge ctl ON ctl.end_id = v.id AND ctl.kind_id = ANY({GenericAll|GenericWrite|Owns|WriteOwner|WriteDacl})
        JOIN node vn ON vn.id = v.id AND vn.kind_ids && ${victims}`, [victimIds, domains]);
    },
  };
}

/**
 * ADCSESC13 (principal -> group): enrolment, through its own groups, on a template (issued without approval or
 * signatures, authenticating) whose issuance policy is linked to the group (ExtendedByPolicy, OIDGroupLink),
 * published to a CA the principal enrols on that chains to and is trusted in a domain containing the group.
 */
export const esc13: SqlStep = {
  name: 'ADCSESC13',
  async run(raw, context) {
    const sql = await adcsSql(raw);
    const m = adcsPrincipals(context);
    const rows = await sql(`
      WITH policy AS (
        SELECT DISTINCT ebp.start_id AS t, link.end_id AS g FROM edge ebp
        JOIN node ip ON ip.id = ebp.end_id AND {IssuancePolicy} = ANY(ip.kind_ids)
        JOIN edge link ON link.start_id = ip.id AND link.kind_id = {OIDGroupLink}
        WHERE ebp.kind_id = {ExtendedByPolicy}),
      contained AS (
        WITH RECURSIVE up(g, x) AS (
          SELECT DISTINCT g, g FROM policy
          UNION
          SELECT up.g, e.start_id FROM up JOIN edge e ON e.end_id = up.x AND e.kind_id = {Contains})
        SELECT g, x FROM up),
      published AS (${PUBLISHED})
      SELECT DISTINCT published.t, published.c, policy.g, published.valid_for_user FROM published
      JOIN policy ON policy.t = published.t
      JOIN contained ON contained.g = policy.g AND contained.x = published.d
      WHERE published.esc13`);
    const qualifying = new PerEnd(m);
    for (const row of rows) {
      qualifying.add(Number(row.g), m.members(m.holders(Number(row.t), ENROLL_RIGHTS))
        .and(m.fitting(row.valid_for_user === true)).and(m.members(m.holders(Number(row.c), ['Enroll']))));
    }
    return insertPrincipalEdges(sql, context, 'ADCSESC13', 'member', qualifying);
  },
};

export const escSteps: SqlStep[] = [
  goldenCert, esc1, esc3, esc4, esc6('ADCSESC6a'), esc6('ADCSESC6b'),
  esc9Or10('ADCSESC9a'), esc9Or10('ADCSESC9b'), esc9Or10('ADCSESC10a'), esc9Or10('ADCSESC10b'), esc13,
];
