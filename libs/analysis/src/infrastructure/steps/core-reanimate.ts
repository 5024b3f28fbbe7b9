import { sql } from '@app/platform';
import { derivedProperties, domainSid, insertEdges } from './core-edges.js';
import { SharedRightsProduct } from './core-cross-product.js';
import { membershipGraph } from './membership-load.js';
import { kindIds, kindText, type SqlStep } from './step.js';

const KINDS = [
  'Domain', 'Container', 'OU', 'User', 'Group', 'Computer', 'ReanimateTombstones', 'CreateChild', 'CreateChildAll',
  'GenericAll', 'GenericWrite', 'WriteOwner', 'WriteDacl', 'Owns', 'WriteRDN', 'WriteCommonName',
];

/** Collected domains, as `d`, that someone may reanimate tombstones in (the first of the three rights). */
const REANIMATED_DOMAIN = `d.kind_ids @> ARRAY[{Domain}]::int2[] AND d.properties -> 'collected' = 'true'::jsonb`;

/** Targets (with their rename-right holders) read, decided and written per round. */
const TARGETS_PER_ROUND = 5_000;

/**
 * Step 13 (`PostCanReanimateTombstone`): in a collected domain, a principal that may reanimate tombstones in the
 * domain (ReanimateTombstones on it), create children in one of its containers or OUs (CreateChild, CreateChildAll,
 * GenericAll, GenericWrite, WriteOwner, WriteDacl or Owns on it) and rename a user, group or computer of it
 * (WriteRDN, WriteCommonName, GenericAll or GenericWrite on it), each directly or through its groups, gets
 * CanReanimateTombstone to that object: it can bring a deleted object back in its place. Outermost principals only,
 * as the reference's cross product. The first two rights are per domain, so they are expanded once per domain
 * (`SharedRightsProduct`); the rename rights are read per target in rounds and cost what their holders cover. Without a
 * ReanimateTombstones holder (the usual case) the step reads nothing more.
 */
export const canReanimateTombstone: SqlStep = canReanimateTombstoneInRounds(TARGETS_PER_ROUND);

/** The step with `targetsPerRound` targets per round (tests take small rounds). */
export function canReanimateTombstoneInRounds(targetsPerRound: number): SqlStep {
  return {
    name: 'CanReanimateTombstone',
    async run(query, context) {
      const text = await kindText(query, KINDS);
      const reanimators = await query(text(`
        SELECT e.end_id AS domain, ${domainSid('d')} AS sid, e.start_id AS principal FROM edge e JOIN node d ON d.id = e.end_id
        WHERE e.kind_id = {ReanimateTombstones} AND ${REANIMATED_DOMAIN}`));
      if (reanimators.length === 0) return 0;
      const domains = [...new Set(reanimators.map((r) => Number(r.domain)))];
      const creators = await query(text(`
        SELECT DISTINCT d.id AS domain, e.start_id AS principal
        FROM node d
        JOIN node c ON c.kind_ids && {Container|OU} AND c.properties ->> 'domainsid' = ${domainSid('d')}
        JOIN edge e ON e.end_id = c.id
          AND e.kind_id = ANY({CreateChild|CreateChildAll|GenericAll|GenericWrite|WriteOwner|WriteDacl|Owns})
        WHERE d.id = ANY($1::int8[])`), [domains]);
      const holdersIn = (rows: typeof reanimators, domain: number) =>
        rows.filter((r) => Number(r.domain) === domain).map((r) => Number(r.principal));
      const graph = await membershipGraph(query, context);
      const products = new Map<number, SharedRightsProduct>();
      for (const domain of domains) {
        const product = new SharedRightsProduct(graph, [holdersIn(reanimators, domain), holdersIn(creators, domain)]);
        if (!product.isEmpty) products.set(domain, product);
      }
      if (products.size === 0) return 0;

      // Targets in rounds of `targetsPerRound`, each written before the next is read: what the run holds follows a
      // round, not the directory (Domain Admins alone gets the edge to every object).
      const kind = (await kindIds(query, ['CanReanimateTombstone'])).get('CanReanimateTombstone')!;
      const properties = derivedProperties(context.now);
      // The domains each target's domainsid names (their SIDs came with the reanimators).
      const domainsOf = new Map<string, number[]>();
      for (const domain of products.keys()) {
        const sid = String(reanimators.find((r) => Number(r.domain) === domain)!.sid);
        domainsOf.set(sid, [...domainsOf.get(sid) ?? [], domain]);
      }
      let written = 0;
      let after = 0;
      for (;;) {
        // The next round's targets by id (a walk of the primary key that stops after a round), then their holders.
        const targets = await query(text(`
          SELECT id, properties ->> 'domainsid' AS sid FROM node
          WHERE id > $1 AND kind_ids && {User|Group|Computer} AND properties ->> 'domainsid' = ANY($2::text[])
          ORDER BY id LIMIT $3`), [after, [...domainsOf.keys()], targetsPerRound]);
        if (targets.length === 0) break;
        const holders = new Map((await query(text(`
          SELECT end_id, array_agg(start_id) AS holders FROM edge
          WHERE end_id = ANY($1::int8[]) AND kind_id = ANY({WriteRDN|WriteCommonName|GenericAll|GenericWrite})
          GROUP BY end_id`), [targets.map((t) => t.id)])).map((row) => [Number(row.end_id), (row.holders as string[]).map(Number)]));
        const starts: number[] = [];
        const ends: number[] = [];
        for (const target of targets) {
          const renamers = holders.get(Number(target.id));
          if (!renamers) continue;
          for (const domain of domainsOf.get(String(target.sid)) ?? []) {
            for (const principal of products.get(domain)!.grantedBy(renamers)) {
              starts.push(principal);
              ends.push(Number(target.id));
            }
          }
        }
        written += await insertEdges(query, kind, properties,
          sql`SELECT unnest(${starts}::int8[]) AS start_id, unnest(${ends}::int8[]) AS end_id`);
        if (targets.length < targetsPerRound) break;
        after = Number(targets[targets.length - 1].id);
      }
      return written;
    },
  };
}
