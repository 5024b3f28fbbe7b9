import type { GraphNode } from '../../domain/graph.js';
import { isFalse, issuesAuthenticationCertificates } from './adcs-rules.js';
import {
  CA, MAX_NESTING, certChainToDomain, enrollOnCa, enrollOnTemplate, hop, intersect, isIn, isNode, ntAuthToDomain,
  ofKinds, withSpecialGroups,
} from './adcs-steps.js';
import type { CompositionHandler } from './composition-parts.js';
import { matchPaths } from './path-pattern.js';

/** A template a relayed computer can obtain an authentication certificate from (schema v1, or no signatures). */
function isRelayTemplate(ct: GraphNode): boolean {
  const schema = ct.properties.schemaversion;
  return issuesAuthenticationCertificates(ct)
    && typeof schema === 'number' && (schema <= 1 || ct.properties.authorizedsignatures === 0);
}

function domainSidOf(node: GraphNode): string | undefined {
  const sid = node.properties.domainsid;
  return typeof sid === 'string' && sid !== '' ? sid : undefined;
}

/**
 * CoerceAndRelayNTLMToSMB (Authenticated Users -> target Computer): the target's administrators that can be coerced
 * into authenticating, found inbound from the target: (target)<-[AdminTo]-(principal)<-[MemberOf*0..]-(computer),
 * ending at computers of the Authenticated Users group's domain that do not restrict outbound NTLM (the target
 * itself excluded, as a computer cannot relay to itself).
 */
export const composeRelayToSmb: CompositionHandler = async ({ graph, start, end }) => {
  const domainSid = domainSidOf(start);
  if (domainSid === undefined) return [];
  const admins = await matchPaths(graph, [end], {
    steps: [
      { kinds: ['AdminTo'], direction: 'inbound' },
      { kinds: ['MemberOf'], direction: 'inbound', repeat: MAX_NESTING },
    ],
    endKinds: ['Computer'],
    end: (n) => n.id !== end.id && n.properties.domainsid === domainSid && isFalse(n, 'restrictoutboundntlm'),
  });
  return [admins];
};

/**
 * CoerceAndRelayNTLMToADCS (Authenticated Users -> coerced Computer). In the Authenticated Users group's domain,
 * from the computer (and Authenticated Users / Everyone), over MemberOf*0..:
 * - p1: enrolment rights on a relay-valid template -[PublishedTo]-> an enterprise CA with a vulnerable web
 *   enrolment endpoint, whose chain reaches a root CA of the domain;
 * - p2: Enroll on that CA, trusted for NT auth in the domain.
 */
export const composeRelayToAdcs: CompositionHandler = async ({ graph, start, end }) => {
  const domainSid = domainSidOf(start);
  const domain = domainSid === undefined ? undefined : await graph.store.nodeByObjectId(domainSid);
  if (!domain) return [];
  const principals = [end, ...(await withSpecialGroups(graph.store, start, domain))];
  const templates = await matchPaths(graph, principals, {
    steps: [
      ...enrollOnTemplate(isRelayTemplate),
      hop(['PublishedTo'], ofKinds('EnterpriseCA', (n) => n.properties.hasvulnerableendpoint === true), CA),
      ...certChainToDomain(domain.id),
    ],
    end: isNode(domain.id),
  });
  const templateCas = templates.reached(CA);
  if (templateCas.size === 0) return [];
  const enrolment = await matchPaths(graph, principals, {
    steps: [...enrollOnCa(isIn(templateCas)), ...ntAuthToDomain(isNode(domain.id))],
    end: isNode(domain.id),
  });
  const cas = intersect(templateCas, enrolment.reached(CA));
  return [templates.restrict(CA, cas), enrolment.restrict(CA, cas)];
};
