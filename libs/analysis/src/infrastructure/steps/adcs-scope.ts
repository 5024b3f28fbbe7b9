import { adcsSql, tempTable as table } from './adcs-sql.js';
import type { SqlStep } from './step.js';

/** Rights on certificate templates and enterprise CAs that some ESC pattern follows. */
const TEMPLATE_RIGHTS = `{Enroll|GenericAll|AllExtendedRights|GenericWrite|WriteDacl|Owns|OwnsRaw|WriteOwner|WriteOwnerRaw|
  WritePKINameFlag|WritePKIEnrollmentFlag|DelegatedEnrollmentAgent}`.replace(/\s/g, '');

/** Domains a CA chains to, principals, and the special groups of each principal and of each domain. */
const SCOPE = `
      domains AS (SELECT domain AS d FROM pw_adcs_chain UNION SELECT domain FROM pw_adcs_ntauth),
      principal AS (SELECT id AS p, properties FROM node WHERE kind_ids && {User|Computer|Group}),
      special AS (
        SELECT g.id AS s, g.properties ->> 'objectid' AS objectid FROM node g
        WHERE {Group} = ANY(g.kind_ids)
          AND (g.properties ->> 'objectid' LIKE '%-S-1-5-11' OR g.properties ->> 'objectid' LIKE '%-S-1-1-0')),
      principal_special AS (
        SELECT DISTINCT principal.p, special.s FROM principal
        CROSS JOIN LATERAL (VALUES (principal.properties ->> 'domainsid'), (principal.properties ->> 'domain')) v(prefix)
        JOIN special ON special.objectid IN (v.prefix || '-S-1-5-11', v.prefix || '-S-1-1-0')
        WHERE coalesce(v.prefix, '') <> '' AND special.s <> principal.p),
      domain_special AS (
        SELECT DISTINCT domains.d, special.s FROM domains JOIN node dn ON dn.id = domains.d
        CROSS JOIN LATERAL (VALUES (dn.properties ->> 'domainsid'), (dn.properties ->> 'objectid'),
          (dn.properties ->> 'name')) v(prefix)
        JOIN special ON special.objectid IN (v.prefix || '-S-1-5-11', v.prefix || '-S-1-1-0')
        WHERE coalesce(v.prefix, '') <> '')`;

/**
 * The certificate chains (temporary tables, dropped at commit), after TrustedForNTAuth, IssuedSignedBy and
 * EnterpriseCAFor exist:
 * - pw_adcs_chain(ca, domain): -[IssuedSignedBy|EnterpriseCAFor*0..]->(EnterpriseCA|AIACA)
 *   -[IssuedSignedBy|EnterpriseCAFor]->(RootCA)-[RootCAFor]->(Domain);
 * - pw_adcs_ntauth(ca, domain): -[TrustedForNTAuth]->(NTAuthStore)-[NTAuthStoreFor]->(Domain);
 * - pw_adcs_forest(d, x): the domains x with x -[SameForestTrust*0..]-> d, whose DCs count for d.
 */
export const adcsChains: SqlStep = {
  name: 'ADCSChains',
  async run(raw) {
    const sql = await adcsSql(raw);
    await table(sql, 'pw_adcs_chain', `
      WITH RECURSIVE up(ca, node) AS (
        SELECT id, id FROM node WHERE {EnterpriseCA} = ANY(kind_ids)
        UNION
        SELECT up.ca, e.end_id FROM up
        JOIN edge e ON e.start_id = up.node AND e.kind_id IN ({IssuedSignedBy}, {EnterpriseCAFor})
        JOIN node n ON n.id = e.end_id AND n.kind_ids && {EnterpriseCA|AIACA})
      SELECT DISTINCT up.ca, d.id AS domain FROM up
      JOIN edge signed ON signed.start_id = up.node AND signed.kind_id IN ({IssuedSignedBy}, {EnterpriseCAFor})
      JOIN node root ON root.id = signed.end_id AND {RootCA} = ANY(root.kind_ids)
      JOIN edge root_for ON root_for.start_id = root.id AND root_for.kind_id = {RootCAFor}
      JOIN node d ON d.id = root_for.end_id AND {Domain} = ANY(d.kind_ids)`, 'ca, domain');
    await table(sql, 'pw_adcs_ntauth', `
      SELECT DISTINCT ca.id AS ca, d.id AS domain FROM node ca
      JOIN edge trusted ON trusted.start_id = ca.id AND trusted.kind_id = {TrustedForNTAuth}
      JOIN node store ON store.id = trusted.end_id AND {NTAuthStore} = ANY(store.kind_ids)
      JOIN edge store_for ON store_for.start_id = store.id AND store_for.kind_id = {NTAuthStoreFor}
      JOIN node d ON d.id = store_for.end_id AND {Domain} = ANY(d.kind_ids)
      WHERE {EnterpriseCA} = ANY(ca.kind_ids)`, 'ca, domain');
    await table(sql, 'pw_adcs_forest', `
      WITH RECURSIVE forest(d, x) AS (
        SELECT domain, domain FROM pw_adcs_chain
        UNION
        SELECT forest.d, e.start_id FROM forest
        JOIN edge e ON e.end_id = forest.x AND e.kind_id = {SameForestTrust}
        JOIN node n ON n.id = e.start_id AND {Domain} = ANY(n.kind_ids))
      SELECT d, x FROM forest`, 'd');
    return 0;
  },
};

