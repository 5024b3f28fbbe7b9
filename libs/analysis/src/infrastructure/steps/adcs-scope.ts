import { AdcsPrincipals, rememberAdcsPrincipals } from './adcs-membership.js';
import { adcsSql, adcsText, tempTable as table } from './adcs-sql.js';
import { membershipGraph } from './membership-load.js';
import type { CopyRows, SqlStep } from './step.js';

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
 * Who can use which right, for the ESC steps: the MemberOf graph and the holders of template and CA rights, read
 * once and kept for the run (AdcsPrincipals); nothing is written.
 */
export const adcsPrincipals: SqlStep = {
  name: 'ADCSPrincipals',
  async run(raw, context) {
    const resolve = await adcsText(raw);
    const copyRows: CopyRows = (copy, row) => context.copyRows(resolve(copy), row);
    rememberAdcsPrincipals(context, await AdcsPrincipals.load(await adcsSql(raw), copyRows, await membershipGraph(raw, context)));
    return 0;
  },
};
