import { NodeSet } from '../../domain/membership/index.js';
import { adcsPrincipals, type AdcsPrincipals, ENROLL_RIGHTS } from './adcs-membership.js';
import { adcsSql, insertEdges, is, isNot, numberIs, rules } from './adcs-sql.js';
import { domainSid } from './core-edges.js';
import { membershipGraph } from './membership-load.js';
import type { RunSql, SqlStep, StepContext } from './step.js';

/*
 * The NTLM relay edges (the reference's PostNTLM, step 15, on by default there since its flag went GA): from a
 * domain's Authenticated Users group to a computer an attacker can coerce or relay to. Their compositions are
 * libs/graph's compositions/ntlm-relay.ts.
 */

/** Domain functional levels at which Protected Users does not protect against NTLM relay. */
const VULNERABLE_LEVELS = ['2000 Mixed/Native', '2003 Interim', '2003', '2008', '2008 R2', '2012'];

/** Each domain SID with a Domain node, its Authenticated Users group (the lowest id) and the functional level. */
const DOMAINS = `
  domains AS (
    SELECT DISTINCT ON (sid) sid, au.id AS au, d.properties ->> 'functionallevel' = ANY($1::text[]) AS vulnerable_level
    FROM node d
    CROSS JOIN LATERAL (SELECT ${domainSid('d')} AS sid) s
    JOIN node au ON {Group} = ANY(au.kind_ids) AND au.properties ->> 'domainsid' = s.sid
      AND au.properties ->> 'objectid' LIKE '%-S-1-5-11'
    WHERE {Domain} = ANY(d.kind_ids) AND s.sid IS NOT NULL
    ORDER BY sid, au.id, d.id)`;

/** Computers that can be coerced into NTLM authentication and relayed, as graph indexes and node ids. */
interface Coercible {
  set: NodeSet;
  ids: number[];
}

const KEY = 'ntlm-coercible';

/**
 * Computers whose outbound NTLM is not restricted (`restrictoutboundntlm` present and false: unknown counts as
 * restricted) in a domain with an Authenticated Users group, unless they are in its Protected Users group (-525,
 * transitively) and the domain's functional level makes that group effective. Read once per run.
 */
async function coercible(raw: RunSql, context: StepContext): Promise<Coercible> {
  const known = context.memo?.get(KEY) as Coercible | undefined;
  if (known) return known;
  const sql = await adcsSql(raw);
  const graph = await membershipGraph(raw, context);
  const rows = await sql(`
    WITH ${DOMAINS}
    SELECT c.id, d.sid, coalesce(d.vulnerable_level, false) AS vulnerable_level FROM node c
    JOIN domains d ON d.sid = c.properties ->> 'domainsid'
    WHERE {Computer} = ANY(c.kind_ids) AND ${isNot('c', 'restrictoutboundntlm')}`, [VULNERABLE_LEVELS]);
  const protectedUsers = await sql(`
    SELECT id, properties ->> 'domainsid' AS sid FROM node
    WHERE {Group} = ANY(kind_ids) AND properties ->> 'objectid' LIKE '%-525'`);
  const protectedIn = new Map<string, NodeSet>();
  for (const row of protectedUsers) {
    const at = graph.indexOf(Number(row.id));
    const below = at >= 0 ? graph.below([at]) : NodeSet.empty(graph.size);
    const known = protectedIn.get(row.sid as string);
    if (known) known.or(below);
    else protectedIn.set(row.sid as string, below);
  }
  const result: Coercible = { set: NodeSet.empty(graph.size), ids: [] };
  for (const row of rows) {
    const at = graph.indexOf(Number(row.id));
    if (at < 0) continue;
    if (row.vulnerable_level !== true && protectedIn.get(row.sid as string)?.has(at)) continue;
    result.set.add(at);
    result.ids.push(Number(row.id));
  }
  context.memo?.set(KEY, result);
  return result;
}

