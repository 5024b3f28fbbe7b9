import { isEsc1Template } from './adcs-rules.js';
import {
  CA, certChainToDomain, enrollOnCa, enrollOnTemplate, hop, intersect, isIn, isNode, ntAuthToDomain, ofKinds, withSpecialGroups,
} from './adcs-steps.js';
import type { CompositionHandler } from './composition-parts.js';
import { matchPaths } from './path-pattern.js';

/**
 * ADCSESC1 (principal -> Domain). From the principal (and Authenticated Users / Everyone):
 * - p1: -MemberOf*0..-> -[GenericAll|Enroll|AllExtendedRights]-> an ESC1 template -[PublishedTo]-> an enterprise
 *   CA whose chain reaches a root CA of the domain;
 * - p2: -MemberOf*0..-> -[Enroll]-> that CA -[TrustedForNTAuth]-> NTAuthStore -[NTAuthStoreFor]-> the domain.
 * Only CAs found by both are kept.
 */
export const composeEsc1: CompositionHandler = async ({ graph, start, end }) => {
  const principals = await withSpecialGroups(graph.store, start, end);
  const templates = await matchPaths(graph, principals, {
    steps: [
      ...enrollOnTemplate(isEsc1Template),
      hop(['PublishedTo'], ofKinds('EnterpriseCA'), CA),
      ...certChainToDomain(end.id),
    ],
    end: isNode(end.id),
  });
  const templateCas = templates.reached(CA);
  if (templateCas.size === 0) return [];
  const enrolment = await matchPaths(graph, principals, {
    steps: [...enrollOnCa(isIn(templateCas)), ...ntAuthToDomain(isNode(end.id))],
    end: isNode(end.id),
  });
  const cas = intersect(templateCas, enrolment.reached(CA));
  return [templates.restrict(CA, cas), enrolment.restrict(CA, cas)];
};
