import type { GraphNode } from '../../domain/graph.js';
import { hasKind, isFalse, isTrue, needsNoSignatures, templateFitsPrincipal } from './adcs-rules.js';
import {
  CA, DOMAIN, MAX_NESTING, TEMPLATE, anyNode, certChainToDomain, enrollOnCa, enrollOnTemplate, hop, intersect, isIn,
  ntAuthToDomain, ofKinds,
} from './adcs-steps.js';
import type { CompositionHandler } from './composition-parts.js';
import { matchPaths } from './path-pattern.js';

/** A template whose certificate authenticates, issued without approval or signatures. */
function isEsc13Template(ct: GraphNode): boolean {
  return isTrue(ct, 'authenticationenabled') && isFalse(ct, 'requiresmanagerapproval') && needsNoSignatures(ct);
}

/**
 * ADCSESC13 (principal -> Group). From the principal:
 * - p1: -MemberOf*0..-> -[Enroll|GenericAll|AllExtendedRights]-> a template -[PublishedTo]-> an enterprise CA
 *   whose chain reaches a root CA of a domain (users only through templates that do not require a DNS name);
 * - p2: -MemberOf*0..-> -[Enroll]-> that CA, trusted for NT auth in that domain (the same CA and domain as p1);
 * - p3: the template -[ExtendedByPolicy]-> an issuance policy -[OIDGroupLink]-> the group;
 * - p4: that domain -[Contains*1..]-> the group.
 */
export const composeEsc13: CompositionHandler = async ({ graph, start, end }) => {
  const templates = await matchPaths(graph, [start], {
    steps: [
      ...enrollOnTemplate((n) => isEsc13Template(n) && templateFitsPrincipal(n, start)),
      hop(['PublishedTo'], ofKinds('EnterpriseCA'), CA),
      ...certChainToDomain(),
    ],
    end: hasKind('Domain'),
  });
  if (templates.isEmpty) return [];
  const policies = await matchPaths(graph, [end], {
    steps: [
      { kinds: ['OIDGroupLink'], direction: 'inbound', toKinds: ['IssuancePolicy'] },
      { kinds: ['ExtendedByPolicy'], direction: 'inbound', to: isIn(templates.reached(TEMPLATE)), as: TEMPLATE },
    ],
    end: anyNode,
  });
  const containers = await matchPaths(graph, [end], {
    steps: [{ kinds: ['Contains'], direction: 'inbound', repeat: MAX_NESTING }],
    end: (n) => hasKind('Domain')(n) && templates.reached(DOMAIN).has(n.id),
  });
  const domains = intersect(templates.reached(DOMAIN), containers.ends());
  const enrolment = await matchPaths(graph, [start], {
    steps: [...enrollOnCa(isIn(templates.reached(CA))), ...ntAuthToDomain(isIn(domains))],
    end: isIn(domains),
  });
  // A CA counts only for a domain it both chains to and is trusted in.
  const kept = templates
    .restrictPairs(CA, DOMAIN, enrolment.pairs(CA, DOMAIN))
    .restrict(TEMPLATE, policies.reached(TEMPLATE));
  if (kept.isEmpty) return [];
  return [
    kept,
    enrolment.restrictPairs(CA, DOMAIN, kept.pairs(CA, DOMAIN)),
    policies.restrict(TEMPLATE, kept.reached(TEMPLATE)),
    containers.endingIn(kept.reached(DOMAIN)),
  ];
};