/** Inserts (Authenticated Users, computer) edges of `kind` given as parallel id arrays. */
function insertRelayEdges(sql: RunSql, context: StepContext, kind: string, starts: number[], ends: number[]): Promise<number> {
  return insertEdges(sql, context, kind, 'SELECT unnest($2::int8[]) AS start_id, unnest($3::int8[]) AS end_id', [starts, ends]);
}

/**
 * CoerceAndRelayNTLMToSMB: a computer without SMB signing (`smbsigning` false) one of whose administrators
 * (AdminTo, groups expanded over MemberOf) is a coercible computer other than itself. One pass up the MemberOf
 * graph finds, for every principal, up to two coercible computers below it, so each AdminTo edge is one test.
 */
export const relayToSmb: SqlStep = {
  name: 'CoerceAndRelayNTLMToSMB',
  async run(raw, context) {
    const sql = await adcsSql(raw);
    const graph = await membershipGraph(raw, context);
    const { set } = await coercible(raw, context);
    const { first, second } = graph.twoSourcesBelow(set);
    const rows = await sql(`
      WITH ${DOMAINS}
      SELECT t.id AS target, d.au, array_agg(a.start_id) AS admins FROM node t
      JOIN domains d ON d.sid = t.properties ->> 'domainsid'
      JOIN edge a ON a.end_id = t.id AND a.kind_id = {AdminTo}
      WHERE {Computer} = ANY(t.kind_ids) AND ${isNot('t', 'smbsigning')}
      GROUP BY t.id, d.au`, [VULNERABLE_LEVELS]);
    const starts: number[] = [];
    const ends: number[] = [];
    for (const row of rows) {
      const target = graph.indexOf(Number(row.target));
      const relays = (row.admins as string[]).some((admin) => {
        const a = graph.indexOf(Number(admin));
        return a >= 0 && ((first[a] >= 0 && first[a] !== target) || (second[a] >= 0 && second[a] !== target));
      });
      if (relays) {
        starts.push(Number(row.au));
        ends.push(Number(row.target));
      }
    }
    return insertRelayEdges(sql, context, 'CoerceAndRelayNTLMToSMB', starts, ends);
  },
};

/**
 * CoerceAndRelayNTLMToLDAP / ToLDAPS: a coercible computer running the WebClient service (`webclientrunning`), in
 * a domain with a domain controller it can be relayed to other than itself: LDAP without signing
 * (`ldapavailable`, `ldapsigning` false), LDAPS without channel binding (`ldapsavailable`, `ldapsepa` false).
 */
function relayToDirectory(kind: string, dcTest: (dc: string) => string): SqlStep {
  return {
    name: kind,
    async run(raw, context) {
      const sql = await adcsSql(raw);
      const { ids } = await coercible(raw, context);
      const rows = await sql(`
        WITH ${DOMAINS},
        relay AS (
          SELECT dc.properties ->> 'domainsid' AS sid, count(*) AS n, min(dc.id) AS one FROM node dc
          WHERE ${is('dc', 'isdc')} AND ${dcTest('dc')} GROUP BY 1)
        SELECT d.au AS start_id, c.id AS end_id FROM node c
        JOIN domains d ON d.sid = c.properties ->> 'domainsid'
        JOIN relay r ON r.sid = d.sid
        WHERE c.id = ANY($2::int8[]) AND ${is('c', 'webclientrunning')} AND (r.n > 1 OR r.one <> c.id)`,
      [VULNERABLE_LEVELS, ids]);
      return insertRelayEdges(sql, context, kind, rows.map((r) => Number(r.start_id)), rows.map((r) => Number(r.end_id)));
    },
  };
}

export const relayToLdap = relayToDirectory('CoerceAndRelayNTLMToLDAP',
  (dc) => `${is(dc, 'ldapavailable')} AND ${isNot(dc, 'ldapsigning')}`);
