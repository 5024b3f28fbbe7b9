import type { GraphNode } from '../../domain/graph.js';
import type { Hop } from '../graph-walks.js';
import {
  hasKind, isFalse, isTrue, needsNoSignatures, restrictsEnrollmentAgents, templateFitsPrincipal,
} from './adcs-rules.js';
import {
  CA, TEMPLATE, anyNode, certChainToDomain, enrollOnCa, enrollOnTemplate, hop, intersect, isIn, isNode, memberOfGroups,
  nodesOf, ntAuthToDomain, withSpecialGroups,
} from './adcs-steps.js';
import { edgesPiece, type CompositionHandler } from './composition-parts.js';
import { matchPaths, type PatternStep } from './path-pattern.js';

/** The enrollment-agent template: issued without approval and without signatures. */
function isAgentTemplate(ct: GraphNode): boolean {
  return isFalse(ct, 'requiresmanagerapproval') && needsNoSignatures(ct);
}

/** The target template, requested on behalf of another principal: authenticates, no approval. */
function isTargetTemplate(ct: GraphNode): boolean {
  return isTrue(ct, 'authenticationenabled') && isFalse(ct, 'requiresmanagerapproval');
}

/**
 * ADCSESC3 (principal -> Domain). From the principal (and Authenticated Users / Everyone), over MemberOf*0..:
 * - p4/p5: Enroll on enterprise CAs, kept when p6/p7 hold: the CA chains to a root CA of the domain;
 * - p1: enrolment rights on an enrollment-agent template published to such a CA, trusted for NT auth in the domain;
 * - p3: that template -[EnrollOnBehalfOf]-> a target template;
 * - p2: enrolment rights on the target template, published to such a CA, trusted for NT auth in the domain;
 * - p8: when the target's CA restricts enrollment agents, -[DelegatedEnrollmentAgent]-> the target template.
 */
export const composeEsc3: CompositionHandler = async ({ graph, start, end }) => {
  const principals = await withSpecialGroups(graph.store, start, end);
  const enrolment = await matchPaths(graph, principals, { steps: enrollOnCa(), end: anyNode });
  const enrollable = nodesOf(enrolment, enrolment.reached(CA));
  if (enrollable.length === 0) return [];
  const chains = await matchPaths(graph, enrollable, { steps: certChainToDomain(end.id), end: isNode(end.id) });
  const usable = chains.sources();
  /** -[PublishedTo]-> a usable CA, trusted for NT auth in the domain. */
  const onTrustedCa = (via?: (hop: Hop) => boolean): PatternStep[] =>
    [{ ...hop(['PublishedTo'], isIn(usable), CA), via }, ...ntAuthToDomain(isNode(end.id))];

  const agents = await matchPaths(graph, principals, {
    steps: [
      ...enrollOnTemplate((n) => isAgentTemplate(n) && templateFitsPrincipal(n, start)),
      ...onTrustedCa(),
    ],
    end: isNode(end.id),
  });
  if (agents.isEmpty) return [];
  const onBehalf = await graph.store.neighbours([...agents.reached(TEMPLATE)], 'outbound', ['EnrollOnBehalfOf']);
  const candidates = new Set(onBehalf.nodes.filter(hasKind('CertTemplate')).map((n) => n.id));

  const restricted = new Set(enrollable.filter(restrictsEnrollmentAgents).map((n) => n.id));
  const delegation = await matchPaths(graph, principals, {
    steps: [memberOfGroups, hop(['DelegatedEnrollmentAgent'], isIn(candidates), TEMPLATE)],
    end: anyNode,
  });
  const delegated = delegation.reached(TEMPLATE);
  const targets = await matchPaths(graph, principals, {
    steps: [
      ...enrollOnTemplate((n) => candidates.has(n.id) && isTargetTemplate(n)),
      ...onTrustedCa((published) => !restricted.has(published.endId) || delegated.has(published.startId)),
    ],
    end: isNode(end.id),
  });

  const agentTemplates = agents.reached(TEMPLATE);
  const targetTemplates = targets.reached(TEMPLATE);
  const pairs = onBehalf.edges.filter((e) => agentTemplates.has(e.startId) && targetTemplates.has(e.endId));
  if (pairs.length === 0) return [];
  const keptAgents = agents.restrict(TEMPLATE, new Set(pairs.map((e) => e.startId)));
  const keptTargets = targets.restrict(TEMPLATE, new Set(pairs.map((e) => e.endId)));
  const cas = new Set([...keptAgents.reached(CA), ...keptTargets.reached(CA)]);
  const delegatedTargets = new Set(keptTargets.hops(CA).filter((e) => restricted.has(e.endId)).map((e) => e.startId));
  return [
    keptAgents,
    keptTargets,
    edgesPiece(pairs, (id) => keptAgents.node(id) ?? keptTargets.node(id)),
    enrolment.restrict(CA, cas),
    chains.from(intersect(cas, usable)),
    delegation.restrict(TEMPLATE, delegatedTargets),
  ];
};
