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

/** A node id from our own query, written into a COPY statement (which takes no parameters): checked anyway. */
function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`${value} is not an integer id`);
  return String(value);
}

/**
 * Step 13 (`PostCanReanimateTombstone`): in a collected domain, a principal that may reanimate tombstones in the
 * domain (ReanimateTombstones on it), create children in one of its containers or OUs (CreateChild, CreateChildAll,
 * GenericAll, GenericWrite, WriteOwner, WriteDacl or Owns on it) and rename a user, group or computer of it
 * (WriteRDN, WriteCommonName, GenericAll or GenericWrite on it), each directly or through its groups, gets
 * CanReanimateTombstone to that object: it can bring a deleted object back in its place. Outermost principals only,
 * as the reference's cross product. The first two rights are per domain, so they are expanded once per domain
 * (`SharedRightsProduct`); the rename rights are streamed per target and cost what their holders cover. Without a
 * ReanimateTombstones holder (the usual case) the step reads nothing more.
 */
export const canReanimateTombstone: SqlStep = {
  name: 'CanReanimateTombstone',
  async run(query, context) {
    const text = await kindText(query, KINDS);
    const reanimators = await query(text(`
      SELECT e.end_id AS domain, e.start_id AS principal FROM edge e JOIN node d ON d.id = e.end_id
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
    const holders = (rows: typeof reanimators, domain: number) =>
      rows.filter((r) => Number(r.domain) === domain).map((r) => Number(r.principal));
    const graph = await membershipGraph(query, context);
    const products = new Map<number, SharedRightsProduct>();
    for (const domain of domains) {
      const product = new SharedRightsProduct(graph, [holders(reanimators, domain), holders(creators, domain)]);
      if (!product.isEmpty) products.set(domain, product);
    }
    if (products.size === 0) return 0;

    const starts: number[] = [];
    const ends: number[] = [];
    let current = { target: -1, domain: -1 };
    let renamers: number[] = [];
    const flush = () => {
      if (renamers.length === 0) return;
      for (const principal of products.get(current.domain)!.grantedBy(renamers)) {
        starts.push(principal);
        ends.push(current.target);
      }
      renamers = [];
    };
    await context.copyRows(text(`COPY (
      SELECT e.end_id, e.start_id, d.id
      FROM node d
      JOIN node t ON t.kind_ids && {User|Group|Computer} AND t.properties ->> 'domainsid' = ${domainSid('d')}
      JOIN edge e ON e.end_id = t.id AND e.kind_id = ANY({WriteRDN|WriteCommonName|GenericAll|GenericWrite})
      WHERE d.id IN (${[...products.keys()].map(integer).join(', ')})
      ORDER BY 1, 3) TO STDOUT`), (fields) => {
      if (fields[0] !== current.target || fields[2] !== current.domain) {
        flush();
        current = { target: fields[0], domain: fields[2] };
      }
      renamers.push(fields[1]);
    });
    flush();
    const ids = await kindIds(query, ['CanReanimateTombstone']);
    return insertEdges(query, ids.get('CanReanimateTombstone')!, derivedProperties(context.now),
      sql`SELECT unnest(${starts}::int8[]) AS start_id, unnest(${ends}::int8[]) AS end_id`);
  },
};