export const relayToLdaps = relayToDirectory('CoerceAndRelayNTLMToLDAPS',
  (dc) => `${is(dc, 'ldapsavailable')} AND ${isNot(dc, 'ldapsepa')}`);

/** Templates a relayed computer can enrol on for an authentication certificate. */
const RELAY_TEMPLATE = (t: string) => `(${rules.issuesAuthentication(t)}
  AND (${numberIs(t, 'schemaversion', '<= 1')} OR ${numberIs(t, 'authorizedsignatures', '= 0')}))`;

/** The principals one of `holders` counts for; Authenticated Users or Everyone among them counts for everyone. */
function below(m: AdcsPrincipals, holders: number[]): { set: NodeSet; special: boolean } {
  return { set: m.members(holders), special: holders.some((h) => m.isSpecial(h)) };
}

/**
 * CoerceAndRelayNTLMToADCS (ESC8): a coercible computer that can enrol, on an enterprise CA with a vulnerable web
 * enrolment endpoint (`hasvulnerableendpoint`) that chains to and is trusted in a domain and has an enabled host,
 * on a published relay template. An edge from the Authenticated Users group of each such domain. Enrolment rights:
 * GenericAll, Enroll or AllExtendedRights on the template, Enroll on the CA; where one side's holders include
 * Authenticated Users or Everyone, the other side alone decides (the reference's rule).
 */
export const relayToAdcs: SqlStep = {
  name: 'CoerceAndRelayNTLMToADCS',
  async run(raw, context) {
    const sql = await adcsSql(raw);
    const m = adcsPrincipals(context);
    const { set: coerced } = await coercible(raw, context);
    const rows = await sql(`
      WITH ${DOMAINS}
      SELECT DISTINCT t.id AS t, ca.id AS c, d.au FROM node t
      JOIN edge pub ON pub.start_id = t.id AND pub.kind_id = {PublishedTo}
      JOIN node ca ON ca.id = pub.end_id AND {EnterpriseCA} = ANY(ca.kind_ids) AND ${is('ca', 'hasvulnerableendpoint')}
      JOIN pw_adcs_chain chain ON chain.ca = ca.id
      JOIN pw_adcs_ntauth nt ON nt.ca = ca.id AND nt.domain = chain.domain
      JOIN node dn ON dn.id = chain.domain
      JOIN domains d ON d.sid = ${domainSid('dn')}
      WHERE {CertTemplate} = ANY(t.kind_ids) AND ${RELAY_TEMPLATE('t')}
        AND EXISTS (SELECT 1 FROM edge host JOIN node h ON h.id = host.start_id
          WHERE host.end_id = ca.id AND host.kind_id = {HostsCAService} AND ${is('h', 'enabled')})`, [VULNERABLE_LEVELS]);
    const victimsByAu = new Map<number, NodeSet>();
    for (const row of rows) {
      const template = below(m, m.holders(Number(row.t), ENROLL_RIGHTS));
      const ca = below(m, m.holders(Number(row.c), ['Enroll']));
      let victims: NodeSet;
      if (!template.special && !ca.special) victims = template.set.and(ca.set);
      else {
        victims = m.none();
        if (template.special) victims.or(ca.set);
        if (ca.special) victims.or(template.set);
      }
      victims.and(coerced);
      const au = Number(row.au);
      const known = victimsByAu.get(au);
      if (known) known.or(victims);
      else victimsByAu.set(au, victims);
    }
    const starts: number[] = [];
    const ends: number[] = [];
    for (const [au, victims] of victimsByAu) {
      for (const id of m.idsOf(victims)) {
        starts.push(au);
        ends.push(id);
      }
    }
    return insertRelayEdges(sql, context, 'CoerceAndRelayNTLMToADCS', starts, ends);
  },
};

/** The reference's PostNTLM order: SMB, then LDAP and LDAPS, then ADCS. */
export const NTLM_STEPS: SqlStep[] = [relayToSmb, relayToLdap, relayToLdaps, relayToAdcs];
