import type { GraphNode } from '../../domain/graph.js';
import { matchPaths, type PathMatch, type PatternStep, type WalkGraph } from './path-pattern.js';

/** How deep group nesting (MemberOf*) and certificate chains (IssuedSignedBy*) are followed. */
export const MAX_NESTING = 15;

export const ENROLL_RIGHTS = ['GenericAll', 'Enroll', 'AllExtendedRights'] as const;
/** The rights over a principal that let an attacker change what certificate it gets (ESC9, ESC10). */
export const VICTIM_CONTROL = ['GenericAll', 'GenericWrite', 'Owns', 'WriteOwner', 'WriteDacl'] as const;

/** Labels of the hops the compositions correlate on. */
export const TEMPLATE = 'template';
export const CA = 'ca';
export const DOMAIN = 'domain';
export const VICTIM = 'victim';

export const isNode = (id: string) => (node: GraphNode): boolean => node.id === id;
export const isIn = (ids: ReadonlySet<string>) => (node: GraphNode): boolean => ids.has(node.id);
export const anyNode = (): boolean => true;

/** A condition on the node a hop reaches: one of `kinds` (tested without loading it), then `where` on the node. */
export interface NodeTest {
  kinds: readonly string[];
  where?: (node: GraphNode) => boolean;
}

/** A node of one of `kinds` (a string or a list) that satisfies `where`, if given. */
export function ofKinds(kinds: string | readonly string[], where?: (node: GraphNode) => boolean): NodeTest {
  return { kinds: typeof kinds === 'string' ? [kinds] : kinds, where };
}

/** A hop (outbound unless said) to a node that passes `to`: a predicate on the node, or a NodeTest. */
export function hop(
  kinds: readonly string[], to?: ((node: GraphNode) => boolean) | NodeTest, as?: string,
  direction: 'outbound' | 'inbound' = 'outbound',
): PatternStep {
  const test = typeof to === 'function' ? { to } : { toKinds: to?.kinds, to: to?.where };
  return { kinds, direction, ...test, as };
}

/** A principal and the groups it belongs to, at any nesting depth (MemberOf*0..). */
export const memberOfGroups: PatternStep = {
  kinds: ['MemberOf'], direction: 'outbound', repeat: MAX_NESTING, toKinds: ['Group'],
};

/**
 * The enterprise CA's certificate chain up to a root CA trusted by the domain:
 * -[IssuedSignedBy|EnterpriseCAFor*0..]->(EnterpriseCA|AIACA)-[IssuedSignedBy|EnterpriseCAFor]->(RootCA)-[RootCAFor]->.
 */
export function certChainToDomain(domain?: string): PatternStep[] {
  const signed = ['IssuedSignedBy', 'EnterpriseCAFor'];
  return [
    { kinds: signed, direction: 'outbound', repeat: MAX_NESTING, toKinds: ['EnterpriseCA', 'AIACA'] },
    hop(signed, ofKinds('RootCA')),
    hop(['RootCAFor'], domain === undefined ? ofKinds('Domain') : isNode(domain), DOMAIN),
  ];
}

/** The CA is trusted for NT authentication in the domain: -[TrustedForNTAuth]->(NTAuthStore)-[NTAuthStoreFor]->. */
export function ntAuthToDomain(domain: (node: GraphNode) => boolean): PatternStep[] {
  return [hop(['TrustedForNTAuth'], ofKinds('NTAuthStore')), hop(['NTAuthStoreFor'], domain, DOMAIN)];
}

/** Principals: `principal -MemberOf*0..-> -[GenericAll|Enroll|AllExtendedRights]->` a template that satisfies `ct`. */
export function enrollOnTemplate(ct: (node: GraphNode) => boolean): PatternStep[] {
  return [memberOfGroups, hop(ENROLL_RIGHTS, ofKinds('CertTemplate', ct), TEMPLATE)];
}

/** Principals: `principal -MemberOf*0..-> -[Enroll]->` an enterprise CA that satisfies `ca`. */
export function enrollOnCa(ca?: (node: GraphNode) => boolean): PatternStep[] {
  return [memberOfGroups, hop(['Enroll'], ofKinds('EnterpriseCA', ca), CA)];
}

/**
 * The principal plus the Authenticated Users and Everyone groups, which every principal implicitly belongs to (the
 * reference starts its searches from them too). They are found by their well-known objectids in the domains of
 * the given nodes (`<domain SID or name>-S-1-5-11`, `-S-1-1-0`).
 */
export async function withSpecialGroups(
  store: WalkGraph['store'], principal: GraphNode, ...domains: GraphNode[]
): Promise<GraphNode[]> {
  const prefixes = new Set<string>();
  for (const node of [principal, ...domains]) {
    const { domainsid, domain, objectid, name } = node.properties;
    const candidates = node.kinds.includes('Domain') ? [domainsid, objectid, name] : [domainsid, domain];
    candidates.forEach((c) => typeof c === 'string' && c !== '' && prefixes.add(c));
  }
  const objectids = [...prefixes].flatMap((p) => [`${p}-S-1-5-11`, `${p}-S-1-1-0`]);
  const groups = objectids.length > 0 ? await store.nodesByObjectIds(objectids) : [];
  return [principal, ...groups.filter((g) => g.kinds.includes('Group') && g.id !== principal.id)];
}

/**
 * The domain's controllers that satisfy `condition`, in the domain or in domains of its forest:
 * (d)<-[SameForestTrust*0..]-(:Domain)<-[DCFor]-(dc:Computer).
 */
export function domainControllers(
  graph: WalkGraph, domain: GraphNode, condition: (dc: GraphNode) => boolean,
): Promise<PathMatch> {
  return matchPaths(graph, [domain], {
    steps: [
      { kinds: ['SameForestTrust'], direction: 'inbound', repeat: MAX_NESTING, toKinds: ['Domain'] },
      hop(['DCFor'], ofKinds('Computer', condition), undefined, 'inbound'),
    ],
    end: anyNode,
  });
}

export function intersect(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  return new Set([...a].filter((x) => b.has(x)));
}

/** The nodes of a match with the given ids (for starting a next pattern from them). */
export function nodesOf(match: PathMatch, ids: Iterable<string>): GraphNode[] {
  return [...ids].map((id) => match.node(id)).filter((n) => n !== undefined);
}