/**
 * Who holds what, for the ESC statements (temporary tables, dropped at commit). Principals are users, computers
 * and groups:
 * - pw_adcs_member(member, grp): the principal itself and the groups it reaches over MemberOf (any depth);
 * - pw_adcs_eff(p, d, h): for each domain a CA chains to, the principals whose rights count for `p` against `d`:
 *   its groups plus the Authenticated Users / Everyone groups (`<prefix>-S-1-5-11`, `-S-1-1-0` for the
 *   principal's domainsid / domain and the domain's domainsid / objectid / name) and their groups, as
 *   withSpecialGroups does; only principals that hold a right on a template or enterprise CA are kept;
 * - pw_adcs_outer(p, d, g): the groups other than `p` in that set, unfiltered (for keeping the outermost edges);
 * - pw_adcs_enrol(p, d, c): Enroll on an enterprise CA through pw_adcs_eff;
 * - pw_adcs_rights(p, d, t, kind_id): rights on certificate templates through pw_adcs_eff.
 */
export const adcsPrincipals: SqlStep = {
  name: 'ADCSPrincipals',
  async run(raw) {
    const sql = await adcsSql(raw);
    await table(sql, 'pw_adcs_member', `
      WITH RECURSIVE m(member, grp) AS (
        SELECT id, id FROM node WHERE kind_ids && {User|Computer|Group}
        UNION
        SELECT m.member, e.end_id FROM m
        JOIN edge e ON e.start_id = m.grp AND e.kind_id = {MemberOf}
        JOIN node g ON g.id = e.end_id AND {Group} = ANY(g.kind_ids))
      SELECT member, grp FROM m`, 'member');
    await sql(`CREATE INDEX ON pw_adcs_member (grp)`);
    await table(sql, 'pw_adcs_eff', `
      WITH holder AS (
        SELECT DISTINCT e.start_id AS h FROM edge e
        JOIN node target ON target.id = e.end_id AND target.kind_ids && {CertTemplate|EnterpriseCA}
        WHERE e.kind_id = ANY(${TEMPLATE_RIGHTS})),
      ${SCOPE}
      SELECT m.member AS p, domains.d, m.grp AS h
        FROM pw_adcs_member m JOIN holder ON holder.h = m.grp CROSS JOIN domains
      UNION
      SELECT ps.p, domains.d, m.grp
        FROM principal_special ps JOIN pw_adcs_member m ON m.member = ps.s JOIN holder ON holder.h = m.grp
        CROSS JOIN domains
      UNION
      SELECT principal.p, ds.d, m.grp
        FROM domain_special ds JOIN pw_adcs_member m ON m.member = ds.s JOIN holder ON holder.h = m.grp
        CROSS JOIN principal WHERE principal.p <> ds.s`, 'p, d');
    await table(sql, 'pw_adcs_outer', `
      WITH ${SCOPE}
      SELECT DISTINCT eff_all.p, eff_all.d, eff_all.g FROM (
        SELECT m.member AS p, domains.d, m.grp AS g FROM pw_adcs_member m CROSS JOIN domains
        UNION ALL
        SELECT ps.p, domains.d, m.grp FROM principal_special ps JOIN pw_adcs_member m ON m.member = ps.s CROSS JOIN domains
        UNION ALL
        SELECT principal.p, ds.d, m.grp FROM domain_special ds JOIN pw_adcs_member m ON m.member = ds.s
        CROSS JOIN principal
      ) eff_all WHERE eff_all.g <> eff_all.p`, 'p, d, g');
    await table(sql, 'pw_adcs_enrol', `
      SELECT DISTINCT eff.p, eff.d, e.end_id AS c FROM pw_adcs_eff eff
      JOIN edge e ON e.start_id = eff.h AND e.kind_id = {Enroll}
      JOIN node ca ON ca.id = e.end_id AND {EnterpriseCA} = ANY(ca.kind_ids)`, 'p, d, c');
    await table(sql, 'pw_adcs_rights', `
      SELECT DISTINCT eff.p, eff.d, e.end_id AS t, e.kind_id FROM pw_adcs_eff eff
      JOIN edge e ON e.start_id = eff.h AND e.kind_id = ANY(${TEMPLATE_RIGHTS})
      JOIN node ct ON ct.id = e.end_id AND {CertTemplate} = ANY(ct.kind_ids)`, 'p, d, t');
    return 0;
  },
};
